/** The value under `key`, created with `make` and stored on first use (maps and weak maps alike). */
export function getOrCreate<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * An object keyed by names from outside (skills, sessions, agents, JSON
 * keys): no prototype, so `__proto__`, `constructor` or `toString` are plain
 * keys like any other instead of reaching Object.prototype.
 */
export function nameKeyed<T>(entries?: Iterable<readonly [string, T]>): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  if (entries) for (const [k, v] of entries) out[k] = v;
  return out;
}

/** The value stored under `key` itself, never one inherited (`constructor`, `__proto__`). */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Store `value` under `key` as a plain own property, even when `key` is `__proto__` and `record` has a prototype. */
export function putOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}

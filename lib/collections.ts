/** The value under `key`, created with `make` and stored on first use (maps and weak maps alike). */
export function getOrCreate<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** One value per process under `key` on globalThis: Next.js may load a module more than once (the start-up hook, the routes). */
export function processWide<T>(key: string, make: () => T): T {
  const holder = globalThis as Record<string, unknown>;
  if (!(key in holder)) holder[key] = make();
  return holder[key] as T;
}

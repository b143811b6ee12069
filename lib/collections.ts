/** The value under `key`, created with `make` and stored on first use (maps and weak maps alike). */
export function getOrCreate<K, V>(map: { get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

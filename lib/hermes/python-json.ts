/**
 * JSON as Python's `json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)` writes it, byte for byte
 * (curator spec §2.4): keys sorted by Unicode code point at every level (JS's default sort compares UTF-16 units and
 * misorders astral characters), non-ASCII raw, no trailing newline. Written by hand because JS objects put
 * integer-like keys first whatever order they were inserted in.
 */
export function pythonJson(value: unknown): string {
  return dump(value, "");
}

/** Compare two strings by code point, as Python sorts them. */
export function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(j) as number;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return a.length - i - (b.length - j);
}

const SURROGATE = /[\uD800-\uDFFF]/;

function dump(value: unknown, pad: string): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return pythonNumber(value);
  if (typeof value === "string") return JSON.stringify(value); // the same escapes as Python's: \" \\ \n \t \r \b \f, \u00xx below U+0020
  if (typeof value !== "object") throw new TypeError(`cannot write a ${typeof value} as JSON`);
  const inner = `${pad}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((v) => inner + dump(v, inner)).join(",\n")}\n${pad}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  // UTF-16 order is code point order unless a key holds a surrogate: the plain comparison is the fast path.
  const astral = entries.some(([k]) => SURROGATE.test(k));
  entries.sort(astral ? ([a], [b]) => compareCodePoints(a, b) : ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${dump(v, inner)}`).join(",\n")}\n${pad}}`;
}

/** Python's repr of a number: integers plain, floats shortest round-trip with Python's exponent form (1e-05, 1.5e+16). */
function pythonNumber(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? "NaN" : n > 0 ? "Infinity" : "-Infinity";
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return String(n);
  const [mantissa, exponentText] = n.toExponential().split("e");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  return String(n);
}

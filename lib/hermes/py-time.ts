/**
 * Timestamps as Hermes writes and reads them (curator spec §2.5): Python's
 * aware-UTC `isoformat()` on write, what `datetime.fromisoformat` accepts on
 * read. Parsed instants keep microseconds (as fractional milliseconds).
 */

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`; a millisecond clock gives `.mmm000`; a zero fraction is left out. */
export function formatPyTime(ms: number): string {
  const d = new Date(Math.floor(ms));
  const base = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const millis = d.getUTCMilliseconds();
  return `${base}${millis ? `.${pad(millis, 3)}000` : ""}+00:00`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?)?(Z|[+-]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?)?$/;

/** Epoch milliseconds (with microseconds as a fraction), or null for anything `fromisoformat` would refuse or a non-string. */
export function parsePyTime(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = ISO.exec(value);
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", frac = "", offset] = m;
  const fields = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)];
  const [year, month, day, hour, minute, second] = fields;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null; // 2026-02-30
  const micros = frac ? Number(frac.padEnd(6, "0")) : 0;
  let offsetMs = 0;
  if (offset && offset !== "Z") {
    const [oh, om, os = "0"] = offset.slice(1).split(":");
    if (Number(oh) > 23 || Number(om) > 59) return null;
    offsetMs = (Number(oh) * 3600 + Number(om) * 60 + Number.parseFloat(os)) * 1000 * (offset[0] === "-" ? -1 : 1);
  }
  return utc + micros / 1000 - offsetMs;
}

/** UTC calendar day (YYYY-MM-DD) of an epoch-millisecond instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * The instants a log entry may carry: years 2000 to 2100. Anything outside is
 * a typo or an attack, and far outside it a Date cannot even represent (a
 * default range computed from it would throw). Every date a client sends is
 * checked against these.
 */
export const EARLIEST_LOG_MS = Date.UTC(2000, 0, 1);
export const LATEST_LOG_MS = Date.UTC(2101, 0, 1);
export const LOG_YEARS_TEXT = "between 2000 and 2100";

export function isLoggableInstant(ms: number): boolean {
  return ms >= EARLIEST_LOG_MS && ms < LATEST_LOG_MS;
}

/** An instant (epoch ms or an ISO string) to the minute, as every page writes it: `YYYY-MM-DD HH:MM` (UTC). */
export function minuteText(at: number | string): string {
  const iso = typeof at === "number" ? new Date(at).toISOString() : at;
  return iso.slice(0, 16).replace("T", " ");
}

/** The same to the second (a decision's instant): `YYYY-MM-DD HH:MM:SS` (UTC). */
export function secondText(at: number | string): string {
  const iso = typeof at === "number" ? new Date(at).toISOString() : at;
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

import { DAY_MS, utcDay } from "@/lib/base/time";
import { DECISION_OUTCOMES } from "@/lib/vocab/reason-codes";
import type { DayRow } from "../_components/outcome-chart";

/** One row per UTC day of the range (days without decisions at zero), a count per outcome. */
export function perDay(rows: { day: string; outcome: string; count: number }[], fromIso: string, toIso: string): DayRow[] {
  const days = new Map<string, DayRow>();
  const zero = () => Object.fromEntries(DECISION_OUTCOMES.map((o) => [o, 0]));
  for (let t = Date.parse(fromIso.slice(0, 10)); t < Date.parse(toIso) && days.size < 400; t += DAY_MS) {
    const day = utcDay(t);
    days.set(day, { day, ...zero() });
  }
  for (const r of rows) {
    const d = days.get(r.day) ?? { day: r.day, ...zero() };
    d[r.outcome] = Number(d[r.outcome] ?? 0) + r.count;
    days.set(r.day, d);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

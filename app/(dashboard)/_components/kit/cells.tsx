import type { ReactNode } from "react";
import { minuteText } from "@/lib/base/time";

/** An instant as the dashboard writes it everywhere: `YYYY-MM-DD HH:MM` (UTC), or `never` when there is none. */
export function When({ at, never = "never" }: { at: number | string | null | undefined; never?: string }) {
  if (at === null || at === undefined) return <span className="muted">{never}</span>;
  const text = minuteText(at);
  return <time dateTime={typeof at === "number" ? new Date(at).toISOString() : at}>{text}</time>;
}

/** A count or figure in the dashboard's one number style (thousands separated), `–` when unknown. */
export function Num({ value, digits }: { value: number | null | undefined; digits?: number }) {
  if (value === null || value === undefined || !Number.isFinite(value)) return <span className="muted">–</span>;
  return <>{value.toLocaleString("en", digits === undefined ? undefined : { minimumFractionDigits: digits, maximumFractionDigits: digits })}</>;
}

/** A small label beside a value: `pinned`, `disabled`, a source. */
export function Badge({ children, kind, title }: { children: ReactNode; kind?: "pinned" | "warning"; title?: string }) {
  return (
    <span className={kind ? `badge badge-${kind}` : "badge"} title={title}>
      {children}
    </span>
  );
}

import Link from "next/link";
import { TrendLine } from "./kit/trend-line";

/** A figure with its label, and its trend over the range when given; a link when it filters something or leads closer. */
export function Stat({
  label,
  value,
  href,
  testId,
  active,
  trend,
  trendLabel,
}: {
  label: string;
  value: number | string | null;
  href?: string;
  testId?: string;
  active?: boolean;
  /** Per-day values, oldest first; null where a day has none. */
  trend?: (number | null)[];
  trendLabel?: string;
}) {
  const body = (
    <>
      <span className="stat-value">{value ?? "–"}</span>
      <span className="stat-label">{label}</span>
      {trend && trend.length > 1 && <TrendLine values={trend} label={trendLabel ?? `${label}, per day`} />}
    </>
  );
  return href ? (
    <Link className="stat" href={href} data-testid={testId} aria-current={active ? "true" : undefined}>
      {body}
    </Link>
  ) : (
    <div className="stat" data-testid={testId}>
      {body}
    </div>
  );
}

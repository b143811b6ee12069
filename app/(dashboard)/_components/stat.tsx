import Link from "next/link";

/** A figure with its label; a link when it filters something. */
export function Stat({
  label,
  value,
  href,
  testId,
  active,
}: {
  label: string;
  value: number | string | null;
  href?: string;
  testId?: string;
  active?: boolean;
}) {
  const body = (
    <>
      <span className="stat-value">{value ?? "–"}</span>
      <span className="stat-label">{label}</span>
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

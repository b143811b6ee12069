import Link from "next/link";

/** Fail-open reasons as bars; each row links to the decisions with that reason. */
export function ReasonTable({ byReason, hrefFor, active }: { byReason: Record<string, number>; hrefFor: (reason: string) => string; active?: string }) {
  const rows = Object.entries(byReason).sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) return <p className="muted">No fail-open decisions in this range.</p>;
  const max = Math.max(...rows.map(([, n]) => n));
  return (
    <table className="reasons" data-testid="reason-breakdown">
      <tbody>
        {rows.map(([reason, n]) => (
          <tr key={reason} aria-current={active === reason ? "true" : undefined}>
            <th scope="row">
              <Link href={hrefFor(reason)}>{reason}</Link>
            </th>
            <td className="bar-cell">
              <span className="bar" style={{ width: `${(100 * n) / max}%` }} />
            </td>
            <td className="num">{n}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import Link from "next/link";
import { INTENDED_SKIPS, SERVICE_FAULTS, UNKNOWN_REASON } from "@/lib/vocab/reason-codes";

const GROUPS = [
  { id: "intended", title: "Intended skips", codes: INTENDED_SKIPS as readonly string[] },
  { id: "faults", title: "Service faults", codes: SERVICE_FAULTS as readonly string[] },
  { id: "unknown", title: "No reason recorded (older rows)", codes: [UNKNOWN_REASON] as readonly string[] },
];

/**
 * Fail-open reasons as bars, intended skips (privacy, the catalog) apart from
 * service faults (the judge or the way to it), each group with its total:
 * what an operator separates before touching budgets or thresholds. Each row
 * links to the decisions with that reason.
 */
export function ReasonTable({ byReason, hrefFor, active }: { byReason: Record<string, number>; hrefFor: (reason: string) => string; active?: string }) {
  const rows = Object.entries(byReason).sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) return <p className="muted">No fail-open decisions in this range.</p>;
  const max = Math.max(...rows.map(([, n]) => n));
  return (
    <table className="reasons" data-testid="reason-breakdown">
      {GROUPS.map((group) => {
        const inGroup = rows.filter(([reason]) => group.codes.includes(reason));
        if (inGroup.length === 0) return null;
        return (
          <tbody key={group.id} data-testid={`reasons-${group.id}`}>
            <tr>
              <th scope="rowgroup" colSpan={2} className="reason-group">
                {group.title}
              </th>
              <td className="num reason-group">{inGroup.reduce((n, [, count]) => n + count, 0)}</td>
            </tr>
            {inGroup.map(([reason, n]) => (
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
        );
      })}
    </table>
  );
}

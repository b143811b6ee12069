"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DAY_MS, utcDay } from "@/lib/time";
import { DECISION_OUTCOMES, DECISION_STATUSES, REASON_CODES, UNKNOWN_REASON } from "@/lib/vocab/reason-codes";
import { loadDecisionSummary } from "./actions";
import type { DecisionsView } from "./search-params";

const STATUS_COLORS: Record<string, string> = { ok: "#2f7d4f", fail_open: "#c2572b" };

export function DecisionsClient({ view }: { view: DecisionsView }) {
  const router = useRouter();
  const pathname = usePathname();
  const query = useQuery({ queryKey: ["decision-summary", view], queryFn: () => loadDecisionSummary(view) });

  function setView(patch: Partial<DecisionsView>) {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...view, ...patch })) if (v) next.set(k, v);
    router.replace(next.size ? `${pathname}?${next}` : pathname);
  }

  const data = query.data;
  return (
    <section>
      <h1>Decisions</h1>
      <form className="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          From <input type="date" name="from" value={view.from ?? data?.from.slice(0, 10) ?? ""} onChange={(e) => setView({ from: e.target.value || undefined })} />
        </label>
        <label>
          To <input type="date" name="to" value={view.to ?? lastDay(data?.to) ?? ""} onChange={(e) => setView({ to: e.target.value || undefined })} />
        </label>
        <label>
          Status{" "}
          <select name="status" aria-label="Status" value={view.status ?? ""} onChange={(e) => setView({ status: (e.target.value || undefined) as DecisionsView["status"] })}>
            <option value="">all</option>
            {DECISION_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Reason{" "}
          <select name="reason" aria-label="Reason" value={view.reason ?? ""} onChange={(e) => setView({ reason: (e.target.value || undefined) as DecisionsView["reason"] })}>
            <option value="">all</option>
            {[...REASON_CODES, UNKNOWN_REASON].map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
      </form>

      {query.isError && <p role="alert">Could not load decisions. Is the database file writable?</p>}
      {!data && !query.isError && <p aria-busy="true">Loading…</p>}
      {data && data.total === 0 && (
        <div className="empty" data-testid="decisions-empty">
          <p>
            No decisions between {data.from.slice(0, 10)} and {data.to.slice(0, 10)}.
          </p>
          <p>
            Decisions appear here when an agent calls <code>POST /api/pick-skill</code> or you run <code>npx jev pick-skill</code>. Widen the
            date range if you expected some.
          </p>
        </div>
      )}
      {data && data.total > 0 && (
        <>
          <div className="stats">
            <Stat label="Decisions" value={data.total} testId="total" />
            {DECISION_OUTCOMES.map((o) => (
              <Stat key={o} label={o.replace("_", " ")} value={data.byOutcome[o] ?? 0} />
            ))}
          </div>
          <h2>Per day, by status</h2>
          <div className="chart" data-testid="per-day-chart">
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={perDay(data.byDay, data.from, data.to)}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                {DECISION_STATUSES.map((s) => (
                  <Bar key={s} dataKey={s} stackId="status" fill={STATUS_COLORS[s]} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          <h2>Fail-open reasons</h2>
          <ReasonTable byReason={data.byReason} />
          <h2>Latency</h2>
          <div className="stats" data-testid="latency">
            <Stat label="p50 ms" value={data.latencyMs.p50} />
            <Stat label="p90 ms" value={data.latencyMs.p90} />
            <Stat label="p99 ms" value={data.latencyMs.p99} />
          </div>
        </>
      )}
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: number | null; testId?: string }) {
  return (
    <div className="stat" data-testid={testId}>
      <div className="stat-value">{value ?? "–"}</div>
      <div className="stat-label">{label}</div>
    </div>
  );
}

function ReasonTable({ byReason }: { byReason: Record<string, number> }) {
  const rows = Object.entries(byReason).sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) return <p className="muted">No fail-open decisions in this range.</p>;
  const max = Math.max(...rows.map(([, n]) => n));
  return (
    <table className="reasons" data-testid="reason-breakdown">
      <tbody>
        {rows.map(([reason, n]) => (
          <tr key={reason}>
            <th scope="row">{reason}</th>
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

/** The inclusive last UTC day of a range whose end is exclusive. */
function lastDay(toIso: string | undefined): string | undefined {
  return toIso ? utcDay(Date.parse(toIso) - 1) : undefined;
}

/** One row per UTC day of the range (days without decisions at zero), a count per status. */
function perDay(rows: { day: string; status: string; count: number }[], fromIso: string, toIso: string) {
  const days = new Map<string, Record<string, number | string>>();
  const zero = () => Object.fromEntries(DECISION_STATUSES.map((s) => [s, 0]));
  const start = Date.parse(fromIso.slice(0, 10));
  for (let t = start; t < Date.parse(toIso) && days.size < 400; t += DAY_MS) {
    const day = utcDay(t);
    days.set(day, { day, ...zero() });
  }
  for (const r of rows) {
    const d = days.get(r.day) ?? { day: r.day, ...zero() };
    d[r.status] = r.count;
    days.set(r.day, d);
  }
  return [...days.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)));
}

"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface JudgeDay {
  day: string;
  requestsPerTurn: number | null;
  p50: number | null;
  p95: number | null;
}

/** Per UTC day, for the turns that reached the judge: its latency (p50, p95, left axis) and requests per turn (right axis). */
export function JudgeChart({ days }: { days: JudgeDay[] }) {
  return (
    <div className="chart" data-testid="judge-chart">
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={days}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" />
          <XAxis dataKey="day" stroke="var(--muted)" />
          <YAxis yAxisId="ms" stroke="var(--muted)" unit=" ms" />
          <YAxis yAxisId="requests" orientation="right" stroke="var(--muted)" allowDecimals />
          <Tooltip contentStyle={{ background: "var(--surface)", border: "1px solid var(--line)", color: "var(--fg)" }} />
          <Legend />
          <Line yAxisId="ms" dataKey="p50" name="judge p50 (ms)" stroke="var(--outcome-suggested)" dot={{ r: 3 }} isAnimationActive={false} connectNulls />
          <Line
            yAxisId="ms"
            dataKey="p95"
            name="judge p95 (ms)"
            stroke="var(--outcome-below_threshold)"
            dot={{ r: 3 }}
            isAnimationActive={false}
            connectNulls
          />
          <Line
            yAxisId="requests"
            dataKey="requestsPerTurn"
            name="requests per turn"
            stroke="var(--outcome-fail_open)"
            strokeDasharray="4 3"
            dot={{ r: 3 }}
            isAnimationActive={false}
            connectNulls
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

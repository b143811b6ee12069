"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface ReliabilityBucket {
  label: string;
  /** Share of the bucket's suggestions the agents loaded, in percent; null when none was shown. */
  loadedPct: number | null;
  /** What a calibrated match would give: the bucket's middle, in percent. */
  expectedPct: number;
}

/** Per match bucket: the share of suggestions loaded (bars) against the match itself (line). */
export function ReliabilityChart({ buckets }: { buckets: ReliabilityBucket[] }) {
  return (
    <div className="chart" data-testid="reliability-chart">
      <ResponsiveContainer width="100%" height={220}>
        <ComposedChart data={buckets}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" />
          <XAxis dataKey="label" stroke="var(--muted)" />
          <YAxis stroke="var(--muted)" unit="%" domain={[0, 100]} />
          <Tooltip contentStyle={{ background: "var(--surface)", border: "1px solid var(--line)", color: "var(--fg)" }} />
          <Legend />
          <Bar dataKey="loadedPct" name="loaded (%)" fill="var(--outcome-suggested)" isAnimationActive={false} />
          <Line
            dataKey="expectedPct"
            name="the match says (%)"
            stroke="var(--outcome-below_threshold)"
            strokeDasharray="4 3"
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

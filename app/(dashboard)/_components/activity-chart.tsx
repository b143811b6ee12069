"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface ActivityDay {
  day: string;
  uses: number;
  views: number;
  suggested: number;
  loaded: number;
  suppressed: number;
}

/** A skill's days: Hermes's uses (hard signal) and views (soft) as bars; jev's suggestions, loads and rule 2's removals as lines. */
export function ActivityChart({ days }: { days: ActivityDay[] }) {
  return (
    <div className="chart" data-testid="activity-chart">
      <ResponsiveContainer width="100%" height={240}>
        <ComposedChart data={days}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" />
          <XAxis dataKey="day" stroke="var(--muted)" minTickGap={24} />
          <YAxis allowDecimals={false} stroke="var(--muted)" />
          <Tooltip contentStyle={{ background: "var(--surface)", border: "1px solid var(--line)", color: "var(--fg)" }} />
          <Legend />
          <Bar dataKey="uses" name="uses" stackId="hermes" fill="var(--spark-use)" isAnimationActive={false} />
          <Bar dataKey="views" name="views" stackId="hermes" fill="var(--spark-view)" isAnimationActive={false} />
          <Line dataKey="suggested" name="suggested by jev" stroke="var(--outcome-suggested)" dot={false} isAnimationActive={false} />
          <Line dataKey="loaded" name="loaded after a suggestion" stroke="var(--bar)" dot={false} isAnimationActive={false} />
          <Line dataKey="suppressed" name="suppressed (rule 2)" stroke="var(--outcome-suppressed)" dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

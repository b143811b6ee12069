"use client";

import { useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { DECISION_OUTCOMES, OUTCOME_LABELS } from "@/lib/vocab/reason-codes";

export interface DayRow {
  day: string;
  [outcome: string]: number | string;
}

/** Decisions per UTC day, stacked by outcome; a bar is a link to that day's decisions. */
export function OutcomeChart({ days, hrefForDay }: { days: DayRow[]; hrefForDay: Record<string, string> }) {
  const router = useRouter();
  const open = (row: DayRow | undefined) => {
    const href = row && hrefForDay[row.day];
    if (href) router.push(href);
  };
  const present = DECISION_OUTCOMES.filter((o) => days.some((d) => Number(d[o] ?? 0) > 0));
  return (
    <div className="chart" data-testid="per-day-chart">
      <ResponsiveContainer width="100%" height={240}>
        <BarChart
          data={days}
          onClick={(state) => state?.activeLabel && hrefForDay[String(state.activeLabel)] && router.push(hrefForDay[String(state.activeLabel)])}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" />
          <XAxis dataKey="day" stroke="var(--muted)" />
          <YAxis allowDecimals={false} stroke="var(--muted)" />
          <Tooltip contentStyle={{ background: "var(--surface)", border: "1px solid var(--line)", color: "var(--fg)" }} />
          <Legend />
          {present.map((o) => (
            <Bar
              key={o}
              dataKey={o}
              name={OUTCOME_LABELS[o]}
              stackId="outcome"
              fill={`var(--outcome-${o})`}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(bar) => open(bar.payload)}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

"use client";

import { CartesianGrid, Legend, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import type { SweepPoint } from "@/lib/replay/sweep";
import { describeRules } from "@/lib/rules/describe-rules";

const axisLabel = (value: string, angle = 0) =>
  ({ value, angle, position: angle ? "insideLeft" : "insideBottom", offset: angle ? 10 : -4, fill: "var(--muted)" }) as const;

function PointTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: SweepPoint }[] }) {
  const point = active ? payload?.[0]?.payload : undefined;
  if (!point) return null;
  return (
    <div className="chart-tooltip" data-testid="sweep-tooltip">
      <strong>{point.frontier ? "On the frontier" : "Dominated"}</strong>
      <div>{describeRules(point.rules)}</div>
      <div>
        removes {point.suggestions_removed} suggestions, loses {point.loads_lost} loads; keeps {point.suggestions_kept} at a{" "}
        {(point.load_rate * 100).toFixed(1)}% load rate
      </div>
    </div>
  );
}

/**
 * A sweep's points: suggestions removed against loads lost. The frontier
 * (no point removes more for the same loss) is joined up and coloured; every
 * point's rules show on hover.
 */
export function SweepChart({ points }: { points: SweepPoint[] }) {
  const frontier = points.filter((p) => p.frontier).sort((a, b) => a.suggestions_removed - b.suggestions_removed);
  const others = points.filter((p) => !p.frontier);
  return (
    <div className="chart" data-testid="sweep-chart">
      <ResponsiveContainer width="100%" height={300}>
        <ScatterChart margin={{ top: 8, right: 16, bottom: 16, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" />
          <XAxis
            type="number"
            dataKey="suggestions_removed"
            name="suggestions removed"
            allowDecimals={false}
            stroke="var(--muted)"
            label={axisLabel("suggestions removed")}
          />
          <YAxis type="number" dataKey="loads_lost" name="loads lost" allowDecimals={false} stroke="var(--muted)" label={axisLabel("loads lost", -90)} />
          <Tooltip content={PointTooltip} cursor={{ strokeDasharray: "3 3" }} />
          <Legend verticalAlign="top" />
          <Scatter name="other settings" data={others} fill="var(--muted)" isAnimationActive={false} />
          <Scatter name="frontier" data={frontier} fill="var(--accent)" line={{ stroke: "var(--accent)" }} lineType="joint" isAnimationActive={false} />
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}

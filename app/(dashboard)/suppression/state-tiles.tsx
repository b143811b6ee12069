import type { SuppressionStateName } from "@/lib/vocab/suppression";
import { Stat } from "../_components/stat";
import { STATE_LABEL } from "./suppression-table";

/** How many skills are in each state; each a link that filters the table to it (again to clear). */
export function StateTiles({
  counts,
  current,
  href,
}: {
  counts: Record<SuppressionStateName, number>;
  current?: SuppressionStateName;
  href: (state?: SuppressionStateName) => string;
}) {
  return (
    <nav className="stats" aria-label="States">
      {(["suppressed", "retrying", "shown"] as const).map((state) => (
        <Stat
          key={state}
          label={STATE_LABEL[state]}
          value={counts[state]}
          href={href(current === state ? undefined : state)}
          active={current === state}
          testId={`state-${state}`}
        />
      ))}
    </nav>
  );
}

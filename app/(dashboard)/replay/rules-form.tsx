"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { RulesConfig } from "@/lib/rules/config";
import { replayLiveWeek } from "../_actions/replay";

/** The rules to replay under (starting from the live ones) and the button that replays the last 7 days. */
export function ReplayRulesForm({ rules }: { rules: RulesConfig }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const s = rules.suppression;
  return (
    <form
      className="filters"
      aria-label="Replay rules"
      action={(form) =>
        startTransition(async () => {
          setError(null);
          const result = await replayLiveWeek(form);
          if (result.ok) router.push(`/replay?run=${result.id}`);
          else setError(result.message);
        })
      }
    >
      <label>
        <input type="checkbox" name="dedup_loaded" defaultChecked={rules.dedup_loaded} /> rule 1
      </label>
      <label>
        <input type="checkbox" name="enabled" defaultChecked={s.enabled} /> rule 2
      </label>
      <label>
        min shown <input name="min_suggestions" type="number" min={1} defaultValue={s.min_suggestions} />
      </label>
      <label>
        window days <input name="window_days" type="number" min={1} defaultValue={s.window_days} />
      </label>
      <label>
        max load ratio <input name="max_load_ratio" type="number" min={0} max={1} step={0.01} defaultValue={s.max_load_ratio} />
      </label>
      <label>
        retry hours <input name="retry_hours" type="number" min={0} defaultValue={s.retry_hours} />
      </label>
      <label>
        attribution minutes <input name="attribution_minutes" type="number" min={0} defaultValue={rules.attribution_minutes} />
      </label>
      <button type="submit" disabled={pending}>
        {pending ? "Replaying…" : "Replay my last 7 days"}
      </button>
      {error && (
        <p role="alert" className="warning">
          {error}
        </p>
      )}
    </form>
  );
}

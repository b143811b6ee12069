"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";
import { CHANNEL_LABELS, DECISION_CHANNELS } from "@/lib/vocab/channels";
import { DECISION_OUTCOMES, OUTCOME_LABELS, REASON_CODES, UNKNOWN_REASON } from "@/lib/vocab/reason-codes";
import { DEFAULT_PRESET, type DecisionsView, PRESETS, type Preset, viewHref } from "./search-params";

/**
 * The filter bar. Each change pushes a history entry, so Back undoes it; the
 * server renders the new view. Text filters apply on Enter or when they lose focus.
 */
export function DecisionFilters({ view, fromDay, lastDay }: { view: DecisionsView; fromDay: string; lastDay: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const go = (patch: Partial<DecisionsView>) => startTransition(() => router.push(viewHref(pathname, view, patch)));
  const custom = Boolean(view.from || view.to);
  const activePreset: Preset | null = custom ? null : (view.range ?? DEFAULT_PRESET);
  const text = (name: "skill" | "session") => ({
    name,
    defaultValue: view[name] ?? "",
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => e.target.value.trim() !== (view[name] ?? "") && go({ [name]: e.target.value.trim() || undefined }),
    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => e.key === "Enter" && e.currentTarget.blur(),
  });

  return (
    <form className="filters" aria-label="Filters" aria-busy={pending} onSubmit={(e) => e.preventDefault()}>
      <fieldset className="presets" aria-label="Time range">
        {(Object.keys(PRESETS) as Preset[]).map((p) => (
          <button key={p} type="button" aria-pressed={activePreset === p} onClick={() => go({ range: p })}>
            {p}
          </button>
        ))}
      </fieldset>
      <DayInput label="From" name="from" value={fromDay} onPick={(day) => go({ from: day, to: view.to ?? lastDay })} />
      <DayInput label="To" name="to" value={lastDay} onPick={(day) => go({ to: day, from: view.from ?? fromDay })} />
      <label>
        Outcome{" "}
        <select
          name="outcome"
          aria-label="Outcome"
          value={view.outcome ?? ""}
          onChange={(e) => go({ outcome: (e.target.value || undefined) as DecisionsView["outcome"] })}
        >
          <option value="">all</option>
          {DECISION_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_LABELS[o]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Reason{" "}
        <select
          name="reason"
          aria-label="Reason"
          value={view.reason ?? ""}
          onChange={(e) => go({ reason: (e.target.value || undefined) as DecisionsView["reason"] })}
        >
          <option value="">all</option>
          {[...REASON_CODES, UNKNOWN_REASON].map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <label>
        Channel{" "}
        <select
          name="channel"
          aria-label="Channel"
          value={view.channel ?? ""}
          onChange={(e) => go({ channel: (e.target.value || undefined) as DecisionsView["channel"] })}
        >
          <option value="">all</option>
          {DECISION_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Skill <input type="search" aria-label="Skill" placeholder="any candidate" {...text("skill")} key={`skill-${view.skill ?? ""}`} />
      </label>
      <label>
        Session <input type="search" aria-label="Session" placeholder="any" {...text("session")} key={`session-${view.session ?? ""}`} />
      </label>
    </form>
  );
}

/** One end of a custom range: a UTC day within the years the API accepts. */
function DayInput({ label, name, value, onPick }: { label: string; name: string; value: string; onPick: (day: string) => void }) {
  return (
    <label>
      {label} <input type="date" name={name} min="2000-01-01" max="2100-12-31" value={value} onChange={(e) => e.target.value && onPick(e.target.value)} />
    </label>
  );
}

import { z } from "zod";

/** Where a skill came from (curator spec §3.9). */
export const PROVENANCES = ["bundled", "hub", "agent"] as const;
export const Provenance = z.enum(PROVENANCES);
export type Provenance = z.infer<typeof Provenance>;

export const PROVENANCE_LABELS: Record<Provenance, string> = { bundled: "bundled", hub: "hub", agent: "agent-created" };

/** The telemetry an agent reports (`POST /api/skills/:name/usage`). */
export const USAGE_KINDS = ["use", "view", "patch"] as const;
export const UsageKind = z.enum(USAGE_KINDS);
export type UsageKind = z.infer<typeof UsageKind>;

/**
 * What each counter of `.usage.json` means for counts Hermes made (tools/skills_tool.py,
 * agent/skill_commands.py, cron/scheduler.py, tools/skill_manager_tool.py). A Hermes
 * `skill_view` bumps view *and* use, so every load shows in both.
 */
export const COUNTER_MEANING: Record<UsageKind, string> = {
  use: "use: the skill was loaded to be followed (a skill_view, a /skill command, a cron job's run).",
  view: "view: the skill was read (every skill_view, so Hermes's loads count here too).",
  patch: "patch: the skill was edited through skill_manage.",
};

/** Curator actions (`POST /api/curator/:action`, `jev curator …`): `run` takes `{"dry_run"}`, `pause` and `resume` nothing, the others `{"name"}`. */
export const CURATOR_ACTIONS = ["pin", "unpin", "archive", "restore", "adopt", "run", "pause", "resume"] as const;
export const CuratorAction = z.enum(CURATOR_ACTIONS);
export type CuratorAction = z.infer<typeof CuratorAction>;

/** Rows of jev's own usage-event store (spec §2.8): Hermes telemetry and the curator's own actions (a consolidation, and its undo, one row each). */
export const USAGE_EVENT_KINDS = ["use", "view", "patch", "state", "pin", "unpin", "archive", "restore", "adopt", "consolidate", "unconsolidate"] as const;
export const UsageEventKind = z.enum(USAGE_EVENT_KINDS);
export type UsageEventKind = z.infer<typeof UsageEventKind>;

/** Who caused an event: the curator (jev) or Hermes (inferred from counter deltas). */
export const USAGE_EVENT_SOURCES = ["curator", "hermes"] as const;
export type UsageEventSource = (typeof USAGE_EVENT_SOURCES)[number];

/** A skill's lifecycle in `.usage.json`'s `state` (curator spec §3): pinned skills stay active. */
export const LIFECYCLE_STATES = ["active", "stale", "archived"] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

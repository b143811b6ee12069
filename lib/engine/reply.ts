import type { ReasonCode } from "../vocab/reason-codes";
import type { SuggestionVia } from "../vocab/suggestion-via";

/** One suggested skill (selection spec §6). */
export interface SkillSuggestion {
  name: string;
  path: string;
  match: number;
}

export type PickReply =
  | {
      status: "ok";
      needs_skill: number;
      skills: SkillSuggestion[];
      latency_ms: number;
      /** `trivial`: the local gate answered; `switched_off`: the agent's `skills` switch is off (no ranking). */
      skipped?: "trivial" | "switched_off";
      /** Set when the suggestion is a domain entry hint (rules file `entry_skills`), not the judge's. */
      via?: SuggestionVia;
      skills_dropped?: number;
    }
  | { status: "fail_open"; reason: ReasonCode; skills: []; skills_dropped?: number };

/** Probabilities are printed as decimals with a point (0.0, 0.78), as the spec shows them. */
function probability(x: number): string {
  const rounded = Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
  return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
}

/**
 * The reply as one compact JSON line, key order and number forms exactly as
 * selection spec §6 documents them, e.g.
 * {"status":"ok","needs_skill":0.0,"skills":[],"latency_ms":0,"skipped":"trivial"}
 * `warnings` (interfaces.md) come last, only when there are any.
 */
export function serializeReply(reply: PickReply, warnings: readonly string[] = [], route?: unknown): string {
  const dropped =
    (reply.skills_dropped !== undefined ? `,"skills_dropped":${reply.skills_dropped}` : "") +
    (warnings.length ? `,"warnings":${JSON.stringify(warnings)}` : "") +
    (route !== undefined ? `,"route":${JSON.stringify(route)}` : "");
  if (reply.status === "fail_open") {
    return `{"status":"fail_open","reason":${JSON.stringify(reply.reason)},"skills":[]${dropped}}`;
  }
  const skills = reply.skills.map((s) => `{"name":${JSON.stringify(s.name)},"path":${JSON.stringify(s.path)},"match":${probability(s.match)}}`).join(",");
  const skipped = reply.skipped ? `,"skipped":${JSON.stringify(reply.skipped)}` : "";
  const via = reply.via ? `,"via":${JSON.stringify(reply.via)}` : "";
  return `{"status":"ok","needs_skill":${probability(reply.needs_skill)},"skills":[${skills}],"latency_ms":${reply.latency_ms}${skipped}${via}${dropped}}`;
}

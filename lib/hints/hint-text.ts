import type { SkillSuggestion } from "../engine/reply";
import { THRESHOLDS } from "../vocab/limits";

/**
 * The line of context Claude Code's hook (integrations/claude-code/jev_hook.py)
 * adds for a reply, rebuilt here so `jev eval` can count what the model reads.
 * The hook is the definition (it runs where the agent runs, standard library
 * only); hint-text.test.ts holds this copy to it byte for byte.
 */
const PROMPT_SHOWN = 60;
const WHEN_SHOWN = 90;

/** A skill as the hook sees it: the reply's entry, and its SKILL.md's description (read from its path there). */
export interface HintedSkill extends SkillSuggestion {
  description: string;
}

const oneLine = (text: string) => text.split(/\s+/).filter(Boolean).join(" ").replace(/"/g, "'");

function promptExcerpt(prompt: string): string {
  const text = oneLine(prompt);
  return text.length <= PROMPT_SHOWN ? text : `${text.slice(0, PROMPT_SHOWN - 1).trimEnd()}\u2026`;
}

/** A description's first sentence, on one line, at most WHEN_SHOWN characters: the shortlist's "when to use". */
export function whenToUse(description: string): string {
  const text = oneLine(description);
  const end = text.indexOf(". ");
  if (end > 0 && end < WHEN_SHOWN) return text.slice(0, end + 1);
  if (text.length <= WHEN_SHOWN) return text;
  const cut = text.slice(0, WHEN_SHOWN - 1);
  const word = cut.includes(" ") ? cut.slice(0, cut.lastIndexOf(" ")) : cut;
  return `${word.replace(/[ ,;:]+$/, "")}\u2026`;
}

/** The hint for a reply's listed skills (Claude Code's wording), or null when the reply lists none. */
export function hintText(prompt: string, listed: readonly HintedSkill[]): string | null {
  const load = listed.find((s) => s.match >= THRESHOLDS.load);
  const excerpt = promptExcerpt(prompt);
  if (load) {
    return `jev, for the prompt "${excerpt}": load the skill "${load.name}" with the Skill tool before answering that prompt (skip it if it does not fit). This advice is about that prompt only.`;
  }
  if (listed.length === 0) return null;
  const offers = listed.map((s) => {
    const when = whenToUse(s.description);
    return `"${s.name}"${when ? ` (${when})` : ""}`;
  });
  return `jev, for the prompt "${excerpt}": no skill is a sure fit. If one of these fits, load it with the Skill tool before answering that prompt; otherwise carry on: ${offers.join("; ")}. This advice is about that prompt only.`;
}

import type { EvalCase } from "./formats";

/** A catalog skill with its `SKILL.md` body (the text after the front matter). */
export interface BodySkill {
  name: string;
  description: string;
  path: string;
  body: string;
}

export interface BodyDevSet {
  /** Every skill, each body without the line its case asks with. */
  catalog: BodySkill[];
  /** Cases to choose settings on. */
  dev: EvalCase[];
  /** Cases kept out of every choice, for the before/after figures. */
  heldOut: EvalCase[];
}

/** Headings of the section that says when a skill applies. */
const WHEN_HEADING =
  /^#{1,6}\s*(?:\*\*)?\s*(?:when to (?:use|invoke|apply|activate|trigger)|use (?:this skill )?when|use cases?|triggers?|when (?:this skill )?applies)\b/i;
/** A body line that says it outright: "Use this skill when …". */
const USE_WHEN_LINE = /^(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*)?use (?:this(?: skill)? )?when\b/i;
/** Of 100 hash buckets, these many are held out. */
const HELD_OUT_PERCENT = 30;

/**
 * A development set for ranking on bodies, from the catalog itself: each skill whose body says when to use it gives
 * one case, its turn that line (taken out of the body, so copying cannot find it). Lines its description already says
 * are skipped. Cases are split by a hash of the skill's path, so the held-out part stays as the catalog grows.
 */
// The line: the first item under a "When to use" heading, else a "Use this skill when …" line.
export function buildBodyDevSet(skills: readonly BodySkill[]): BodyDevSet {
  const catalog: BodySkill[] = [];
  const dev: EvalCase[] = [];
  const heldOut: EvalCase[] = [];
  for (const skill of skills) {
    const lines = skill.body.split("\n");
    const at = whenToUseLine(lines);
    const turn = at === null ? null : plainText(lines[at]);
    if (at === null || turn === null || normalise(skill.description).includes(normalise(turn))) {
      catalog.push(skill);
      continue;
    }
    catalog.push({ ...skill, body: [...lines.slice(0, at), ...lines.slice(at + 1)].join("\n") });
    (hashBucket(skill.path) < HELD_OUT_PERCENT ? heldOut : dev).push({ turn, expected: [skill.path], source: "body-when-to-use" });
  }
  return { catalog, dev, heldOut };
}

/** The index of the line to ask with, or null: the first under a "when to use" heading, else the first "Use … when". */
function whenToUseLine(lines: readonly string[]): number | null {
  const found = whenLines(lines);
  return (found.find((f) => f.inSection) ?? found[0])?.at ?? null;
}

/**
 * Every line of a body that says when the skill applies (its "when to use" sections, and "Use this skill when …"
 * lines), as a user might say it, without lines its description already says: the trained encoder's mined requests.
 */
export function whenToUseLines(description: string, body: string): string[] {
  const lines = body.split("\n");
  const said = normalise(description);
  const texts = whenLines(lines).map((f) => plainText(lines[f.at]) as string);
  return [...new Set(texts.filter((text) => !said.includes(normalise(text))))];
}

/** The prose lines that say when a skill applies, each with whether a "when to use" heading holds it. Fenced code never counts. */
function whenLines(lines: readonly string[]): { at: number; inSection: boolean }[] {
  const found: { at: number; inSection: boolean }[] = [];
  let inSection = false;
  for (const i of proseLines(lines)) {
    const line = lines[i].trim();
    if (line.startsWith("#")) inSection = WHEN_HEADING.test(line);
    else if ((inSection || USE_WHEN_LINE.test(line)) && plainText(line) !== null) found.push({ at: i, inSection });
  }
  return found;
}

/** Indexes of the lines outside ``` and ~~~ fences. */
function proseLines(lines: readonly string[]): number[] {
  const out: number[] = [];
  let fence: string | null = null;
  lines.forEach((raw, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1].slice(0, 3) ?? null;
    if (marker) fence = fence === null ? marker : fence === marker ? null : fence;
    else if (fence === null) out.push(i);
  });
  return out;
}

/** A line as a user might say it (list markers, emphasis and links removed), or null when it is not prose of a useful length. */
function plainText(line: string): string | null {
  const text = line
    .trim()
    .replace(/^(?:[-*+]\s+|\d+[.)]\s+)/, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "")
    .trim();
  // A line that introduces a list ("Use when the user asks for:") is not a request on its own.
  if (text.endsWith(":") || text.length < 20 || text.length > 240 || text.split(/\s+/).length < 5) return null;
  if (/^[|<>{}[\]$]/.test(text)) return null; // tables, HTML, shell prompts
  return text;
}

/**
 * Turns that need no skill, split in two halves by the same hash: one to fit
 * calibrations on, one to check them with, so a check never sees its own fit.
 */
export function splitNoSkillTurns(cases: readonly EvalCase[]): { fit: EvalCase[]; check: EvalCase[] } {
  return hashHalves(cases.filter((c) => c.expected.length === 0));
}

/** Cases split in two halves by a hash of the turn: the same turn always lands on the same side. */
export function hashHalves(cases: readonly EvalCase[]): { fit: EvalCase[]; check: EvalCase[] } {
  return { fit: cases.filter((c) => hashBucket(c.turn) < 50), check: cases.filter((c) => hashBucket(c.turn) >= 50) };
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** FNV-1a of a string, in 0–99: a split that stays put as a set grows. */
export function hashBucket(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 100;
}

/** At most this many related names are kept per skill: a longer list is a catalog, not a hint. */
export const MAX_RELATED = 20;

/**
 * The skills a SKILL.md's front matter lists as related, as Hermes reads them
 * (curator spec, fields used): `metadata.hermes.related_skills`, else the
 * top-level `related_skills`; a YAML list, a `"[a, b]"` string or a comma
 * string. Names are trimmed, empty ones and repeats dropped, order kept.
 */
export function relatedSkillsOf(frontMatter: Record<string, unknown>): string[] {
  const hermes = asRecord(asRecord(frontMatter.metadata)?.hermes);
  const raw = hermes?.related_skills ?? frontMatter.related_skills;
  const names = Array.isArray(raw) ? raw : typeof raw === "string" ? splitList(raw) : [];
  const kept: string[] = [];
  for (const n of names) {
    if (typeof n !== "string") continue;
    const name = n.trim().replace(/^["']|["']$/g, "");
    if (name && !kept.includes(name)) kept.push(name);
    if (kept.length === MAX_RELATED) break;
  }
  return kept;
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** `"[a, b]"` or `"a, b"`. */
function splitList(text: string): string[] {
  const inner = text.trim().replace(/^\[/, "").replace(/\]$/, "");
  return inner.split(",");
}

import { createHash } from "node:crypto";
import type { SkillCard } from "../../../catalog/types";

/**
 * What of a skill gets vectors: its card (name and whole description: what an agent reads to choose) and the start
 * of its body. A name's hyphens read as spaces to the model ("gh-address-comments" → "gh address comments").
 */
export function cardText(card: SkillCard): string {
  return `${card.name.replace(/[-_]+/g, " ")}: ${card.fullDescription ?? card.description}`;
}

/** The body's text, or null when the skill has none. */
export function bodyText(card: SkillCard): string | null {
  return card.body?.trim() ? card.body : null;
}

/** A text's key in the vector store: what it is (card or body) and its content; the model's id is kept beside it. */
export function textKey(kind: "card" | "body" | "turn", text: string): string {
  return createHash("sha256").update(kind).update("\0").update(text).digest("base64url");
}

import { createHash } from "node:crypto";
import { processWide } from "../../../base/process-state";
import { type SkillCard, wholeDescription } from "../../../catalog/types";

/**
 * What of a skill gets vectors: its card (name and whole description: what an agent reads to choose) and the start
 * of its body. A name's hyphens read as spaces to the model ("gh-address-comments" → "gh address comments").
 */
export function cardText(card: SkillCard): string {
  return `${card.name.replace(/[-_]+/g, " ")}: ${wholeDescription(card)}`;
}

/** The body's text, or null when the skill has none. */
export function bodyText(card: SkillCard): string | null {
  return card.body?.trim() ? card.body : null;
}

/** A text's key in the vector store: what it is (card or body) and its content; the model's id is kept beside it. */
export function textKey(kind: "card" | "body" | "turn", text: string): string {
  return createHash("sha256").update(kind).update("\0").update(text).digest("base64url");
}

/** A text of a skill that gets vectors, with its key. */
export interface SkillText {
  kind: "card" | "body";
  text: string;
  key: string;
}

/** Keyed by the card object: a changed SKILL.md is a new card, so a card's texts never change. */
const textsOfCard = processWide("jev.cardTextKeys", () => new WeakMap<SkillCard, { card: SkillText; body: SkillText | null }>());

/** A skill's card text and body text with their keys, hashed once per card (a turn asks while vectors build). */
export function skillTexts(card: SkillCard): { card: SkillText; body: SkillText | null } {
  let texts = textsOfCard.get(card);
  if (!texts) {
    const cardTextOf = cardText(card);
    const body = bodyText(card);
    texts = {
      card: { kind: "card", text: cardTextOf, key: textKey("card", cardTextOf) },
      body: body === null ? null : { kind: "body", text: body, key: textKey("body", body) },
    };
    textsOfCard.set(card, texts);
  }
  return texts;
}

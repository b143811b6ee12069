import { genericSecretSpans } from "./generic-secret";
import { SECRET_RULES, tripsSecretRule } from "./secret-patterns";

/**
 * Personal data that is masked before a turn leaves the machine but does not by
 * itself make the turn secret.
 */
const MASKS: readonly { label: string; pattern: RegExp }[] = [
  // Local part bounded (64, as RFC 5321): unbounded, each dot of a long "a.a.a…" turn restarted a scan to its end.
  { label: "[EMAIL]", pattern: /\b[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,255}\.[A-Za-z]{2,}\b/g },
  { label: "[PHONE]", pattern: /(?<![\w.])\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,4}(?![\w.])/g },
  { label: "[IP]", pattern: /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b/g },
];

const GLOBAL_SECRET_PATTERNS = SECRET_RULES.map((rule) => new RegExp(rule.pattern.source, `${rule.pattern.flags}g`));

/** The id of the first rule a turn trips (`generic_secret` for the generic detector), or null. */
export function secretRuleHit(turn: string): string | null {
  if (tripsSecretRule(turn)) for (const rule of SECRET_RULES) if (rule.pattern.test(turn)) return rule.id;
  return genericSecretSpans(turn).length > 0 ? "generic_secret" : null;
}

/** True when the turn carries something that looks like a credential. */
export function looksSecret(turn: string): boolean {
  return secretRuleHit(turn) !== null;
}

/**
 * The turn with credentials and personal data replaced by labels. Callers send
 * only redacted text, and send nothing at all when `looksSecret` is true.
 */
export function redact(turn: string): string {
  return maskPersonalData(redactSecrets(turn));
}

/**
 * Only the credentials replaced: for text jev hands out rather than sends away (a SKILL.md an MCP client reads),
 * where an example address or IP is the skill's own content.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of GLOBAL_SECRET_PATTERNS) out = out.replace(pattern, "[SECRET]");
  for (const [start, end] of genericSecretSpans(out).reverse()) out = `${out.slice(0, start)}[SECRET]${out.slice(end)}`;
  return out;
}

/**
 * Only the personal-data masks of `redact`: for a turn `looksSecret` has cleared it is all `redact` changes (no secret
 * rule matches and the generic detector finds no span), so the second pass over the secret rules is saved.
 */
// lib/text/turn-analysis.test.ts holds TurnAnalysis.redacted, which relies on this, to redact's text.
export function maskPersonalData(text: string): string {
  let masked = text;
  for (const mask of MASKS) masked = masked.replace(mask.pattern, mask.label);
  return masked;
}

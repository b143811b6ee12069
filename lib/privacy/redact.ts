import { SECRET_RULES } from "./secret-patterns";

/**
 * Personal data that is masked before a turn leaves the machine but does not by
 * itself make the turn secret.
 */
const MASKS: readonly { label: string; pattern: RegExp }[] = [
  { label: "[EMAIL]", pattern: /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g },
  { label: "[PHONE]", pattern: /(?<![\w.])\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,4}(?![\w.])/g },
  { label: "[IP]", pattern: /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b/g },
];

const GLOBAL_SECRET_PATTERNS = SECRET_RULES.map((rule) => new RegExp(rule.pattern.source, `${rule.pattern.flags}g`));

/** True when the turn carries something that looks like a credential. */
export function looksSecret(turn: string): boolean {
  return SECRET_RULES.some((rule) => rule.pattern.test(turn));
}

/**
 * The turn with credentials and personal data replaced by labels. Callers send
 * only redacted text, and send nothing at all when `looksSecret` is true.
 */
export function redact(turn: string): string {
  let text = turn;
  for (const pattern of GLOBAL_SECRET_PATTERNS) text = text.replace(pattern, "[SECRET]");
  for (const mask of MASKS) text = text.replace(mask.pattern, mask.label);
  return text;
}

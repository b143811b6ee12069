import { describeZodIssue, JevError } from "../errors";
import { RulesConfig } from "./config";

/**
 * A rules file (interfaces.md): JSON giving only what it changes; the rest
 * keeps its default. Bad JSON or a bad value is a bad_request naming the field.
 */
export function parseRules(text: string, source = "rules"): RulesConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JevError("bad_request", `${source}: not valid JSON`, "rules");
  }
  const parsed = RulesConfig.safeParse(value);
  if (!parsed.success) {
    const { field, message } = describeZodIssue(parsed.error.issues[0]);
    throw new JevError("bad_request", `${source}: ${message}`, `rules.${field}`);
  }
  return parsed.data;
}

import { parseJsonWith } from "../base/json-file";
import { RulesConfig } from "./config";

/**
 * A rules file (interfaces.md): JSON giving only what it changes; the rest
 * keeps its default. Bad JSON or a bad value is a bad_request naming the field.
 */
export function parseRules(text: string, source = "rules"): RulesConfig {
  return parseJsonWith(RulesConfig, text, source, "rules");
}

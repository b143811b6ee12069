import fs from "node:fs";
import { JevError } from "../base/errors";
import type { RulesConfig } from "../rules/config";
import { parseRules } from "../rules/rules-file";

/** A rules file from disk (`jev replay --rules`); unreadable or invalid is a bad_request naming it. */
export function readRulesFile(file: string): RulesConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw new JevError("bad_request", `cannot read rules file ${file}`, "rules");
  }
  return parseRules(text, file);
}

import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

/** Tokens of a hint by OpenAI's o200k_base encoding: a stand-in for any agent model's count (Claude's own tokenizer is not published). */
export function hintTokens(hint: string | null): number {
  return hint ? countTokens(hint) : 0;
}

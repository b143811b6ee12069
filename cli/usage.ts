import { parseArgs, type ParseArgsConfig } from "node:util";

/** Bad command-line usage: exit code 2 with one line. */
export class UsageError extends Error {}

export const USAGE = `usage:
  jev pick-skill --turn TEXT|- [--root DIR]... [--session ID] [--loaded NAME]... [--loadable NAME]... [--agent hermes]
  jev eval --catalog CATALOG.jsonl --cases CASES.jsonl [--progress]`;

/** node:util parseArgs, strict, with errors turned into one-line usage errors. */
export function parseFlags<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    const message = err instanceof Error ? err.message.split("\n")[0] : "bad arguments";
    throw new UsageError(message.replace(/\. To specify a positional argument.*$/, ""));
  }
}

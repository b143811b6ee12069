import type { z } from "zod";
import { describeZodIssue, JevError } from "./errors";

/**
 * JSON text checked against a schema, for the small files and parameters users
 * write (rules, sweep grids): bad JSON or a bad value is a bad_request whose
 * message names `source` and whose field is `${field}.<path>`.
 */
export function parseJsonWith<T>(schema: z.ZodType<T>, text: string, source: string, field: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JevError("bad_request", `${source}: not valid JSON`, field);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = describeZodIssue(parsed.error.issues[0]);
    throw new JevError("bad_request", `${source}: ${issue.message}`, `${field}.${issue.field}`);
  }
  return parsed.data;
}

import fs from "node:fs";
import { z } from "zod";
import { clipDescription } from "../catalog/front-matter";
import type { SkillCard } from "../catalog/types";
import { JevError } from "../errors";

/** One catalog line of `jev eval` (interfaces.md): `path` is the identity. */
export const CatalogLine = z.object({
  name: z.string().min(1),
  description: z.string(),
  path: z.string().min(1),
});

/** One case line: `expected: []` means no skill should be suggested. */
export const CaseLine = z.object({
  turn: z.string(),
  expected: z.array(z.string()),
  source: z.string().optional(),
});
export type EvalCase = z.infer<typeof CaseLine>;

function readJsonl<T>(file: string, schema: z.ZodType<T>, what: string): T[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw new JevError("bad_request", `cannot read ${what} file ${file}`);
  }
  const rows: T[] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new JevError("bad_request", `${what} ${file}:${i + 1}: not valid JSON`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new JevError("bad_request", `${what} ${file}:${i + 1}: ${issue.path.join(".") || "line"}: ${issue.message}`);
    }
    rows.push(parsed.data);
  });
  return rows;
}

/** Catalog lines exactly as written (full descriptions). */
export function readCatalogLines(file: string): z.infer<typeof CatalogLine>[] {
  return readJsonl(file, CatalogLine, "catalog");
}

/** Catalog entries as the engine reads discovered skills: descriptions clipped to 200 characters. */
export function readCatalogFile(file: string): SkillCard[] {
  return readCatalogLines(file).map((s) => ({
    name: s.name,
    description: clipDescription(s.description),
    path: s.path,
  }));
}

export function readCasesFile(file: string): EvalCase[] {
  return readJsonl(file, CaseLine, "cases");
}

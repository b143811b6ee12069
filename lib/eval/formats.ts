import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { JevError } from "../base/errors";
import { descriptionFields } from "../catalog/front-matter";
import { BODY_CHARS, type SkillCard } from "../catalog/types";

/** One catalog line of `jev eval` (interfaces.md): `path` is the identity. */
export const CatalogLine = z.object({
  name: z.string().min(1),
  description: z.string(),
  path: z.string().min(1),
  /** The SKILL.md text after the front matter; null or absent when not known. */
  body: z.string().nullable().optional(),
});

/** One case line: `expected` holds skill paths or names; `[]` means no skill should be suggested. */
export const CaseLine = z.object({
  turn: z.string(),
  expected: z.array(z.string()),
  source: z.string().optional(),
});
/** A case and the line of its file (for error messages and `--cases-out`). */
export type EvalCase = z.infer<typeof CaseLine> & { line?: number };

function readJsonl<T>(file: string, schema: z.ZodType<T>, what: string): (T & { line: number })[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw new JevError("bad_request", `cannot read ${what} file ${file}`);
  }
  const rows: (T & { line: number })[] = [];
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
    rows.push({ ...parsed.data, line: i + 1 });
  });
  return rows;
}

/** Catalog lines exactly as written (full descriptions). */
export function readCatalogLines(file: string): z.infer<typeof CatalogLine>[] {
  return readJsonl(file, CatalogLine, "catalog").map(({ line: _line, ...row }) => row);
}

/** Catalog entries as the engine reads discovered skills: descriptions clipped to 200 characters, bodies to BODY_CHARS. */
export function readCatalogFile(file: string): SkillCard[] {
  return readCatalogLines(file).map((s) => ({
    name: s.name,
    ...descriptionFields(s.description),
    path: s.path,
    ...(typeof s.body === "string" ? { body: s.body.slice(0, BODY_CHARS) } : {}),
  }));
}

export function readCasesFile(file: string): EvalCase[] {
  return readJsonl(file, CaseLine, "cases");
}

/**
 * Turn each case's `expected` entries into catalog paths: a path of the
 * catalog (as written, absolute, or a skill folder), else a skill name (every
 * skill of that name). An entry that matches nothing is an error naming the
 * case line, never a silent miss.
 */
export function resolveExpected(cases: readonly EvalCase[], catalog: readonly SkillCard[], file: string): EvalCase[] {
  const byPath = new Set(catalog.map((s) => s.path));
  const byName = new Map<string, string[]>();
  for (const s of catalog) byName.set(s.name, [...(byName.get(s.name) ?? []), s.path]);
  const asPath = (entry: string): string | null => {
    for (const p of [entry, path.resolve(entry), path.join(path.resolve(entry), "SKILL.md")]) if (byPath.has(p)) return p;
    return null;
  };
  return cases.map((c) => ({
    ...c,
    expected: c.expected.flatMap((entry) => {
      const p = asPath(entry);
      if (p) return [p];
      const named = byName.get(entry);
      if (named) return named;
      throw new JevError("bad_request", `cases ${file}:${c.line ?? "?"}: expected '${entry}' is neither a path nor a name in the catalog`);
    }),
  }));
}

import { applyEdits, type JSONPath, modify } from "jsonc-parser";

/*
 * Changing an agent's JSON config where jev's keys are, and nowhere else (jsonc-parser, the editor's own JSON editing
 * library: it edits the text, not a parsed copy). Parsing the whole file and writing it back turned
 * 12345678901234567890 into 12345678901234567000 and dropped repeated keys of the user's; an edit keeps every other
 * byte: numbers, repeated keys, comments, the file's layout.
 */

export interface JsonChange {
  path: JSONPath;
  /** The new value at `path`; undefined takes the key out. */
  value: unknown;
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };

/** `text` (a JSON object's, or empty) with each change made in place. */
export function editJsonText(text: string | null, changes: readonly JsonChange[]): string {
  let out = text?.trim() ? text : "{}\n";
  for (const change of changes) out = applyEdits(out, modify(out, change.path, change.value, FORMAT));
  return out.endsWith("\n") ? out : `${out}\n`;
}

const json = (v: unknown) => JSON.stringify(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The changes that turn `before[key]` into `after[key]` one level down (each key of an object that differs), or the
 * whole value when either side is not an object: what a merge of jev's entries changed, as edits.
 */
export function changesAt(path: JSONPath, before: unknown, after: unknown): JsonChange[] {
  if (!isObject(before) || !isObject(after)) return json(before) === json(after) ? [] : [{ path, value: after }];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => json(before[k]) !== json(after[k])).map((k) => ({ path: [...path, k], value: after[k] }));
}

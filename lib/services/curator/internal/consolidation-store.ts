import fs from "node:fs";
import type { ConsolidationPreview } from "../../../curator/consolidation-preview";
import { atomicWriteFile } from "../../../fs/atomic-write";
import { readOwnedFileSync } from "../../../fs/regular-file";

/*
 * The last consolidation preview, kept beside the database (`<JEV_DB>.consolidation-preview.json`, 0600: it holds the
 * skills' text) so that `--apply` and the page's Apply carry out exactly what was shown, and nothing a second question
 * to the judge might have changed. Applying removes it: a preview is applied once.
 */

export const previewFile = (dbFile: string) => `${dbFile}.consolidation-preview.json`;

/** A preview holds each plan's files and diffs (a merged SKILL.md is at most 1 MiB): one larger is not jev's. */
const MAX_PREVIEW_BYTES = 64 * 1024 * 1024;

export async function savePreview(dbFile: string, preview: ConsolidationPreview): Promise<void> {
  await atomicWriteFile(previewFile(dbFile), JSON.stringify(preview), ".consolidation-preview_", { mode: 0o600 });
}

/** The saved preview, or null when there is none (or it cannot be read: a fresh preview is then the way on). */
export function readPreview(dbFile: string): ConsolidationPreview | null {
  try {
    // Read only as a regular file of a bounded size: a FIFO put there froze the server while the Curator page rendered.
    const text = readOwnedFileSync(previewFile(dbFile), MAX_PREVIEW_BYTES);
    if (text === undefined) return null;
    const saved = JSON.parse(text) as ConsolidationPreview;
    return saved && typeof saved.id === "string" && Array.isArray(saved.plans) && Array.isArray(saved.changes) ? saved : null;
  } catch {
    return null;
  }
}

export function dropPreview(dbFile: string): void {
  fs.rmSync(/*turbopackIgnore: true*/ previewFile(dbFile), { force: true });
}

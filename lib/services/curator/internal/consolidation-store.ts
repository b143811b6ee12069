import fs from "node:fs";
import type { ConsolidationPreview } from "../../../curator/consolidation-preview";
import { atomicWriteFile } from "../../../fs/atomic-write";

/*
 * The last consolidation preview, kept beside the database (`<JEV_DB>.consolidation-preview.json`, 0600: it holds the
 * skills' text) so that `--apply` and the page's Apply carry out exactly what was shown, and nothing a second question
 * to the judge might have changed. Applying removes it: a preview is applied once.
 */

export const previewFile = (dbFile: string) => `${dbFile}.consolidation-preview.json`;

export async function savePreview(dbFile: string, preview: ConsolidationPreview): Promise<void> {
  await atomicWriteFile(previewFile(dbFile), JSON.stringify(preview), ".consolidation-preview_", { mode: 0o600 });
}

/** The saved preview, or null when there is none (or it cannot be read: a fresh preview is then the way on). */
export function readPreview(dbFile: string): ConsolidationPreview | null {
  try {
    const saved = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ previewFile(dbFile), "utf8")) as ConsolidationPreview;
    return saved && typeof saved.id === "string" && Array.isArray(saved.plans) && Array.isArray(saved.changes) ? saved : null;
  } catch {
    return null;
  }
}

export function dropPreview(dbFile: string): void {
  fs.rmSync(/*turbopackIgnore: true*/ previewFile(dbFile), { force: true });
}

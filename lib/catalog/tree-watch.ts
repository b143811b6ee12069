import fs from "node:fs";
import { isHiddenEntry } from "./folder-fingerprint";

/**
 * Tells whether any watched folder changed since it was set up: inotify on each folder of a skill tree reports
 * entries added, removed, renamed and files (SKILL.md) written in place. Non-persistent, so it never keeps a CLI
 * process alive. Dot entries, which no walk reads, are not changes (isHiddenEntry). `broken` means events cannot be
 * trusted (limit reached, unsupported filesystem): callers then fall back to stat-ing everything.
 */
export class TreeWatch {
  dirty = false;
  broken = false;
  private readonly watchers: fs.FSWatcher[] = [];

  constructor(folders: readonly string[]) {
    this.size = folders.length;
    try {
      for (const folder of folders) {
        const w = fs.watch(folder, { persistent: false }, (_event, entry) => {
          if (typeof entry === "string" && isHiddenEntry(entry)) return; // never walked (Hermes's usage file, rewritten on every bump)
          this.dirty = true;
        });
        w.on("error", () => {
          this.broken = true;
        });
        this.watchers.push(w);
      }
    } catch {
      this.broken = true;
      this.close();
    }
  }

  /** Folders this watch was set up for. */
  readonly size: number;

  close(): void {
    for (const w of this.watchers.splice(0)) w.close();
  }
}

import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fifoTrap } from "./fifo-trap";

/*
 * One harness for every operation that touches a user's folders (issue 53): each path an operation reads or writes
 * gets, in turn, a link to a canary outside the home, a link to a private file inside it, a FIFO, the wrong kind of
 * entry (a folder where a file goes, a file where a folder goes) and a 50 MB file. The operation must refuse or skip (a clear error, or carrying on
 * without it), never hang, and leave the canary unchanged and unread: its contents never in what the operation says,
 * sends or writes.
 */

/** `home-link`: a link to a private file of the home (a key under ~/.ssh), which the home's fence would let a walk reach. */
export const HAZARDS = ["link", "home-link", "fifo", "wrong-kind", "big"] as const;
export type Hazard = (typeof HAZARDS)[number];

/** A path an operation touches, and what it is when all is well. */
export interface TouchedPath {
  path: string;
  kind: "file" | "folder";
}

/** A file outside the home with a secret no operation may read, and a folder beside it for folder links. */
export interface Canary {
  file: string;
  folder: string;
  secret: string;
  /** The canary's state: content hash, and each entry's mtime. */
  state(): string;
}

export function makeCanary(outsideDir: string): Canary {
  const secret = `CANARY-${randomBytes(12).toString("hex")}`;
  const file = path.join(outsideDir, "canary.txt");
  const folder = path.join(outsideDir, "canary-folder");
  fs.mkdirSync(folder, { recursive: true });
  // A skill-shaped file, so a reader that follows the link would take it for one and show it.
  fs.writeFileSync(file, `---\nname: canary\ndescription: ${secret}\n---\n${secret}\n`);
  fs.writeFileSync(path.join(folder, "SKILL.md"), `---\nname: canary-folder\ndescription: ${secret}\n---\n${secret}\n`);
  const state = () =>
    [file, folder, path.join(folder, "SKILL.md")]
      .map((p) => {
        const st = fs.lstatSync(p);
        const content = st.isFile() ? createHash("sha256").update(fs.readFileSync(p)).digest("hex") : fs.readdirSync(p).join(",");
        return `${p}:${st.mtimeMs}:${content}`;
      })
      .join("\n");
  return { file, folder, secret, state };
}

/** A private file in the home, holding the canary's secret (as ~/.ssh holds a key): the `home-link` hazard's target. */
export function homeCanary(home: string, canary: Canary): { file: string; folder: string } {
  const folder = path.join(home, ".ssh");
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, "id_canary");
  fs.writeFileSync(file, `---\nname: key\ndescription: ${canary.secret}\n---\n${canary.secret}\n`, { mode: 0o600 });
  return { file, folder };
}

/** Put `hazard` where `touched` is (whatever was there goes); returns a cleanup for what needs one (a FIFO's watchdog). */
export function plant(touched: TouchedPath, hazard: Hazard, canary: Canary, inHome: { file: string; folder: string }): () => void {
  fs.rmSync(touched.path, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(touched.path), { recursive: true });
  switch (hazard) {
    case "link":
      fs.symlinkSync(touched.kind === "folder" ? canary.folder : canary.file, touched.path);
      return () => {};
    case "home-link":
      fs.symlinkSync(touched.kind === "folder" ? inHome.folder : inHome.file, touched.path);
      return () => {};
    case "fifo": {
      // A blocked open is released after 2 s: the operation then fails on its time instead of hanging the test.
      const trap = fifoTrap(touched.path, 2_000);
      return trap.dispose;
    }
    case "wrong-kind":
      if (touched.kind === "file") fs.mkdirSync(touched.path);
      else fs.writeFileSync(touched.path, "not a folder\n");
      return () => {};
    case "big": {
      const fd = fs.openSync(touched.path, "w");
      fs.ftruncateSync(fd, 50 * 1024 * 1024); // 50 MB of zeros, sparse: cheap to make, costly to read whole
      fs.closeSync(fd);
      return () => {};
    }
  }
}

/** What one operation did with one hazard in place: how long it took, and everything it said or sent. */
export interface Outcome {
  ms: number;
  /** The reply, the error's message, and whatever the operation sent (judge requests): where a leak would show. */
  said: string;
  failed: boolean;
  /** The error's name when it failed (a refusal is a JevError or the like; a crash is a TypeError). */
  errorName?: string;
}

export async function runGuarded(operation: () => Promise<string>): Promise<Outcome> {
  const started = performance.now();
  try {
    const said = await operation();
    return { ms: performance.now() - started, said, failed: false };
  } catch (err) {
    const e = err as Error;
    return { ms: performance.now() - started, said: `${e?.name}: ${e?.message}`, failed: true, errorName: e?.name };
  }
}

/** Errors that mean the operation broke, not that it refused: each is a bug. */
export const CRASHES = new Set(["TypeError", "RangeError", "ReferenceError", "SyntaxError"]);

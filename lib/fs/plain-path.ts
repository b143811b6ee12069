import fs from "node:fs";
import path from "node:path";

/*
 * The rule for every path jev writes, moves or deletes inside a folder of the user's (a Hermes home's skills folder,
 * its cron folder): each part below that folder is a real folder, never a link, and the path itself is what the
 * operation expects (a regular file, a folder) or not there yet. A link planted at any of them would have jev write
 * through it, outside the home (a SKILL.md linked to ~/.bashrc, a references/ linked to another folder); a FIFO would
 * hang the write. The folder itself may be a link (a home on another disk): the user made that one.
 */

export type PlainKind = "file" | "folder";

/** Why `target` is not a plain path inside `root`, in words after the path; null when it is. */
export function plainPathProblem(root: string, target: string, kind: PlainKind): string | null {
  const rel = path.relative(root, target);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) return `is not inside ${root}`;
  const parts = rel.split(path.sep);
  let at = root;
  for (let i = 0; i < parts.length; i++) {
    at = path.join(at, parts[i]);
    const st = fs.lstatSync(/*turbopackIgnore: true*/ at, { throwIfNoEntry: false });
    if (!st) return null; // the rest does not exist yet: jev creates it
    const last = i === parts.length - 1;
    if (st.isSymbolicLink()) return last ? "is a link" : `lies under a link (${path.relative(root, at)})`;
    if (!last && !st.isDirectory()) return `lies under ${path.relative(root, at)}, which is not a folder`;
    if (last && kind === "file" && !st.isFile()) return st.isDirectory() ? "is a folder, not a file" : "is not a regular file";
    if (last && kind === "folder" && !st.isDirectory()) return "is not a folder";
  }
  return null;
}

/** A refusal of a path jev will not write through: the path, relative to where the user knows it, and why. */
export class NotPlainPath extends Error {
  constructor(
    readonly target: string,
    readonly problem: string,
  ) {
    super(`${target} ${problem}; jev writes only real files and folders there, and changed nothing`);
    this.name = "NotPlainPath";
  }
}

/** Throws NotPlainPath unless `target` is a plain path inside `root` (checked before anything is changed). */
export function assertPlainPath(root: string, target: string, kind: PlainKind): void {
  const problem = plainPathProblem(root, target, kind);
  if (problem) throw new NotPlainPath(target, problem);
}

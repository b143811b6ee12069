import fs from "node:fs";
import path from "node:path";

/** The repository's root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/** Production source files (no tests, declarations or lib/testing) under the code's folders: what house-rule tests read. */
export function productionSources(): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== "testing") visit(full);
      } else if (/\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name)) out.push(full);
    }
  };
  for (const dir of ["lib", "db", "app", "cli", "server", "scripts"]) visit(path.join(REPO_ROOT, dir));
  return out;
}

import fs from "node:fs";
import path from "node:path";

/**
 * A database's shipped migrations (`db/migrations` for SQLite, `db/migrations-pg`
 * for PostgreSQL): beside this file when run from source (CLI, tests), or
 * under the working directory when bundled by Next (the app runs from the checkout).
 */
export function migrationsFolder(name: "migrations" | "migrations-pg"): string {
  const candidates = [path.join(process.cwd(), "db", name)];
  try {
    candidates.unshift(path.join(path.dirname(new URL(import.meta.url).pathname), name));
  } catch {
    // bundled: import.meta.url is not a file URL
  }
  const found = candidates.find((c) => fs.existsSync(/*turbopackIgnore: true*/ path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error(`db/${name} not found: run jev from its checkout`);
  return found;
}

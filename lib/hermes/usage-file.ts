import fs from "node:fs";
import path from "node:path";
import { JevError } from "../errors";
import { atomicWriteFile } from "../fs/atomic-write";
import { LockTimeout, withFileLock } from "../fs/flock";
import { pythonJson } from "./python-json";
import type { UsageMap } from "./usage-record";

/** Where a home keeps its usage file and the lock Hermes and jev share. */
export function usagePaths(home: string) {
  const skills = path.join(home, "skills");
  return { skills, file: path.join(skills, ".usage.json"), lock: path.join(skills, ".usage.json.lock") };
}

export interface LoadedUsage {
  map: UsageMap;
  /** The file exists but is not a JSON object (0 bytes, a BOM, bad JSON): loaded as {}. */
  corrupt: boolean;
  /** The file's bytes when corrupt, to keep a copy before the next write replaces them. */
  raw?: Buffer;
}

/** Parse the usage file's bytes as Hermes does (§2.2): anything but a JSON object is {}; entries that are not objects are dropped. */
export function parseUsage(raw: Buffer | undefined): LoadedUsage {
  if (raw === undefined) return { map: {}, corrupt: false };
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8")); // a leading BOM fails here, as in Python's json.loads
  } catch {
    return { map: {}, corrupt: true, raw };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { map: {}, corrupt: true, raw };
  const map: UsageMap = {};
  for (const [name, record] of Object.entries(value)) {
    if (record !== null && typeof record === "object" && !Array.isArray(record)) map[name] = record as UsageMap[string];
  }
  return { map, corrupt: false };
}

function readBytes(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(/*turbopackIgnore: true*/ file);
  } catch {
    return undefined; // missing or unreadable: {}
  }
}

/** A plain read, no lock (the atomic rename makes it safe): for reports, listings and the dashboard. */
export function readUsage(home: string): LoadedUsage {
  return parseUsage(readBytes(usagePaths(home).file));
}

const stamp = (now: number) => new Date(now).toISOString().replace(/[-:T]/g, "").slice(0, 14);

/** What writing into a Hermes home failed on, as a clear error (the home is left as it was). */
export function homeWriteError(err: unknown, what: string): JevError {
  if (err instanceof JevError) return err;
  if (err instanceof LockTimeout) return new JevError("busy", `${what}: another process held the usage lock for over 10 s; try again`);
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return new JevError("read_only", `${what}: the Hermes home is not writable (${code})`);
  if (code === "ENOENT") return new JevError("not_found", `${what}: no Hermes home there (set HERMES_HOME)`);
  if (code === "ENOSPC") return new JevError("read_only", `${what}: no space left on the device`);
  return new JevError("internal", `${what} failed`);
}

/**
 * Read-modify-write `.usage.json` as Hermes does (§2.7): under an exclusive
 * flock on `.usage.json.lock`, re-read from disk inside the lock, let
 * `change` edit the map (returning whether to write, and a result), and
 * replace the file atomically. A corrupt file is first copied aside as
 * `.usage.json.corrupt-<stamp>`. The home must exist; `skills/` is created.
 */
export async function mutateUsage<T>(
  home: string,
  change: (map: UsageMap) => { write: boolean; result: T },
  options: { now?: number; lockTimeoutMs?: number } = {},
): Promise<T> {
  const paths = usagePaths(home);
  if (!fs.statSync(/*turbopackIgnore: true*/ home, { throwIfNoEntry: false })?.isDirectory())
    throw new JevError("not_found", `no Hermes home at ${home} (set HERMES_HOME)`);
  try {
    const skillsDir = paths.skills;
    fs.mkdirSync(/*turbopackIgnore: true*/ skillsDir, { recursive: true });
    return await withFileLock(
      paths.lock,
      async () => {
        const loaded = parseUsage(readBytes(paths.file));
        const { write, result } = change(loaded.map);
        if (write) {
          if (loaded.corrupt && loaded.raw) {
            const copy = `${paths.file}.corrupt-${stamp(options.now ?? Date.now())}`;
            fs.writeFileSync(/*turbopackIgnore: true*/ copy, loaded.raw);
          }
          await atomicWriteFile(paths.file, pythonJson(loaded.map), ".usage_");
        }
        return result;
      },
      options.lockTimeoutMs,
    );
  } catch (err) {
    throw homeWriteError(err, "updating skills/.usage.json");
  }
}

import fs from "node:fs";
import path from "node:path";
import { JevError } from "../base/errors";
import { processWide } from "../base/process-state";
import { atomicWriteFile, removeLeftoverTemps } from "../fs/atomic-write";
import { LockTimeout, withFileLock } from "../fs/flock";
import { NotRegularFile, readWholeFileSync } from "../fs/regular-file";
import { assertWritableTarget } from "../fs/safe-target";
import { pythonJson } from "./python-json";
import { type UsageMap, usageMap } from "./usage-record";

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
  if (raw === undefined) return { map: usageMap(), corrupt: false };
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8")); // a leading BOM fails here, as in Python's json.loads
  } catch {
    return { map: usageMap(), corrupt: true, raw };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { map: usageMap(), corrupt: true, raw };
  // JSON.parse keeps `"__proto__"` as an own key; copied into a map without a prototype it stays one.
  const records = Object.entries(value).filter((e): e is [string, UsageMap[string]] => e[1] !== null && typeof e[1] === "object" && !Array.isArray(e[1]));
  return { map: usageMap(records), corrupt: false };
}

/** A plain read, no lock (the atomic rename makes it safe): for reports, listings and the dashboard. Missing, unreadable or not a regular file: {}. */
export function readUsage(home: string): LoadedUsage {
  try {
    return parseUsage(readWholeFileSync(usagePaths(home).file));
  } catch {
    return parseUsage(undefined);
  }
}

const stamp = (now: number) => new Date(now).toISOString().replace(/[-:T]/g, "").slice(0, 14);

/** What writing into a Hermes home failed on, as a clear error (the home is left as it was). */
export function homeWriteError(err: unknown, what: string): JevError {
  if (err instanceof JevError) return err;
  if (err instanceof LockTimeout) return new JevError("busy", `${what}: another process held the usage lock for over 10 s; try again`);
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return new JevError("read_only", `${what}: the Hermes home is not writable (${code})`);
  if (code === "ENOENT") return new JevError("not_found", `${what}: no Hermes home there (set HERMES_HOME)`);
  if (err instanceof NotRegularFile) return new JevError("conflict", `${what}: ${path.basename(err.file)} is not a regular file; jev leaves it alone`);
  if (code === "ENOSPC" || code === "EDQUOT") return new JevError("insufficient_storage", `${what}: no space left on the device`);
  return new JevError("internal", `${what} failed`);
}

/**
 * Leftover temp files come from a writer killed mid-write: looked for at the
 * first write after start and then once a minute, not in every batch of a
 * busy server (a folder of a thousand skills is read each time).
 */
const SWEEP_EVERY_MS = 60_000;
const lastSweep = processWide("jev.usageFileSweeps", () => new Map<string, number>());
function sweepDue(folder: string, now = Date.now()): boolean {
  const last = lastSweep.get(folder);
  if (last !== undefined && now - last < SWEEP_EVERY_MS) return false;
  lastSweep.set(folder, now);
  return true;
}

/**
 * Read-modify-write `.usage.json` as Hermes does (§2.7): under an exclusive flock on `.usage.json.lock`, re-read from
 * disk inside the lock, let `change` edit the map (returning whether to write, and a result), and replace the file
 * atomically. A corrupt file is first copied aside as `.usage.json.corrupt-<stamp>`. The home must exist; `skills/`
 * is created.
 */
export async function mutateUsage<T>(
  home: string,
  change: (map: UsageMap) => { write: boolean; result: T },
  options: { now?: number; lockTimeoutMs?: number } = {},
): Promise<T> {
  const paths = usagePaths(home);
  if (!fs.statSync(/*turbopackIgnore: true*/ home, { throwIfNoEntry: false })?.isDirectory())
    throw new JevError("not_found", `no Hermes home at ${home} (set HERMES_HOME)`);
  assertWritableTarget(paths.file); // a link, a FIFO or a folder there is refused before any change
  try {
    const skillsDir = paths.skills;
    fs.mkdirSync(/*turbopackIgnore: true*/ skillsDir, { recursive: true });
    return await withFileLock(
      paths.lock,
      async () => {
        // Inside the lock, and never from a file that could not be read: that would replace it with one made from nothing.
        const loaded = parseUsage(readWholeFileSync(paths.file));
        const { write, result } = change(loaded.map);
        if (write) {
          if (loaded.corrupt && loaded.raw) {
            const copy = `${paths.file}.corrupt-${stamp(options.now ?? Date.now())}`;
            fs.writeFileSync(/*turbopackIgnore: true*/ copy, loaded.raw);
          }
          // Every writer of the file (Hermes's Python too) holds this lock while its temp file exists: any other is a leftover.
          if (sweepDue(skillsDir)) await removeLeftoverTemps(skillsDir, ".usage_", { underLock: true });
          await atomicWriteFile(paths.file, pythonJson(loaded.map), ".usage_", { sweepLeftovers: false });
        }
        return result;
      },
      options.lockTimeoutMs,
    );
  } catch (err) {
    throw homeWriteError(err, "updating skills/.usage.json");
  }
}

import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { atomicWriteFile } from "../fs/atomic-write";
import { readSmallTextSync } from "../fs/regular-file";

/**
 * Where a serving jev says it is: `<JEV_DB>.server`, beside the database and
 * its token file, written when the server listens and removed when it stops.
 * `jev integrate` and `jev doctor` read it to find the running server's port
 * instead of assuming 3000. It holds no secret (no token).
 */
const RunningServerFile = z.object({
  url: z.string().url(),
  pid: z.number().int().positive(),
  startedAt: z.number(),
});
export type RunningServer = z.infer<typeof RunningServerFile>;

export const runningServerFile = (dbFile: string) => `${dbFile}.server`;

export async function announceRunningServer(dbFile: string, server: RunningServer): Promise<void> {
  const file = runningServerFile(dbFile);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  await atomicWriteFile(file, `${JSON.stringify(server)}\n`, `.${path.basename(file)}_`, { mode: 0o644 });
}

/** Remove the file at exit, when it is still this process's (another server may have started since). */
export function forgetRunningServer(dbFile: string, pid = process.pid): void {
  const file = runningServerFile(dbFile);
  if (readFile(file)?.pid !== pid) return;
  try {
    fs.unlinkSync(file);
  } catch {
    // gone already
  }
}

/** The server the file names, when that process is still alive; null otherwise. */
export function readRunningServer(dbFile: string): RunningServer | null {
  const server = readFile(runningServerFile(dbFile));
  return server && isAlive(server.pid) ? server : null;
}

function readFile(file: string): RunningServer | null {
  const text = readSmallTextSync(file, 4_096);
  if (!text) return null;
  try {
    const parsed = RunningServerFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, run by another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

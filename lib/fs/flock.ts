// A native addon giving real flock(2), which excludes Python's fcntl.flock on the same file (next.config.mjs keeps it unbundled).

import fs from "node:fs";
import { flockSync } from "fs-ext";
import { processWide } from "../base/process-state";
import { NotRegularFile } from "./regular-file";

/** The lock could not be taken before the deadline: another process holds it. */
export class LockTimeout extends Error {
  constructor(readonly file: string) {
    super(`timed out waiting for the lock on ${file}`);
    this.name = "LockTimeout";
  }
}

/** One queue per lock file in this process: flock does not exclude two opens in one process, so our own callers wait here first. */
const queues = processWide("jev.lockQueues", () => new Map<string, Promise<unknown>>());

/**
 * Run `critical` while holding an exclusive flock(2) on `lockFile` (curator
 * spec §2.7): opened like Python's `a+` (never written), polled with
 * LOCK_EX|LOCK_NB and a 5–50 ms backoff so the event loop stays free, until
 * `timeoutMs`. Unlocked and closed whatever happens.
 */
export async function withFileLock<T>(lockFile: string, critical: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const previous = queues.get(lockFile) ?? Promise.resolve();
  const run = previous.catch(() => {}).then(() => lockAndRun(lockFile, critical, timeoutMs));
  queues.set(lockFile, run);
  try {
    return await run;
  } finally {
    if (queues.get(lockFile) === run) queues.delete(lockFile);
  }
}

async function lockAndRun<T>(lockFile: string, critical: () => T | Promise<T>, timeoutMs: number): Promise<T> {
  // Non-blocking, and a regular file or nothing: a FIFO left where the lock should be must not hang the server.
  const fd = fs.openSync(
    /*turbopackIgnore: true*/ lockFile,
    // Never through a link: one planted as the lock would have jev create its target wherever it points.
    fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_APPEND | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW,
    0o666,
  );
  try {
    if (!fs.fstatSync(fd).isFile()) throw new NotRegularFile(lockFile);
    const deadline = Date.now() + timeoutMs;
    for (let wait = 5; ; wait = Math.min(50, wait * 2)) {
      try {
        flockSync(fd, "exnb");
        break;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== "EAGAIN" && code !== "EWOULDBLOCK") throw err;
        if (Date.now() >= deadline) throw new LockTimeout(lockFile);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    try {
      return await critical();
    } finally {
      flockSync(fd, "un");
    }
  } finally {
    fs.closeSync(fd);
  }
}

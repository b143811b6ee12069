import { type ChildProcess, execFileSync, spawn } from "node:child_process";

/**
 * A FIFO at `file`, with a watchdog: after `releaseMs` a helper process opens
 * it for writing, which releases anything stuck in a blocking open of it. A
 * test that reads around the FIFO then fails on the time it took instead of
 * hanging its worker for good (a blocked synchronous open cannot be
 * interrupted). `dispose()` stops the helper.
 */
export function fifoTrap(file: string, releaseMs = 3_000): { dispose: () => void } {
  execFileSync("mkfifo", [file]);
  const helper: ChildProcess = spawn("sh", ["-c", `sleep ${releaseMs / 1000}; : > "$1"`, "sh", file], { stdio: "ignore" });
  return { dispose: () => helper.kill("SIGKILL") };
}

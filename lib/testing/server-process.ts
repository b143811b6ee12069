import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bundleServer } from "../../scripts/bundle-server.mjs";
import { serverNodeOptions } from "../../scripts/node-options.mjs";
import { packageRoot } from "../config";
import { rawRequest } from "./raw-http";

/**
 * jev's real server (server/serve.ts, compiled as `npm start` does, over the existing `.next` build) as a
 * child process on loopback, for tests and benchmarks that need their own
 * instance: to fuzz it with its own database, or to SIGKILL it mid-write. The
 * process is the server itself, not a launcher, so a signal reaches it.
 */
export interface ServerProcess {
  pid: number;
  port: number;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** What it has printed on stdout so far (its log lines). */
  stdout(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const root = packageRoot();
const runTs = path.join(root, "bin", "run-ts.mjs");

/**
 * A server of its own for a spec (a fresh folder: database, Hermes home at
 * `<dir>/hermes`, HOME), so no other spec's rows or files count: the
 * environment to migrate and start it with.
 */
export function isolatedServerEnv(dir: string, token: string): Record<string, string> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "home"), { recursive: true });
  // The lexical judge alone unless the spec says otherwise: a vector build would race the answers a spec pins.
  return { JEV_DB: path.join(dir, "jev.db"), JEV_API_TOKEN: token, HERMES_HOME: path.join(dir, "hermes"), HOME: path.join(dir, "home"), JEV_ENCODER: "off" };
}

/** Migrate the database the environment names (as `npm start` does before serving). */
export function prepareDb(env: Record<string, string>): void {
  const r = spawnSync(process.execPath, [runTs, path.join(root, "scripts", "prepare-db.ts")], { env: { ...process.env, ...env }, stdio: "ignore" });
  if (r.status !== 0) throw new Error("prepare-db failed");
}

export async function startServer(port: number, env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [await bundleServer(root)], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_OPTIONS: serverNodeOptions({ ...process.env, ...env }), // as scripts/start.mjs
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let printed = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    if (printed.length < 1_000_000) printed += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering`);
    const reply = await rawRequest(port, "GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n", "", 2_000);
    // Its own "serving" line too: a health reply alone may come from another server already on the port.
    if (reply.status === 200 && printed.includes("jev: serving")) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not answer /api/health in time");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid!,
    port,
    child,
    exited,
    stdout: () => printed,
    kill: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

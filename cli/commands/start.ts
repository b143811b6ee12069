import { spawn } from "node:child_process";
import path from "node:path";
import { packageRoot } from "../../lib/config";

/** `jev start`: what `npm start` does in jev's folder (build if needed, migrate, serve), from anywhere: for a global install. */
export async function startCommand(args: string[]): Promise<number> {
  if (args.length > 0) throw new (await import("../usage")).UsageError("start takes no arguments (set PORT, HOST, JEV_DB in the environment)");
  const child = spawn(process.execPath, [path.join(packageRoot(), "scripts", "start.mjs")], { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 0)));
}

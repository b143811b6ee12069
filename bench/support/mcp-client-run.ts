import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { writeSkill } from "../../lib/testing/factories";
import { isolatedServerEnv } from "../../lib/testing/server-process";

/*
 * What the real-MCP-client benches share (bench/codex-mcp.ts, claude-code-mcp.ts, gemini-mcp.ts): a home of two
 * skills, the client from npm in a temp prefix, `jev integrate <client> --mcp`, one turn, and what jev logged.
 */

export const MCP_BENCH_TURN = "merge these two PDF files into one";

/** A fresh server environment whose Hermes home holds pdf-tools (with a body the reply must carry) and slides. */
export function mcpBenchHome(name: string, token: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `jev-bench-${name}-`));
  const env = isolatedServerEnv(path.join(dir, "jev"), token);
  const skills = path.join(env.HERMES_HOME, "skills");
  writeSkill(skills, "pdf-tools", "Merge, split and extract text and tables from PDF files.", {
    body: "\n# PDF tools\n\nMerge with `qpdf --empty --pages a.pdf b.pdf -- out.pdf`.\n",
  });
  writeSkill(skills, "slides", "Make PowerPoint slide decks (.pptx).");
  return { dir, env, home: env.HOME };
}

/** Whether a model request carries the pick_skill reply: pdf-tools with its SKILL.md's body. */
export const carriesSkill = (body: string) => body.includes("pdf-tools") && body.includes("qpdf --empty");

/** Install an npm package into `<dir>/npm`; the path of its bin. */
export function installClient(dir: string, pkg: string, version: string, bin: string): string {
  const prefix = path.join(dir, "npm");
  const installed = spawnSync("npm", ["install", "--prefix", prefix, `${pkg}@${version}`, "--no-audit", "--no-fund"], { encoding: "utf8" });
  if (installed.status !== 0) throw new Error(`could not install ${pkg}@${version}: ${installed.stderr.slice(-400)}`);
  return path.join(prefix, "node_modules", ".bin", bin);
}

/** `jev integrate <client> --mcp` against the bench's server, as the user runs it. */
export function integrateMcp(client: string, env: Record<string, string>, port: number, extra: Record<string, string> = {}): void {
  const integrate = spawnSync(process.execPath, [path.resolve("bin/jev.mjs"), "integrate", client, "--mcp"], {
    env: { ...process.env, ...env, PORT: String(port), ...extra },
    encoding: "utf8",
  });
  if (integrate.status !== 0) throw new Error(integrate.stderr);
}

/** The client's environment: no JEV_API_TOKEN, so `jev mcp` must read the token file the integration wrote. */
export function clientEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { JEV_API_TOKEN: _unset, ...rest } = process.env;
  return { ...rest, ...extra };
}

/** One turn of the client, asynchronously (the fake model answers from this process's event loop): its exit code and time. */
export function runTurn(bin: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ status: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(bin, args, { ...options, stdio: process.env.BENCH_DUMP ? "inherit" : "ignore" });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ status: code, ms: performance.now() - started });
    });
  });
}

/** jev's decisions as one line: each one's channel and suggested skill. */
export function decisionsLine(dbFile: string): string {
  const db = new Database(dbFile, { readonly: true });
  const rows = db.prepare("SELECT channel, suggested_skill AS skill FROM decisions").all() as { channel: string; skill: string | null }[];
  db.close();
  return rows.map((d) => `${d.channel} → ${d.skill ?? "none"}`).join("; ") || "none";
}

#!/usr/bin/env node
// `npm start`: build when there is no build (or sources changed since it), migrate
// the SQLite database, make sure an API token exists (printed once), then serve.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { register } from "tsx/esm/api";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

function newestSourceMtime() {
  let newest = 0;
  const visit = (p) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (!e.startsWith(".") && e !== "node_modules") visit(path.join(p, e));
    } else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ["app", "lib", "db", "public", "next.config.mjs", "package.json", "tsconfig.json"]) visit(path.join(root, p));
  return newest;
}

const buildId = fs.statSync(path.join(root, ".next", "BUILD_ID"), { throwIfNoEntry: false });
if (!buildId || buildId.mtimeMs < newestSourceMtime()) {
  console.log(buildId ? "jev: sources changed since the last build, rebuilding…" : "jev: no build yet, building (about a minute)…");
  const built = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit" });
  if (built.status !== 0) {
    console.error("jev: build failed");
    process.exit(1);
  }
}

register();
const { getDb, resolveDbFile } = await import("../db/client.ts");
const { ensureApiToken } = await import("../lib/auth/api-token.ts");
let token;
try {
  token = ensureApiToken(getDb());
} catch {
  console.error(`jev: cannot open or migrate the database at ${resolveDbFile()} (set JEV_DB to a writable path)`);
  process.exit(1);
}
console.log(`jev: database ${resolveDbFile()}`);
if (token.generated) {
  console.log(`jev: generated an API token (shown once; set JEV_API_TOKEN to choose your own):\n\n  ${token.token}\n`);
}

const port = process.env.PORT || "3000";
const host = process.env.HOST || "127.0.0.1";
const server = spawn(process.execPath, [nextBin, "start", "-p", port, "-H", host], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

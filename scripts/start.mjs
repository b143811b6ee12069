#!/usr/bin/env node
// `npm start`: build when there is no build (or sources changed since it), migrate
// the SQLite database, make sure an API token exists (printed once), then serve
// (server/serve.ts).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bundleServer } from "./bundle-server.mjs";
import { serverNodeOptions } from "./node-options.mjs";

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

/** One line per phase, with how long it took: a first start on a slow machine says what it is doing. */
const phaseStarted = Date.now();
const took = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

const buildId = fs.statSync(path.join(root, ".next", "BUILD_ID"), { throwIfNoEntry: false });
if (!buildId || buildId.mtimeMs < newestSourceMtime()) {
  console.log(
    buildId
      ? "jev: [1/3] sources changed since the last build: rebuilding the app…"
      : "jev: [1/3] first start: building the app (about 30 s on an idle 2-core machine, longer on a busy one)…",
  );
  // `npm test` type-checks the code (tsc --noEmit); the build that serves it skips Next's second pass over the same files.
  const built = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, JEV_BUILD_SKIP_TYPECHECK: "1" } });
  if (built.status !== 0) {
    console.error("jev: build failed");
    process.exit(1);
  }
  console.log(`jev: [1/3] app built in ${took(phaseStarted)}`);
} else {
  console.log("jev: [1/3] app already built");
}

const dbStarted = Date.now();
console.log("jev: [2/3] preparing the database…");
const prepared = spawnSync(process.execPath, [path.join(root, "bin", "run-ts.mjs"), path.join(root, "scripts", "prepare-db.ts")], { stdio: "inherit" });
if (prepared.status !== 0) process.exit(1);
console.log(`jev: [2/3] database ready in ${took(dbStarted)}`);
console.log("jev: [3/3] starting the server…");

const port = process.env.PORT || "3000";
const host = process.env.HOST || "127.0.0.1";
const nodeOptions = serverNodeOptions(process.env);
// server/serve.ts, compiled: Next.js behind jev's front door (JSON errors for what Next answers in HTML or plain text).
const serverBundle = await bundleServer(root);
const server = spawn(process.execPath, [serverBundle], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", PORT: port, HOST: host, NODE_OPTIONS: nodeOptions },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

#!/usr/bin/env node
// `npm start`: build when there is no build (or sources changed since it), migrate
// the SQLite database, make sure an API token exists (printed once), then serve
// (server/serve.ts).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { bundleServer } from "./bundle-server.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { serverNodeOptions } from "./node-options.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
ensureBuild();

const took = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
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

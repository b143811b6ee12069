#!/usr/bin/env node
// The app's Next.js build, made when there is none or a source changed since it: `npm start` runs it first, and so do
// the peer tests (peers/), which serve the built app as users get it. Run alone, it builds if needed and exits.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
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

/** Build when needed, with one line for what it does and how long it took; exits the process when the build fails. */
export function ensureBuild(label = "jev: [1/3]") {
  const started = Date.now();
  const buildId = fs.statSync(path.join(root, ".next", "BUILD_ID"), { throwIfNoEntry: false });
  if (buildId && buildId.mtimeMs >= newestSourceMtime()) {
    console.log(`${label} app already built`);
    return;
  }
  console.log(
    buildId
      ? `${label} sources changed since the last build: rebuilding the app…`
      : `${label} first start: building the app (about 30 s on an idle 2-core machine, longer on a busy one)…`,
  );
  // `npm test` type-checks the code (tsc --noEmit); the build that serves it skips Next's second pass over the same files.
  const built = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", JEV_BUILD_SKIP_TYPECHECK: "1" },
  });
  if (built.status !== 0) {
    console.error("jev: build failed");
    process.exit(1);
  }
  console.log(`${label} app built in ${Math.round((Date.now() - started) / 1000)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild("jev:");

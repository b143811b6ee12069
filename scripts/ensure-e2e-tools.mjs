#!/usr/bin/env node
// The e2e tests drive Debian's Chromium (never a downloaded browser) and run the
// README's hook recipe, which needs curl and jq. Install what is missing when we
// are root; otherwise say how, and fail.
import { execSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const onPath = (cmd) => process.env.PATH.split(":").some((dir) => fs.existsSync(`${dir}/${cmd}`));
const missing = [...(fs.existsSync(chromium) ? [] : ["chromium"]), ...["curl", "jq"].filter((cmd) => !onPath(cmd))];
if (missing.length === 0) process.exit(0);
if (process.getuid?.() === 0) {
  console.log(`e2e: installing Debian's ${missing.join(", ")} (apt-get)…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, { stdio: "inherit" });
  process.exit(fs.existsSync(chromium) && ["curl", "jq"].every(onPath) ? 0 : 1);
}
console.error(`e2e: missing ${missing.join(", ")}. Install with: sudo apt-get install -y ${missing.join(" ")} (or set CHROMIUM_PATH)`);
process.exit(1);

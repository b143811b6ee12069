#!/usr/bin/env node
// The e2e tests drive Debian's Chromium (never a downloaded browser). Install it
// when missing and we are root; otherwise say how, and fail.
import { execSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (fs.existsSync(chromium)) process.exit(0);
if (process.getuid?.() === 0) {
  console.log("e2e: installing Debian's chromium (apt-get)…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  process.exit(fs.existsSync(chromium) ? 0 : 1);
}
console.error(`e2e: ${chromium} not found. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`);
process.exit(1);

#!/usr/bin/env node
// `npm test` must leave the checkout as it found it: tests write only to temporary folders.
// `snapshot` records `git status` and every file under data/ (path, size, mtime) before the tests;
// `verify` compares after them and fails naming what appeared or went; a file whose content changed is only
// reported (a server you run from this checkout writes its database meanwhile), and so is a file such a server
// makes or removes beside its database (`-wal`, `-shm`, `-journal`, `.server`) or under data/demo/ (the
// dashboard's demo button). Outside git, git's part is skipped.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const snapshotFile = path.join(root, ".tmp", "checkout-snapshot.json");

function gitStatus() {
  const r = spawnSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: root, encoding: "utf8" });
  return r.status === 0 ? r.stdout.split("\n").filter(Boolean).sort() : null;
}

function dataFiles() {
  const out = {};
  const visit = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else {
        const st = fs.lstatSync(p);
        out[path.relative(root, p)] = `${st.size}:${Math.round(st.mtimeMs)}`;
      }
    }
  };
  visit(path.join(root, "data"));
  return out;
}

const [mode] = process.argv.slice(2);
if (mode === "snapshot") {
  fs.mkdirSync(path.dirname(snapshotFile), { recursive: true });
  fs.writeFileSync(snapshotFile, JSON.stringify({ git: gitStatus(), data: dataFiles() }));
} else if (mode === "verify") {
  const before = JSON.parse(fs.readFileSync(snapshotFile, "utf8"));
  const now = { git: gitStatus(), data: dataFiles() };
  const problems = [];
  const notes = [];
  if (before.git && now.git && before.git.join("\n") !== now.git.join("\n")) {
    const was = new Set(before.git);
    const is = new Set(now.git);
    for (const l of now.git) if (!was.has(l)) problems.push(`git status gained: ${l}`);
    for (const l of before.git) if (!is.has(l)) problems.push(`git status lost: ${l}`);
  }
  const keys = new Set([...Object.keys(before.data), ...Object.keys(now.data)]);
  // What a server running from this checkout writes on its own: reported, never a failure.
  const serversOwn = (k) => /(-wal|-shm|-journal|\.server)$/.test(k) || k.startsWith(`data${path.sep}demo${path.sep}`);
  for (const k of [...keys].sort()) {
    const change = !(k in now.data) ? "removed" : !(k in before.data) ? "created" : before.data[k] !== now.data[k] ? "changed" : null;
    if (change === null) continue;
    if (change === "changed" || serversOwn(k)) notes.push(`${change}: ${k}`);
    else problems.push(`${change}: ${k}`);
  }
  if (notes.length) console.log(`checkout-guard: changed while the tests ran (a server of yours writing, or a test):\n  ${notes.slice(0, 20).join("\n  ")}`);
  if (problems.length) {
    console.error(`checkout-guard: the tests changed the checkout (they must write to temporary folders only):\n  ${problems.slice(0, 40).join("\n  ")}`);
    process.exit(1);
  }
  console.log("checkout-guard: the checkout is as the tests found it (git status and data/)");
} else {
  console.error("usage: checkout-guard.mjs snapshot|verify");
  process.exit(2);
}

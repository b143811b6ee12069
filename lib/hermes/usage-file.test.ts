import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withFileLock } from "../fs/flock";
import { tempDir } from "../testing/factories";
import { mutateUsage, readUsage, usagePaths } from "./usage-file";
import { bumpView } from "./usage-record";

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "../..");
const fixtureText = fs.readFileSync(path.join(repo, "fixtures/hermes/usage.json"), "utf8");
/** Python 3 for the interop tests (Hermes's own flock); they are skipped on a machine without it. */
const python = ["python3", "python"].find((p) => {
  try {
    return execFileSync(p, ["-c", "import fcntl, sys; assert sys.version_info[0] == 3"], { stdio: "ignore" }) !== undefined;
  } catch {
    return false;
  }
});

let tmp: ReturnType<typeof tempDir>;
let home: string;
beforeEach(() => {
  tmp = tempDir("jev-usage-");
  home = tmp.dir;
  fs.mkdirSync(path.join(home, "skills"));
});
afterEach(() => tmp.cleanup());

const bump = (skill: string, now = Date.now()) =>
  mutateUsage(
    home,
    (map) => {
      bumpView(map, skill, now);
      return { write: true, result: map[skill] };
    },
    { now },
  );
const leftovers = () => fs.readdirSync(path.join(home, "skills")).filter((f) => /^\.usage_.*\.tmp$/.test(f));

describe("skills/.usage.json: reading (checklist 1)", () => {
  it("a missing, 0-byte, corrupt, BOM-prefixed or non-object file loads as {}; the next write first keeps a .corrupt copy", async () => {
    const { file } = usagePaths(home);
    expect(readUsage(home)).toEqual({ map: {}, corrupt: false });
    for (const bad of ["", "{not json", `\uFEFF${fixtureText}`, "[1, 2]", "null"]) {
      fs.writeFileSync(file, bad);
      expect(readUsage(home).map).toEqual({});
      expect(readUsage(home).corrupt).toBe(true);
    }
    fs.writeFileSync(file, "{broken");
    await bump("a", Date.parse("2026-09-10T12:00:00Z"));
    expect(fs.readFileSync(`${file}.corrupt-20260910120000`, "utf8")).toBe("{broken");
    expect(readUsage(home).map.a.view_count).toBe(1);
  });

  it("drops entries that are not objects", () => {
    fs.writeFileSync(usagePaths(home).file, '{"a": {"use_count": 1}, "b": 3, "c": null, "d": []}');
    expect(Object.keys(readUsage(home).map)).toEqual(["a"]);
  });
});

describe("skills/.usage.json: writing (checklist 2, 4, 12)", () => {
  it("re-saving Hermes's file is byte-identical; a bump changes only its record's fields", async () => {
    fs.writeFileSync(usagePaths(home).file, fixtureText);
    await mutateUsage(home, () => ({ write: true, result: null }));
    expect(fs.readFileSync(usagePaths(home).file, "utf8")).toBe(fixtureText);
    await bump("legacy-record", Date.parse("2026-09-10T12:00:00Z"));
    const after = JSON.parse(fs.readFileSync(usagePaths(home).file, "utf8"));
    const before = JSON.parse(fixtureText);
    expect(after["my-umbrella-skill"]).toEqual(before["my-umbrella-skill"]);
    expect(after["legacy-record"]).toEqual({ ...before["legacy-record"], view_count: 2, last_viewed_at: "2026-09-10T12:00:00+00:00" });
    expect(fs.readFileSync(usagePaths(home).file, "utf8").endsWith("}")).toBe(true);
  });

  it("leaves no temp file after a write, nor after a write that fails", async () => {
    await bump("a");
    expect(leftovers()).toEqual([]);
    // The rename over the target fails (here the target is a folder): the temp goes, the target stays.
    const { file } = usagePaths(home);
    fs.renameSync(file, `${file}.saved`);
    fs.mkdirSync(path.join(file, "in-the-way"), { recursive: true });
    await expect(bump("a")).rejects.toThrow();
    expect(leftovers()).toEqual([]);
    expect(fs.existsSync(path.join(file, "in-the-way"))).toBe(true);
  });

  it("removes the temp files interrupted writes left (jev's or Hermes's), and nothing else, on the next write", async () => {
    const skills = path.join(home, "skills");
    for (const name of [".usage_k1lled00.tmp", ".usage_abc_1234.tmp"]) fs.writeFileSync(path.join(skills, name), "{");
    fs.writeFileSync(path.join(skills, ".usage_notmine.bak"), "keep");
    fs.writeFileSync(path.join(skills, ".state.json.abcdefgh.tmp"), "keep");
    await bump("a");
    expect(leftovers()).toEqual([]);
    expect(fs.readdirSync(skills).sort()).toEqual([".state.json.abcdefgh.tmp", ".usage.json", ".usage.json.lock", ".usage_notmine.bak"]);
  });

  it("refuses a missing home, and reports a read-only one clearly, losing nothing", async () => {
    await expect(mutateUsage(path.join(home, "nope"), () => ({ write: true, result: null }))).rejects.toMatchObject({ code: "not_found" });
    await bump("a");
    const before = fs.readFileSync(usagePaths(home).file);
    if (process.getuid?.() === 0) return; // root writes through permission bits
    fs.chmodSync(path.join(home, "skills"), 0o555);
    try {
      await expect(bump("a")).rejects.toMatchObject({ code: "read_only" });
    } finally {
      fs.chmodSync(path.join(home, "skills"), 0o755);
    }
    expect(fs.readFileSync(usagePaths(home).file)).toEqual(before);
  });
});

describe("the lock, across processes (checklist 10, 11)", () => {
  const worker = (skill: string, times: number) =>
    run("node", [path.join(repo, "bin/run-ts.mjs"), path.join(repo, "lib/testing/usage-bump-worker.ts"), home, skill, String(times)]);
  const pythonWriter = (skill: string, times: number) =>
    run(python as string, [path.join(repo, "lib/testing/python-usage-writer.py"), home, skill, String(times)]);

  it("6 processes × 25 bumps give exactly 150", { timeout: 60_000 }, async () => {
    await Promise.all(Array.from({ length: 6 }, () => worker("x", 25)));
    expect(readUsage(home).map.x.view_count).toBe(150);
    expect(leftovers()).toEqual([]);
  });

  it.skipIf(!python)("3 jev processes and 3 Python fcntl.flock writers lose no update", { timeout: 60_000 }, async () => {
    await Promise.all([...Array.from({ length: 3 }, () => worker("y", 25)), ...Array.from({ length: 3 }, () => pythonWriter("y", 25))]);
    expect(readUsage(home).map.y.view_count).toBe(150);
  });

  it.skipIf(!python)("while Python holds the lock jev waits, and the lock file's inode never changes", { timeout: 30_000 }, async () => {
    const { lock } = usagePaths(home);
    fs.writeFileSync(lock, "");
    const inode = fs.statSync(lock).ino;
    const holder: ChildProcess = spawn(python as string, [path.join(repo, "lib/testing/python-usage-writer.py"), home, "z", "0", "1.5"]);
    await new Promise<void>((resolve) => holder.stdout?.once("data", () => resolve()));
    const started = Date.now();
    await bump("z");
    expect(Date.now() - started).toBeGreaterThan(1_000);
    await expect(mutateUsage(home, () => ({ write: false, result: null }), { lockTimeoutMs: 50 })).resolves.toBeNull();
    expect(fs.statSync(lock).ino).toBe(inode);
  });

  it.skipIf(!python)("while jev holds the lock, Python's flock waits until it is released", { timeout: 30_000 }, async () => {
    let writer: ChildProcess | undefined;
    await withFileLock(usagePaths(home).lock, async () => {
      writer = spawn(python as string, [path.join(repo, "lib/testing/python-usage-writer.py"), home, "w", "1"]);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(readUsage(home).map.w).toBeUndefined(); // still waiting for the lock
    });
    await new Promise((resolve) => writer?.once("exit", resolve));
    expect(readUsage(home).map.w.view_count).toBe(1);
  });
});

describe("round trip with Hermes's own reader and writer", () => {
  const pythonRoundTrip = (file: string) =>
    execFileSync(python as string, [
      "-c",
      "import json,sys; d=json.load(open(sys.argv[1],encoding='utf-8')); sys.stdout.write(json.dumps(d, indent=2, sort_keys=True, ensure_ascii=False))",
      file,
    ]).toString("utf8");

  it.skipIf(!python)("what jev writes, Python's json reads and writes back byte for byte; what Python writes, jev reads and writes back the same", async () => {
    fs.writeFileSync(usagePaths(home).file, fixtureText);
    await bump("Get笔记 😀", Date.parse("2026-09-10T12:00:00.123Z"));
    await bump("legacy-record", Date.parse("2026-09-10T12:00:01Z"));
    const jevBytes = fs.readFileSync(usagePaths(home).file, "utf8");
    expect(pythonRoundTrip(usagePaths(home).file)).toBe(jevBytes);
    await run(python as string, [path.join(repo, "lib/testing/python-usage-writer.py"), home, "from-python", "2"]);
    const pythonBytes = fs.readFileSync(usagePaths(home).file, "utf8");
    expect(readUsage(home).map["from-python"].view_count).toBe(2);
    await mutateUsage(home, () => ({ write: true, result: null }));
    expect(fs.readFileSync(usagePaths(home).file, "utf8")).toBe(pythonBytes);
  });
});

describe("crash safety", () => {
  it("a writer killed mid-write (SIGKILL) leaves .usage.json whole; readers only ever see a whole file", { timeout: 60_000 }, async () => {
    // A big file, so each write takes a while and a kill lands inside one.
    const big = Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`skill-${i}`, { use_count: i, note: "x".repeat(100) }]));
    fs.writeFileSync(usagePaths(home).file, JSON.stringify(big));
    // Counted in events, not time: each round reads until the writer has landed a few writes and
    // the reader has seen enough whole files, then kills it wherever it is (a loaded machine only slows it).
    let reads = 0;
    const hotViews = () => Number(readUsage(home).map.hot?.view_count ?? 0);
    for (let round = 0; round < 4; round++) {
      const child = spawn("node", [path.join(repo, "bin/run-ts.mjs"), path.join(repo, "lib/testing/usage-bump-worker.ts"), home, "hot", "100000"]);
      const startViews = hotViews();
      let roundReads = 0;
      const guard = Date.now() + 45_000;
      while ((hotViews() < startViews + 3 + round || roundReads < 30) && Date.now() < guard) {
        const loaded = readUsage(home);
        expect(loaded.corrupt).toBe(false);
        reads++;
        roundReads++;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(hotViews()).toBeGreaterThanOrEqual(startViews + 3 + round);
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      const after = readUsage(home);
      expect(after.corrupt).toBe(false);
      expect(Object.keys(after.map).length).toBeGreaterThanOrEqual(3_000);
    }
    expect(reads).toBeGreaterThanOrEqual(120);
    expect(readUsage(home).map.hot.view_count).toBeGreaterThan(0);
    // Whatever temp files the kills left, the next write removes them.
    await bump("after");
    expect(leftovers()).toEqual([]);
  });
});

describe("a usage file jev did not make as one (second hardening round)", () => {
  it("a link to a file outside the home is refused before anything changes; so are a folder and a FIFO", async () => {
    const outside = path.join(tmp.dir, "outside.json");
    fs.writeFileSync(outside, '{"kept": {}}');
    fs.symlinkSync(outside, usagePaths(home).file);
    await expect(bump("pdf")).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/\.usage\.json is a symlink/) });
    expect(fs.lstatSync(usagePaths(home).file).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(outside, "utf8")).toBe('{"kept": {}}');
    fs.unlinkSync(usagePaths(home).file);
    fs.mkdirSync(usagePaths(home).file);
    await expect(bump("pdf")).rejects.toMatchObject({ message: expect.stringMatching(/is a folder/) });
    fs.rmdirSync(usagePaths(home).file);
    execFileSync("mkfifo", [usagePaths(home).file]);
    await expect(bump("pdf")).rejects.toMatchObject({ message: expect.stringMatching(/not a regular file/) });
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { skillTree, tempDir } from "../lib/testing/factories";
import { buildHermesHome, idleRecord } from "../lib/testing/hermes-home";
import { main } from "./main";

let dir: ReturnType<typeof tempDir>;
let tmp: string;
let out: string[];
let err: ReturnType<typeof vi.spyOn>;
const run = (...argv: string[]) => main(argv, (line) => out.push(line));

beforeEach(() => {
  dir = tempDir("jev-cli-");
  tmp = dir.dir;
  out = [];
  err = vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubEnv("JEV_DB", path.join(tmp, "jev.db"));
  vi.stubEnv("HERMES_HOME", path.join(tmp, "hermes"));
  skillTree(path.join(tmp, "skills"), { xlsx: "Create and edit Excel spreadsheets with formulas." });
});
afterEach(() => {
  vi.unstubAllEnvs();
  err.mockRestore();
  dir.cleanup();
});

describe("jev pick-skill", () => {
  it("prints the reply as one JSON line", async () => {
    expect(await run("pick-skill", "--turn", "build an Excel spreadsheet with formulas", "--root", path.join(tmp, "skills"))).toBe(0);
    expect(out).toHaveLength(1);
    const reply = JSON.parse(out[0]);
    expect(reply.skills[0]).toMatchObject({ name: "xlsx", path: path.join(tmp, "skills", "xlsx", "SKILL.md") });
  });

  it("answers trivial turns from the gate", async () => {
    expect(await run("pick-skill", "--turn", "thanks!")).toBe(0);
    expect(out[0]).toBe('{"status":"ok","needs_skill":0.0,"skills":[],"latency_ms":0,"skipped":"trivial"}');
  });

  it.each([
    [["pick-skill"], /needs --turn/],
    [["pick-skill", "--turn", "x", "--nope"], /Unknown option '--nope'/],
    [["frobnicate"], /unknown command 'frobnicate'/],
    [[], /usage:/],
    [["eval", "--catalog", "/does/not/exist.jsonl", "--cases", "/nope.jsonl"], /cannot read catalog file/],
    [["eval", "--catalog", "c.jsonl", "--cases", "k.jsonl", "--judge", "gpt"], /--judge must be lexical .* or local/],
  ])("exits 2 with one line for %j", async (argv, message) => {
    expect(await run(...argv)).toBe(2);
    expect(err).toHaveBeenCalledTimes(1);
    expect(String(err.mock.calls[0][0])).toMatch(message);
    expect(out).toEqual([]);
  });
});

describe("jev feedback, jev token, per-command help", () => {
  it("feedback prints {ok: true} and makes that session a load-reporting one; bad input exits 2 with one line", async () => {
    expect(await run("feedback", "--session", "s1", "--skill", "xlsx", "--event", "loaded")).toBe(0);
    expect(out).toEqual(['{"ok":true}']);
    expect(await run("feedback", "--session", "s1", "--skill", "xlsx", "--event", "liked")).toBe(2);
    expect(String(err.mock.calls[0][0])).toBe("jev feedback: --event: must be loaded or rejected");
    expect(await run("feedback", "--session", "s1", "--event", "loaded")).toBe(2);
    expect(String(err.mock.calls[1][0])).toMatch(/needs --skill/);
  });

  it("token prints the generated token, the same every time", async () => {
    expect(await run("token")).toBe(0);
    expect(await run("token")).toBe(0);
    expect(out[0]).toMatch(/^jev_/);
    expect(out[1]).toBe(out[0]);
  });

  it("a bad environment variable is exit 2 and one line naming it", async () => {
    vi.stubEnv("JEV_RETENTION_DAYS", "soon");
    expect(await run("token")).toBe(2);
    expect(String(err.mock.calls[0][0])).toMatch(/^jev token: JEV_RETENTION_DAYS: /);
  });

  it.each(["pick-skill", "eval", "feedback", "token"])("jev %s --help prints that command's usage and exits 0", async (command) => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await run(command, "--help")).toBe(0);
    expect(String(log.mock.calls[0][0])).toContain(`jev ${command}`);
    log.mockRestore();
  });
});

describe("jev eval", () => {
  it("prints one JSON object of metrics and names the bad line of a broken file", async () => {
    const catalog = path.join(tmp, "c.jsonl");
    const cases = path.join(tmp, "k.jsonl");
    fs.writeFileSync(
      catalog,
      ['{"name":"xlsx","description":"Excel spreadsheets with formulas","path":"a/xlsx"}', '{"name":"pdf","description":"PDF documents","path":"a/pdf"}'].join(
        "\n",
      ),
    );
    fs.writeFileSync(cases, ['{"turn":"make an excel spreadsheet","expected":["a/xlsx"]}', '{"turn":"tell me a joke","expected":[]}'].join("\n"));
    expect(await run("eval", "--catalog", catalog, "--cases", cases)).toBe(0);
    expect(JSON.parse(out[0])).toMatchObject({ cases: 2, top1: 1, recall_at_3: 1, none_recall: 1 });
    const casesOut = path.join(tmp, "out.jsonl");
    expect(await run("eval", "--catalog", catalog, "--cases", cases, "--cases-out", casesOut)).toBe(0);
    const report = JSON.parse(out[1]);
    expect(report).toMatchObject({ hit_at_3: 1 });
    expect(report.index_ms).toBeGreaterThanOrEqual(0);
    const perCase = fs
      .readFileSync(casesOut, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(perCase[0]).toMatchObject({ line: 1, expected: ["a/xlsx"], gold_rank: 1, loaded: "a/xlsx" });
    expect(perCase[0].top3[0]).toMatchObject({ name: "xlsx", path: "a/xlsx" });
    fs.appendFileSync(cases, '\n{"turn": 5}');
    expect(await run("eval", "--catalog", catalog, "--cases", cases)).toBe(2);
    expect(String(err.mock.calls[0][0])).toMatch(/k\.jsonl:3: turn/);
  });

  it("evaluates a skills folder (--root) with expected skills given by name; an unknown name is an error", async () => {
    const cases = path.join(tmp, "k.jsonl");
    fs.writeFileSync(cases, '{"turn":"build an Excel spreadsheet with formulas","expected":["xlsx"]}\n');
    expect(await run("eval", "--root", path.join(tmp, "skills"), "--cases", cases)).toBe(0);
    expect(JSON.parse(out[0])).toMatchObject({ cases: 1, top1: 1 });
    fs.writeFileSync(cases, '{"turn":"x","expected":["no-such-skill"]}\n');
    expect(await run("eval", "--root", path.join(tmp, "skills"), "--cases", cases)).toBe(2);
    expect(String(err.mock.calls[0][0])).toMatch(/k\.jsonl:1: expected 'no-such-skill' is neither a path nor a name/);
  });
});

describe("jev replay", () => {
  const line = (ts: string, session: string, kind: string, skill: string) => JSON.stringify({ ts, session, kind, skill });
  const writeLog = () => {
    const log = path.join(tmp, "week.jsonl");
    fs.writeFileSync(
      log,
      [
        line("2026-11-02T10:00:00Z", "s1", "suggest", "pdf"),
        line("2026-11-02T10:01:00Z", "s1", "load", "pdf"),
        line("2026-11-02T10:05:00Z", "s1", "suggest", "pdf"),
        "not json",
      ].join("\n"),
    );
    return log;
  };

  it("prints the report (--json with the interfaces.md keys), counting a bad line and going on", async () => {
    const log = writeLog();
    expect(await run("replay", "--log", log, "--json")).toBe(0);
    const report = JSON.parse(out[0]);
    expect(report).toMatchObject({
      recorded: { suggestions: 2, loaded: 1, load_rate: 0.5 },
      replayed: { suggestions: 1, loaded: 1, load_rate: 1 },
      removed: { duplicates: 1, rejected: 0, loads_lost: 0 },
      bad_lines: { count: 1, first: [{ line: 4, problem: "not JSON" }] },
    });
    out = [];
    expect(await run("replay", "--log", log)).toBe(0);
    expect(out.join("\n")).toMatch(/suggestions\s+2\s+1/);
  });

  it("--strict, a bad rules file and a missing log exit 2 with one line", async () => {
    const log = writeLog();
    expect(await run("replay", "--log", log, "--strict")).toBe(2);
    expect(String(err.mock.calls.at(-1)?.[0])).toMatch(/line 4: not JSON$/);
    const rules = path.join(tmp, "rules.json");
    fs.writeFileSync(rules, '{"suppression": {"min_suggestions": 0}}');
    expect(await run("replay", "--log", log, "--rules", rules)).toBe(2);
    expect(String(err.mock.calls.at(-1)?.[0])).toContain("suppression.min_suggestions");
    expect(await run("replay", "--log", path.join(tmp, "missing.jsonl"))).toBe(2);
    expect(await run("replay")).toBe(2);
  });

  it("replays under a rules file that changes only what it names", async () => {
    const log = writeLog();
    const rules = path.join(tmp, "rules.json");
    fs.writeFileSync(rules, '{"dedup_loaded": false}');
    expect(await run("replay", "--log", log, "--rules", rules, "--json")).toBe(0);
    const report = JSON.parse(out[0]);
    expect(report.removed.duplicates).toBe(0);
    expect(report.rules.suppression.min_suggestions).toBe(5);
  });
});

describe("jev export-log", () => {
  it("writes the live suggestions and loads as a replay log that jev replay reads", async () => {
    const root = path.join(tmp, "skills");
    expect(await run("pick-skill", "--turn", "create an excel spreadsheet with formulas", "--root", root, "--session", "e1")).toBe(0);
    expect(JSON.parse(out[0]).skills[0]).toMatchObject({ name: "xlsx" });
    expect(await run("feedback", "--session", "e1", "--skill", "xlsx", "--event", "loaded")).toBe(0);
    out = [];
    expect(await run("export-log")).toBe(0);
    expect(out.map((l) => JSON.parse(l)).map((e) => [e.kind, e.session, e.skill])).toEqual([
      ["suggest", "e1", "xlsx"],
      ["load", "e1", "xlsx"],
    ]);
    const file = path.join(tmp, "mine.jsonl");
    out = [];
    expect(await run("export-log", "--out", file)).toBe(0);
    expect(await run("replay", "--log", file, "--json")).toBe(0);
    expect(JSON.parse(out[0]).recorded).toEqual({ suggestions: 1, loaded: 1, load_rate: 1 });
    expect(await run("export-log", "--from", "1999-01-01")).toBe(2);
  });
});

describe("jev import hermes", () => {
  it("imports jev/skill-feedback.json once: shown suggestions and credited loads; a second run adds nothing", async () => {
    const home = path.join(tmp, "hermes");
    fs.mkdirSync(path.join(home, "jev"), { recursive: true });
    const records = [
      { skill: "pdf", at: "2026-11-30T10:00:00+00:00", loaded: true, session: "h1" },
      { skill: "xlsx", at: "2026-11-30T10:05:00+00:00", loaded: false, session: "h1" },
      { skill: "pdf", at: "2026-11-30T11:00:00+00:00", loaded: false },
    ];
    fs.writeFileSync(path.join(home, "jev", "skill-feedback.json"), JSON.stringify({ version: 1, records }));
    expect(await run("import", "hermes", "--home", home)).toBe(0);
    expect(JSON.parse(out[0])).toMatchObject({ records: 3, imported: 3, already: 0 });
    out = [];
    expect(await run("import", "hermes", "--hermes-home", home)).toBe(0);
    expect(JSON.parse(out[0])).toMatchObject({ records: 3, imported: 0, already: 3 });
    out = [];
    expect(await run("export-log", "--from", "2026-11-30", "--to", "2026-11-30")).toBe(0);
    // The loaded record is a suggestion and its credited load at the same instant: suggestion first.
    expect(out.map((l) => JSON.parse(l)).map((e) => [e.kind, e.skill])).toEqual([
      ["suggest", "pdf"],
      ["load", "pdf"],
      ["suggest", "xlsx"],
      ["suggest", "pdf"],
    ]);
  });

  it("a broken file or a missing source is exit 2 with one line; no file imports nothing", async () => {
    const home = path.join(tmp, "hermes");
    expect(await run("import", "hermes", "--home", home)).toBe(0);
    expect(JSON.parse(out[0])).toMatchObject({ records: 0, imported: 0 });
    fs.mkdirSync(path.join(home, "jev"), { recursive: true });
    fs.writeFileSync(path.join(home, "jev", "skill-feedback.json"), '{"version": 1, "records": [{"skill": "pdf"}]}');
    expect(await run("import", "hermes", "--home", home)).toBe(2);
    expect(String(err.mock.calls.at(-1)?.[0])).toContain("records.0.at");
    expect(await run("import")).toBe(2);
  });
});

describe("jev curator", () => {
  const home = () => path.join(tmp, "hermes");
  const now = Date.now();
  beforeEach(() => {
    buildHermesHome(home(), {
      configYaml: "curator:\n  prune_builtins: false\n",
      skills: { old: null, fresh: null, hand: null, b: null },
      bundled: ["b"],
      usage: { old: idleRecord(now, 120), fresh: idleRecord(now, 1), hand: { created_by: "learn" } },
    });
    fs.mkdirSync(path.join(home(), "skills"), { recursive: true });
    fs.writeFileSync(path.join(home(), "skills/.curator_state"), JSON.stringify({ last_run_at: new Date(now).toISOString(), run_count: 1 }));
  });

  it("status, usage and list-unmanaged print Hermes's views; --json the data", async () => {
    expect(await run("curator", "status")).toBe(0);
    expect(out.join("\n")).toMatch(/^curator: ENABLED \(1 runs\)/);
    out = [];
    expect(await run("curator", "usage", "--json")).toBe(0);
    expect(JSON.parse(out[0]).map((r: { name: string }) => r.name)).toEqual(["b", "fresh", "hand", "old"]);
    out = [];
    expect(await run("curator", "list-unmanaged")).toBe(0);
    expect(out).toEqual(["hand  created in the foreground"]);
  });

  it("prune --dry-run lists and changes nothing; prune -y archives; --days 0 is exit 2; a refusal is exit 1 with one line", async () => {
    expect(await run("curator", "prune", "--days", "30", "--dry-run")).toBe(0);
    expect(out).toEqual(["  old  idle 120d", "(dry run — no changes made)"]);
    expect(fs.existsSync(path.join(home(), "skills/old"))).toBe(true);
    out = [];
    expect(await run("curator", "prune", "-y")).toBe(0);
    expect(out.at(-1)).toBe("archived 1/1");
    expect(await run("curator", "prune", "--days", "0")).toBe(2);
    expect(err).toHaveBeenLastCalledWith("jev curator: --days must be >= 1 (got 0)");
    expect(await run("curator", "archive", "b")).toBe(1);
    expect(err).toHaveBeenLastCalledWith("jev curator: 'b' is a bundled built-in; enable curator.prune_builtins to allow pruning it");
    out = [];
    expect(await run("curator", "restore", "old", "--json")).toBe(0);
    expect(JSON.parse(out[0])).toMatchObject({ ok: true, action: "restore" });
  });

  it("adopt puts an unmanaged skill under management; pin says so for a managed one; a missing home is exit 1 naming HERMES_HOME", async () => {
    expect(await run("curator", "adopt", "hand")).toBe(0);
    expect(out).toEqual(["adopted 'hand' into curator management"]);
    out = [];
    expect(await run("curator", "pin", "hand")).toBe(0);
    expect(out).toEqual(["pinned 'hand' (will bypass auto-transitions)"]);
    expect(await run("curator", "status", "--hermes-home", path.join(tmp, "nowhere"))).toBe(1);
    expect(err).toHaveBeenLastCalledWith(expect.stringMatching(/no Hermes home found at .*nowhere; set HERMES_HOME/));
    expect(await run("curator", "explode")).toBe(2);
  });
});

describe("jev integrate claude-code", () => {
  it("adds the hooks with a backup first, keeps the rest, changes nothing the second time, and refuses a file that is not JSON", async () => {
    vi.stubEnv("HOME", path.join(tmp, "home"));
    vi.stubEnv("PORT", "3217");
    const settings = path.join(tmp, "claude", "settings.json");
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, JSON.stringify({ theme: "dark", hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] } }));
    expect(await run("integrate", "claude-code", "--settings", settings)).toBe(0);
    const written = JSON.parse(fs.readFileSync(settings, "utf8"));
    expect(written.theme).toBe("dark");
    expect(Object.keys(written.hooks).sort()).toEqual(["PostToolUse", "Stop", "UserPromptSubmit"]);
    const command = written.hooks.UserPromptSubmit[0].hooks[0].command as string;
    expect(command).toMatch(/integrations\/claude-code\/jev_hook\.py'$/);
    // The interpreter by absolute path (no PATH lookup or version-manager shim on every prompt), isolated.
    const python = command.match(/^'([^']+)' -I -S '/)?.[1];
    expect(python && path.isAbsolute(python)).toBe(true);
    expect(fs.statSync(python!).isFile()).toBe(true);
    // The token and the URL, where the hook reads them, readable by the user alone.
    const jevDir = path.join(tmp, "home", ".claude", "jev");
    for (const name of ["token", "url"]) expect(fs.statSync(path.join(jevDir, name)).mode & 0o777, name).toBe(0o600);
    expect(fs.statSync(jevDir).mode & 0o777).toBe(0o700);
    expect(fs.readFileSync(path.join(jevDir, "url"), "utf8")).toBe("http://127.0.0.1:3217\n");
    out = [];
    expect(await run("token")).toBe(0);
    expect(fs.readFileSync(path.join(jevDir, "token"), "utf8")).toBe(`${out[0]}\n`);
    const backups = fs.readdirSync(path.dirname(settings)).filter((f) => f.startsWith("settings.json.jev-backup-"));
    expect(backups).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(path.dirname(settings), backups[0]), "utf8")).theme).toBe("dark");
    out = [];
    expect(await run("integrate", "claude-code", "--settings", settings)).toBe(0);
    expect(out.join("\n")).toContain("jev's hooks are already in");
    expect(fs.readdirSync(path.dirname(settings)).filter((f) => f.startsWith("settings.json.jev-backup-"))).toHaveLength(1);
    fs.writeFileSync(settings, "{ not json");
    expect(await run("integrate", "claude-code", "--settings", settings)).toBe(1);
    expect(fs.readFileSync(settings, "utf8")).toBe("{ not json");
    out = [];
    fs.rmSync(jevDir, { recursive: true });
    expect(await run("integrate", "claude-code", "--print")).toBe(0);
    const printed = JSON.parse(out.join("\n"));
    expect(printed.hooks.PostToolUse[0].matcher).toBe("^Skill$");
    expect(printed.files.map((f: { path: string; mode: string }) => [path.basename(f.path), f.mode])).toEqual([
      ["url", "0600"],
      ["token", "0600"],
    ]);
    expect(fs.existsSync(jevDir)).toBe(false); // --print writes nothing
    expect(await run("integrate", "cursor")).toBe(2);
  });
});

describe("jev integrate hermes", () => {
  it("writes JEV_URL and JEV_API_TOKEN into $HERMES_HOME/.env (0600), keeping its other lines; --print writes nothing", async () => {
    vi.stubEnv("PORT", "3217");
    const hermes = path.join(tmp, "hermes");
    const envFile = path.join(hermes, ".env");
    expect(await run("integrate", "hermes", "--print")).toBe(0);
    expect(out.join("\n")).toMatch(/JEV_URL=http:\/\/127\.0\.0\.1:3217\n {2}JEV_API_TOKEN=\S{20,}/);
    expect(fs.existsSync(envFile)).toBe(false);
    expect(fs.existsSync(path.join(hermes, "plugins", "jev"))).toBe(false);

    fs.mkdirSync(hermes, { recursive: true });
    fs.writeFileSync(envFile, "# keys\nOPENROUTER_API_KEY=sk-or-1\nJEV_URL=http://127.0.0.1:3000\nJEV_URL=http://old\n");
    out = [];
    expect(await run("integrate", "hermes")).toBe(0);
    out = [];
    expect(await run("token")).toBe(0);
    const token = out[0];
    expect(fs.readFileSync(envFile, "utf8")).toBe(`# keys\nOPENROUTER_API_KEY=sk-or-1\nJEV_URL=http://127.0.0.1:3217\nJEV_API_TOKEN=${token}\n`);
    expect(fs.statSync(envFile).mode & 0o777).toBe(0o600);
    out = [];
    expect(await run("integrate", "hermes", "--url", "http://jev.localhost:4000/")).toBe(0);
    expect(out.join("\n")).toContain("JEV_URL changed, JEV_API_TOKEN kept");
    expect(fs.readFileSync(envFile, "utf8")).toContain("JEV_URL=http://jev.localhost:4000\n");
    expect(await run("integrate", "hermes", "--url", "ftp://nope")).toBe(2);
  });

  it("a folder or a dangling link at .env is refused before the plugin link or config.yaml change (second hardening round)", async () => {
    vi.stubEnv("PORT", "3217");
    const hermes = path.join(tmp, "hermes-refused");
    fs.mkdirSync(path.join(hermes, ".env"), { recursive: true });
    fs.writeFileSync(path.join(hermes, "config.yaml"), "model: x\n");
    expect(await run("integrate", "hermes", "--hermes-home", hermes)).toBe(1);
    expect(fs.existsSync(path.join(hermes, "plugins", "jev"))).toBe(false);
    expect(fs.readFileSync(path.join(hermes, "config.yaml"), "utf8")).toBe("model: x\n");
    fs.rmdirSync(path.join(hermes, ".env"));
    fs.symlinkSync(path.join(tmp, "nowhere"), path.join(hermes, ".env"));
    expect(await run("integrate", "hermes", "--hermes-home", hermes)).toBe(1);
    expect(fs.existsSync(path.join(hermes, "plugins", "jev"))).toBe(false);
  });
});

describe("jev curator status: the defaults of the Hermes in use (curator spec §3.5, §5.1)", () => {
  const home = () => path.join(tmp, "hermes");
  const now = Date.now();
  const bin = () => path.join(tmp, "bin");
  beforeEach(() => {
    // No curator thresholds in config.yaml; a bundled `plan` idle a long time, a managed skill idle 45 days.
    buildHermesHome(home(), {
      configYaml: "curator:\n  prune_builtins: true\n",
      skills: { plan: null, notes: null },
      bundled: ["plan"],
      usage: { plan: idleRecord(now, 400), notes: idleRecord(now, 45) },
    });
    fs.mkdirSync(bin(), { recursive: true });
    vi.stubEnv("PATH", `${bin()}${path.delimiter}${process.env.PATH}`);
    vi.stubEnv("HERMES_INSTALL_DIR", "");
    vi.stubEnv("JEV_HERMES_VERSION", "");
  });
  /** Hermes's own layout: the installer's checkout at <home>/hermes-agent, its version in hermes_cli/__init__.py. */
  const installHermes = (version: string) => {
    const dir = path.join(home(), "hermes-agent", "hermes_cli");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "__init__.py"), `"""Hermes CLI"""\n\n__version__ = "${version}"\n__release_date__ = "2026.9.14"\n`);
  };
  const status = async () => {
    out = [];
    expect(await run("curator", "status")).toBe(0);
    return out.join("\n");
  };
  const plan = async () => {
    out = [];
    expect(await run("curator", "status", "--json")).toBe(0);
    return JSON.parse(out[0]) as { staleAfterDays: number; archiveAfterDays: number };
  };

  it("no detectable Hermes: 30 / 90 and plan protected, saying why; plan cannot be archived", async () => {
    const shown = await status();
    expect(shown).toContain("stale after 30d unused; archive after 90d unused");
    expect(shown).toMatch(/defaults: no Hermes found .*the conservative set, stale after 30d, archive after 90d, protected: plan/);
    expect(await plan()).toMatchObject({ staleAfterDays: 30, archiveAfterDays: 90 });
    expect(await run("curator", "archive", "plan")).toBe(1);
    expect(err).toHaveBeenLastCalledWith(expect.stringContaining("'plan' is a protected built-in"));
    expect(fs.existsSync(path.join(home(), "skills", "plan"))).toBe(true);
  });

  it("a detected newer Hermes (0.21.3, from its install folder): 14 / 30, nothing protected, plan archivable", async () => {
    installHermes("0.21.3");
    const shown = await status();
    expect(shown).toContain("stale after 14d unused; archive after 30d unused");
    expect(shown).toContain(`defaults: Hermes 0.21.3 (from ${path.join(home(), "hermes-agent", "hermes_cli", "__init__.py")}): its defaults`);
    expect(await run("curator", "archive", "plan")).toBe(0);
  });

  it("a detected 0.18.2 (hermes --version on PATH): 30 / 90 and plan refused; explicit config.yaml settings win over any release", async () => {
    fs.writeFileSync(path.join(bin(), "hermes"), "#!/bin/sh\necho 'Hermes Agent v0.18.2 (2026.7.30)'\n", { mode: 0o755 });
    vi.stubEnv("JEV_HERMES_VERSION", "");
    expect(await status()).toMatch(/defaults: Hermes 0\.18\.2 \(from .*hermes --version\): its defaults, stale after 30d, archive after 90d, protected: plan/);
    expect(await run("curator", "archive", "plan")).toBe(1);
    fs.writeFileSync(path.join(home(), "config.yaml"), "curator:\n  prune_builtins: true\n  stale_after_days: 7\n");
    const shown = await status();
    expect(shown).toContain("stale after 7d unused; archive after 90d unused");
    expect(shown).toContain("config.yaml sets stale_after_days, which wins");
  });

  it("JEV_HERMES_VERSION names the release when Hermes runs where jev cannot look; a version jev cannot read is the conservative set", async () => {
    vi.stubEnv("JEV_HERMES_VERSION", "0.22.0");
    expect(await status()).toContain("stale after 14d unused; archive after 30d unused");
    vi.stubEnv("JEV_HERMES_VERSION", "nightly");
    expect(await status()).toMatch(/Hermes 'nightly' \(from JEV_HERMES_VERSION\) is not a version jev can read: the conservative set/);
  });
});

import fs from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { tempDir } from "../../lib/testing/factories";
import { main } from "../main";

let tmp: ReturnType<typeof tempDir>;
let out: string[];
let err: ReturnType<typeof vi.spyOn>;
const run = (...argv: string[]) => main(argv, (line) => out.push(line));
const backups = (file: string) => fs.readdirSync(path.dirname(file)).filter((f) => f.startsWith(`${path.basename(file)}.jev-backup-`));

beforeEach(() => {
  tmp = tempDir("jev-mcp-config-");
  out = [];
  err = vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubEnv("JEV_DB", path.join(tmp.dir, "jev.db"));
  vi.stubEnv("HOME", path.join(tmp.dir, "home"));
  vi.stubEnv("CODEX_HOME", path.join(tmp.dir, "codex"));
  vi.stubEnv("JEV_API_TOKEN", "mcp-config-token");
  vi.stubEnv("PORT", "3219");
});
afterEach(() => {
  vi.unstubAllEnvs();
  err.mockRestore();
  tmp.cleanup();
});

it("jev integrate codex --mcp adds [mcp_servers.jev] as `codex mcp add` writes it, keeping every other line, with a backup, idempotently", async () => {
  const file = path.join(tmp.dir, "codex", "config.toml");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const theirs =
    '# my settings\nmodel = "o3"\n\n[mcp_servers.other]\ncommand = "x"\n\n[mcp_servers.jev]\ncommand = "old"\n\n[mcp_servers.jev.env]\nA = "1"\n\n[tui]\ntheme = "dark"\n';
  fs.writeFileSync(file, theirs, { mode: 0o600 });

  expect(await run("integrate", "codex", "--mcp")).toBe(0);
  const text = fs.readFileSync(file, "utf8");
  expect(text).toContain('# my settings\nmodel = "o3"\n\n[mcp_servers.other]\ncommand = "x"\n\n[tui]\ntheme = "dark"\n');
  const toml = parseToml(text) as { mcp_servers: Record<string, { command: string; args: string[]; env?: unknown }>; tui: unknown };
  const tokenFile = path.join(tmp.dir, "codex", "jev", "mcp-token");
  expect(toml.mcp_servers.jev).toEqual({
    command: process.execPath,
    args: [path.resolve("bin/jev.mjs"), "mcp", "--url", "http://127.0.0.1:3219", "--token-file", tokenFile],
  });
  expect(toml.mcp_servers.other).toEqual({ command: "x" });
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.readFileSync(tokenFile, "utf8")).toBe("mcp-config-token\n");
  expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
  expect(backups(file)).toHaveLength(1);
  expect(fs.readFileSync(path.join(path.dirname(file), backups(file)[0]), "utf8")).toBe(theirs);

  out = [];
  expect(await run("integrate", "codex", "--mcp")).toBe(0);
  expect(out.join("\n")).toContain("already in");
  expect(backups(file)).toHaveLength(1);

  expect(await run("integrate", "codex", "--mcp", "--remove")).toBe(0);
  const removed = parseToml(fs.readFileSync(file, "utf8")) as { mcp_servers: Record<string, unknown> };
  expect(Object.keys(removed.mcp_servers)).toEqual(["other"]);
  expect(fs.existsSync(tokenFile)).toBe(false);
});

it("refuses a config.toml that is not TOML, or defines jev inline, and writes nothing", async () => {
  const file = path.join(tmp.dir, "codex", "config.toml");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const text of ["model = [unclosed\n", 'mcp_servers = { jev = { command = "x" } }\n']) {
    fs.writeFileSync(file, text);
    expect(await run("integrate", "codex", "--mcp")).toBe(1);
    expect(fs.readFileSync(file, "utf8")).toBe(text);
    expect(backups(file)).toHaveLength(0);
    expect(fs.existsSync(path.join(tmp.dir, "codex", "jev", "mcp-token"))).toBe(false);
  }
  expect(err.mock.calls.flat().join("\n")).toMatch(/not valid TOML|does not rewrite/);
});

it("jev integrate claude-code --mcp sets mcpServers.jev in ~/.claude.json as `claude mcp add --scope user` does, and allows jev's tools, the rest kept", async () => {
  const file = path.join(tmp.dir, "home", ".claude.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const theirs = { numStartups: 3, mcpServers: { other: { type: "http", url: "https://example.org/mcp" } }, projects: { "/w": { allowedTools: [] } } };
  fs.writeFileSync(file, JSON.stringify(theirs), { mode: 0o600 });
  const settingsFile = path.join(tmp.dir, "home", ".claude", "settings.json");
  fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
  const theirSettings = { model: "opus", permissions: { allow: ["Bash(ls:*)"], deny: ["WebFetch"] } };
  fs.writeFileSync(settingsFile, JSON.stringify(theirSettings));

  expect(await run("integrate", "claude-code", "--mcp", "--print")).toBe(0);
  expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(theirs); // --print writes nothing

  expect(await run("integrate", "claude-code", "--mcp", "--url", "http://127.0.0.1:4000")).toBe(0);
  const written = JSON.parse(fs.readFileSync(file, "utf8"));
  const tokenFile = path.join(tmp.dir, "home", ".claude", "jev", "mcp-token");
  expect(written).toEqual({
    ...theirs,
    mcpServers: {
      other: theirs.mcpServers.other,
      jev: {
        type: "stdio",
        command: process.execPath,
        args: [path.resolve("bin/jev.mjs"), "mcp", "--url", "http://127.0.0.1:4000", "--token-file", tokenFile],
        env: {},
      },
    },
  });
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(backups(file)).toHaveLength(1);
  // Claude Code asks before every MCP call (`claude -p` refuses it): jev's tools are allowed once, the rest kept.
  const jevRules = ["mcp__jev__pick_skill", "mcp__jev__report_load", "mcp__jev__list_skills", "mcp__jev__read_skill"];
  expect(JSON.parse(fs.readFileSync(settingsFile, "utf8"))).toEqual({
    ...theirSettings,
    permissions: { ...theirSettings.permissions, allow: ["Bash(ls:*)", ...jevRules] },
  });
  expect(backups(settingsFile)).toHaveLength(1);
  expect(await run("integrate", "claude-code", "--mcp", "--url", "http://127.0.0.1:4000")).toBe(0);
  expect(backups(file)).toHaveLength(1);
  expect(backups(settingsFile)).toHaveLength(1);

  expect(await run("integrate", "claude-code", "--mcp", "--remove")).toBe(0);
  expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(theirs);
  expect(JSON.parse(fs.readFileSync(settingsFile, "utf8"))).toEqual(theirSettings);
  expect(fs.existsSync(tokenFile)).toBe(false);
});

it("jev integrate gemini --mcp sets mcpServers.jev in ~/.gemini/settings.json as `gemini mcp add --scope user` does, trusted", async () => {
  const file = path.join(tmp.dir, "home", ".gemini", "settings.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const theirs = { theme: "Dracula", mcpServers: { other: { command: "x" } } };
  fs.writeFileSync(file, JSON.stringify(theirs));
  expect(await run("integrate", "gemini", "--mcp")).toBe(0);
  const tokenFile = path.join(tmp.dir, "home", ".gemini", "jev", "mcp-token");
  expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({
    ...theirs,
    mcpServers: {
      other: { command: "x" },
      jev: { command: process.execPath, args: [path.resolve("bin/jev.mjs"), "mcp", "--url", "http://127.0.0.1:3219", "--token-file", tokenFile], trust: true },
    },
  });
  expect(fs.readFileSync(tokenFile, "utf8")).toBe("mcp-config-token\n");
  expect(backups(file)).toHaveLength(1);
  expect(await run("integrate", "gemini", "--mcp", "--remove")).toBe(0);
  expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(theirs);
  // Gemini CLI has no hooks: without --mcp it is bad usage, in one line.
  expect(await run("integrate", "gemini")).toBe(2);
  expect(err.mock.calls.flat().join("\n")).toContain("integrate gemini takes --mcp");
});

it("jev mcp --token-file that cannot be read is bad usage in one line", async () => {
  expect(await run("mcp", "--url", "http://127.0.0.1:1", "--token-file", path.join(tmp.dir, "missing"))).toBe(2);
  expect(err.mock.calls.flat().join("\n")).toContain("--token-file");
});

it("jev integrate claude-code --mcp edits only jev's entry: a number past 2^53 and repeated keys of the user's are kept byte for byte", async () => {
  const file = path.join(tmp.dir, "home", ".claude.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const theirs = '{\n  "userID": 12345678901234567890,\n  "tips": 1,\n  "tips": 2,\n  "mcpServers": {\n    "other": { "command": "x" }\n  }\n}\n';
  fs.writeFileSync(file, theirs);
  expect(await run("integrate", "claude-code", "--mcp")).toBe(0);
  const added = fs.readFileSync(file, "utf8");
  expect(added).toContain('"userID": 12345678901234567890,\n  "tips": 1,\n  "tips": 2,');
  expect(JSON.parse(added).mcpServers.jev.args[1]).toBe("mcp");
  expect(JSON.parse(added).mcpServers.other).toEqual({ command: "x" });
  expect(await run("integrate", "claude-code", "--mcp", "--remove")).toBe(0);
  const removed = fs.readFileSync(file, "utf8");
  expect(removed).toContain('"userID": 12345678901234567890,\n  "tips": 1,\n  "tips": 2,');
  expect(JSON.parse(removed).mcpServers).toEqual({ other: { command: "x" } });
});

it("--remove takes the same care as adding: a linked config, or a FIFO in its place, changes nothing and hangs nothing", async () => {
  const { fifoTrap } = await import("../../lib/testing/fifo-trap");
  const file = path.join(tmp.dir, "home", ".gemini", "settings.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const outside = path.join(tmp.dir, "outside.json");
  const theirs = '{"mcpServers": {"jev": {"command": "node"}}}';
  fs.writeFileSync(outside, theirs);
  fs.symlinkSync(outside, file);
  expect(await run("integrate", "gemini", "--mcp", "--remove")).toBe(1);
  expect(err.mock.calls.flat().join("\n")).toMatch(/is a symlink/);
  expect(fs.readFileSync(outside, "utf8")).toBe(theirs);
  fs.unlinkSync(file);
  const trap = fifoTrap(file);
  try {
    const started = Date.now();
    expect(await run("integrate", "gemini", "--mcp", "--remove")).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  } finally {
    trap.dispose();
  }
});

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E } from "./support/env";

/**
 * The Claude Code hook script (integrations/claude-code/jev_hook.py) run as
 * Claude Code runs it: a subprocess with the hook's JSON on stdin, against the
 * real server. Neither Claude Code nor anything but Python's standard library
 * is needed.
 */
const script = path.resolve("integrations/claude-code/jev_hook.py");
const home = path.join(E2E.dir, "claude-user");

function hook(event: object, env: Record<string, string> = {}) {
  const started = Date.now();
  const r = spawnSync("python3", [script], {
    input: JSON.stringify(event),
    encoding: "utf8",
    env: { ...process.env, HOME: home, JEV_URL: E2E.baseURL, JEV_API_TOKEN: E2E.token, JEV_HOOK_TIMEOUT: "", ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
}
const prompt = (text: string, session: string) => ({ hook_event_name: "UserPromptSubmit", session_id: session, cwd: home, prompt: text });
const hint = (stdout: string) => (stdout ? JSON.parse(stdout).hookSpecificOutput.additionalContext : null);

test.beforeAll(() => {
  // Claude Code's user skills, under the server user's home (so the server allows them as roots).
  const skills = path.join(E2E.home, "claude-skills");
  fs.rmSync(home, { recursive: true, force: true });
  for (const [name, description] of Object.entries({
    "pdf-tools": "Merge, split and extract text and tables from PDF files.",
    "sql-tuning": "Speed up slow SQL queries with indexes and query plans.",
  })) {
    fs.mkdirSync(path.join(skills, name), { recursive: true });
    fs.writeFileSync(path.join(skills, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`);
  }
  fs.mkdirSync(path.join(home, ".claude"), { recursive: true });
  fs.rmSync(path.join(home, ".claude", "skills"), { force: true, recursive: true });
  fs.symlinkSync(skills, path.join(home, ".claude", "skills"));
});

test("UserPromptSubmit hints the fitting skill once per session; PostToolUse reports the load; it never blocks", async () => {
  const session = `cc-${Date.now()}`;
  const first = hook(prompt("merge these two PDF files and extract the tables", session));
  expect(first.status).toBe(0);
  expect(hint(first.stdout)).toContain('"pdf-tools"');
  // It stays in the conversation: it names the prompt it was for, so later it reads as past advice.
  expect(hint(first.stdout)).toMatch(/^jev, for the prompt "merge these two PDF files and extract the tables": load the skill "pdf-tools"/);

  // Settings `jev integrate claude-code` wrote (no JEV_URL or JEV_API_TOKEN in the environment) reach the same server.
  fs.mkdirSync(path.join(home, ".claude", "jev"), { recursive: true });
  fs.writeFileSync(path.join(home, ".claude", "jev", "url"), `${E2E.baseURL}\n`, { mode: 0o600 });
  fs.writeFileSync(path.join(home, ".claude", "jev", "token"), `${E2E.token}\n`, { mode: 0o600 });
  const fromFiles = hook(prompt("merge these two PDF files and extract the tables", `${session}-files`), { JEV_URL: "", JEV_API_TOKEN: "" });
  expect(hint(fromFiles.stdout)).toContain('"pdf-tools"');

  // Chit-chat and a secret-looking prompt: nothing added.
  expect(hook(prompt("thanks, that's all", session))).toMatchObject({ status: 0, stdout: "" });
  expect(hook(prompt("deploy with AKIA" + "IOSFODNN7EXAMPLE as the key", session))).toMatchObject({ status: 0, stdout: "" });

  // Claude loads the skill through the Skill tool: the load is recorded, and the skill is not hinted again in this session.
  const loaded = hook({ hook_event_name: "PostToolUse", session_id: session, tool_name: "Skill", tool_input: { skill: "pdf-tools" }, tool_response: {} });
  expect(loaded).toMatchObject({ status: 0, stdout: "" });
  const db = new Database(E2E.serverEnv.JEV_DB, { readonly: true });
  try {
    expect(db.prepare("SELECT skill, event FROM feedback WHERE session_id = ?").all(session)).toEqual([{ skill: "pdf-tools", event: "loaded" }]);
    const agents = db.prepare("SELECT DISTINCT agent FROM decisions WHERE session_id = ?").pluck().all(session);
    expect(agents).toEqual(["claude-code"]);
  } finally {
    db.close();
  }
  expect(hint(hook(prompt("now split the PDF into single pages", session)).stdout)).toBeNull();
  expect(hint(hook(prompt("now split the PDF into single pages", `${session}-other`)).stdout)).toContain('"pdf-tools"');
});

test("plugin skills Claude Code installed are hinted by their plugin:skill name; a skillOverrides entry that hides a skill is honoured", () => {
  // Claude Code's own layout: ~/.claude/plugins/installed_plugins.json (v2) naming each install's folder,
  // the plugin's skills under <installPath>/skills, enabledPlugins and skillOverrides in settings.json.
  // The plugin's folder is under the server user's home, where Claude Code would put it for that user (the server allows roots there).
  const installPath = path.join(E2E.home, "claude-plugin-cache", "tools-market", "doc-tools", "1.2.0");
  fs.mkdirSync(path.join(installPath, ".claude-plugin"), { recursive: true });
  fs.mkdirSync(path.join(home, ".claude", "plugins"), { recursive: true });
  fs.writeFileSync(path.join(installPath, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "doc-tools", version: "1.2.0" }));
  const skillDir = path.join(installPath, "skills", "slide-deck");
  fs.mkdirSync(skillDir, { recursive: true });
  fs.writeFileSync(path.join(skillDir, "SKILL.md"), "---\nname: slide-deck\ndescription: Build a PowerPoint slide deck presentation from an outline.\n---\n");
  const installed = {
    version: 2,
    plugins: { "doc-tools@tools-market": [{ scope: "user", installPath, version: "1.2.0", installedAt: new Date().toISOString() }] },
  };
  fs.writeFileSync(path.join(home, ".claude", "plugins", "installed_plugins.json"), JSON.stringify(installed));
  const settingsFile = path.join(home, ".claude", "settings.json");
  const write = (settings: object) => fs.writeFileSync(settingsFile, JSON.stringify(settings));
  try {
    // Installed but not enabled: its skills are not Claude Code's, so not sent.
    write({});
    expect(hint(hook(prompt("build a powerpoint slide deck presentation from my outline", `pl-${Date.now()}`)).stdout)).toBeNull();
    write({ enabledPlugins: { "doc-tools@tools-market": true } });
    expect(hint(hook(prompt("build a powerpoint slide deck presentation from my outline", `pl-on-${Date.now()}`)).stdout)).toContain(
      'load the skill "doc-tools:slide-deck" with the Skill tool',
    );
    // skillOverrides: "off" and "user-invocable-only" hide a skill from the model, so jev never hints it; "name-only" still lists it.
    for (const [mode, hinted] of [
      ["off", false],
      ["user-invocable-only", false],
      ["name-only", true],
    ] as const) {
      write({ enabledPlugins: { "doc-tools@tools-market": true }, skillOverrides: { "pdf-tools": mode } });
      const said = hint(hook(prompt("merge these two PDF files and extract the tables", `ov-${mode}-${Date.now()}`)).stdout);
      if (hinted) expect(said, mode).toContain('"pdf-tools"');
      else expect(said ?? "", mode).not.toContain('"pdf-tools"');
    }
  } finally {
    fs.rmSync(settingsFile, { force: true });
    fs.rmSync(path.join(home, ".claude", "plugins"), { recursive: true, force: true });
    fs.rmSync(path.join(E2E.home, "claude-plugin-cache"), { recursive: true, force: true });
  }
});

test("a monorepo package's .claude/skills, between the project and where Claude works, is sent too", () => {
  const project = path.join(E2E.home, "mono");
  const pkg = path.join(project, "packages", "web");
  const skill = path.join(pkg, ".claude", "skills", "chart-maker");
  fs.mkdirSync(skill, { recursive: true });
  fs.writeFileSync(path.join(skill, "SKILL.md"), "---\nname: chart-maker\ndescription: Draw bar and line charts from CSV data with matplotlib.\n---\n");
  try {
    const event = {
      hook_event_name: "UserPromptSubmit",
      session_id: `mono-${Date.now()}`,
      cwd: pkg,
      prompt: "draw a bar chart from this CSV data with matplotlib",
    };
    expect(hint(hook(event, { CLAUDE_PROJECT_DIR: project }).stdout)).toContain('"chart-maker"');
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
});

test("Codex: the same script with --agent codex reads ~/.agents/skills, hints a Codex-shaped prompt, and learns a load from a SKILL.md read", () => {
  // Codex's user skills live in ~/.agents/skills (here the same folder, linked), its settings in $CODEX_HOME.
  const codexUser = path.join(E2E.dir, "codex-user");
  fs.rmSync(codexUser, { recursive: true, force: true });
  fs.mkdirSync(path.join(codexUser, ".agents"), { recursive: true });
  fs.symlinkSync(path.join(E2E.home, "claude-skills"), path.join(codexUser, ".agents", "skills"));
  const codex = (event: object) => {
    const r = spawnSync("python3", [script, "--agent", "codex"], {
      input: JSON.stringify(event),
      encoding: "utf8",
      env: { ...process.env, HOME: codexUser, CODEX_HOME: path.join(codexUser, ".codex"), JEV_URL: E2E.baseURL, JEV_API_TOKEN: E2E.token },
    });
    expect(r.status).toBe(0);
    return r.stdout;
  };
  // The fields Codex 0.171 sends (its hook input schema), Claude Code's shape with Codex's extras.
  const session = `codex-${Date.now()}`;
  const shaped = { session_id: session, cwd: codexUser, model: "gpt-5-codex", permission_mode: "default", transcript_path: null, turn_id: "t-1" };
  const first = hint(codex({ ...shaped, hook_event_name: "UserPromptSubmit", prompt: "merge these two PDF files and extract the tables" }));
  const skillFile = path.join(codexUser, ".agents", "skills", "pdf-tools", "SKILL.md");
  expect(first).toContain(`read the skill "pdf-tools" (${skillFile})`);

  // Codex reads the file through its shell tool: that is the load.
  const read = { ...shaped, hook_event_name: "PostToolUse", tool_name: "Bash", tool_use_id: "c-1", tool_input: { command: `sed -n '1,200p' ${skillFile}` } };
  expect(codex({ ...read, tool_response: "---\nname: pdf-tools\n" })).toBe("");
  const db = new Database(E2E.serverEnv.JEV_DB, { readonly: true });
  try {
    expect(db.prepare("SELECT skill, event FROM feedback WHERE session_id = ?").all(session)).toEqual([{ skill: "pdf-tools", event: "loaded" }]);
    expect(db.prepare("SELECT DISTINCT agent FROM decisions WHERE session_id = ?").pluck().all(session)).toEqual(["codex"]);
  } finally {
    db.close();
  }
  expect(hint(codex({ ...shaped, hook_event_name: "UserPromptSubmit", prompt: "now split the PDF into single pages" }))).toBeNull();
  // A tool call that names no SKILL.md reports nothing.
  expect(codex({ ...read, session_id: `${session}-x`, tool_input: { command: "ls -la" }, tool_response: "" })).toBe("");
});

test("the agent's switch kept by the server: jev settings --agent claude-code --skills off silences the hints, on brings them back", () => {
  const settings = (...args: string[]) => {
    const r = spawnSync(process.execPath, [path.resolve("bin/jev.mjs"), "settings", "--agent", "claude-code", ...args], {
      encoding: "utf8",
      env: { ...process.env, ...E2E.serverEnv },
    });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  expect(settings("--skills", "off")).toEqual({ agent: "claude-code", skills: "off", skill_feedback: "on" });
  try {
    expect(hook(prompt("merge these two PDF files and extract the tables", `cc-off-${Date.now()}`))).toMatchObject({ status: 0, stdout: "" });
  } finally {
    settings("--skills", "on");
  }
  expect(hint(hook(prompt("merge these two PDF files and extract the tables", `cc-on-${Date.now()}`)).stdout)).toContain('"pdf-tools"');
});

test("a server that is down, slow to answer or refusing the token costs nothing but the timeout: no output, exit 0", async () => {
  const down = hook(prompt("merge these PDF files", "cc-down"), { JEV_URL: "http://127.0.0.1:9", JEV_HOOK_TIMEOUT: "0.5" });
  expect(down).toMatchObject({ status: 0, stdout: "" });
  const refused = hook(prompt("merge these PDF files", "cc-refused"), { JEV_API_TOKEN: "wrong-token" });
  expect(refused).toMatchObject({ status: 0, stdout: "" });
  // A listener that never answers: the script gives up after its timeout.
  const net = await import("node:net");
  const silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const port = (silent.address() as { port: number }).port;
  const slow = hook(prompt("merge these PDF files", "cc-slow"), { JEV_URL: `http://127.0.0.1:${port}`, JEV_HOOK_TIMEOUT: "0.5" });
  silent.close();
  expect(slow).toMatchObject({ status: 0, stdout: "" });
  expect(slow.ms).toBeLessThan(3_000);
  // Not even a JSON event: still silent.
  const garbage = spawnSync("python3", [script], { input: "not json", encoding: "utf8" });
  expect(garbage).toMatchObject({ status: 0, stdout: "" });
});

import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { tempDir } from "../../lib/testing/factories";
import { main } from "../main";

let tmp: ReturnType<typeof tempDir>;
let out: string[];
let err: ReturnType<typeof vi.spyOn>;
const run = (...argv: string[]) => main(argv, (line) => out.push(line));

beforeEach(() => {
  tmp = tempDir("jev-codex-");
  out = [];
  err = vi.spyOn(console, "error").mockImplementation(() => {});
  vi.stubEnv("JEV_DB", path.join(tmp.dir, "jev.db"));
  vi.stubEnv("HOME", path.join(tmp.dir, "home"));
  vi.stubEnv("CODEX_HOME", path.join(tmp.dir, "codex"));
  vi.stubEnv("PORT", "3218");
});
afterEach(() => {
  vi.unstubAllEnvs();
  err.mockRestore();
  tmp.cleanup();
});

it("jev integrate codex merges jev's hooks into $CODEX_HOME/hooks.json idempotently, with a backup, and stores the URL and token 0600", async () => {
  const hooksFile = path.join(tmp.dir, "codex", "hooks.json");
  const theirs = { hooks: [{ type: "command", command: "./audit.sh", timeoutSec: 10 }] };
  fs.mkdirSync(path.dirname(hooksFile), { recursive: true });
  fs.writeFileSync(hooksFile, JSON.stringify({ hooks: { Stop: [theirs], UserPromptSubmit: [theirs] } }));

  expect(await run("integrate", "codex", "--print")).toBe(0);
  const printed = JSON.parse(out.join("\n"));
  expect(printed.hooksFile).toBe(hooksFile);
  expect(JSON.parse(fs.readFileSync(hooksFile, "utf8")).hooks.PostToolUse).toBeUndefined(); // --print writes nothing

  out = [];
  expect(await run("integrate", "codex")).toBe(0);
  const written = JSON.parse(fs.readFileSync(hooksFile, "utf8"));
  expect(written.hooks.Stop).toEqual([theirs]);
  expect(written.hooks.UserPromptSubmit[0]).toEqual(theirs);
  const ours = written.hooks.UserPromptSubmit[1].hooks[0];
  expect(ours).toMatchObject({ type: "command", timeout: 5 }); // Codex's key for a handler's timeout (it reads no timeoutSec)
  expect(ours.timeoutSec).toBeUndefined();
  // The hook runs from a per-user copy (with the shortlist module it loads), not from the checkout.
  const copy = path.join(tmp.dir, "home", ".local", "share", "jev", "integrations", "claude-code", "jev_hook.py");
  expect(ours.command).toBe(`'${ours.command.split("'")[1]}' -I -S '${copy}' '--agent' 'codex'`);
  expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
  expect(fs.statSync(path.dirname(copy)).mode & 0o777).toBe(0o700);
  expect(fs.existsSync(path.join(tmp.dir, "home", ".local", "share", "jev", "integrations", "hermes", "jev", "shortlist.py"))).toBe(true);
  expect(written.hooks.PostToolUse).toEqual([{ hooks: [ours] }]);
  expect(fs.readdirSync(path.dirname(hooksFile)).filter((f) => f.startsWith("hooks.json.jev-backup-"))).toHaveLength(1);
  expect(out.join("\n")).toContain("trust");
  for (const name of ["url", "token"]) expect(fs.statSync(path.join(tmp.dir, "codex", "jev", name)).mode & 0o777, name).toBe(0o600);
  expect(fs.readFileSync(path.join(tmp.dir, "codex", "jev", "url"), "utf8")).toBe("http://127.0.0.1:3218\n");

  out = [];
  expect(await run("integrate", "codex")).toBe(0);
  expect(out.join("\n")).toContain("jev's hooks are already in");
  expect(fs.readdirSync(path.dirname(hooksFile)).filter((f) => f.startsWith("hooks.json.jev-backup-"))).toHaveLength(1);
  expect(JSON.parse(fs.readFileSync(hooksFile, "utf8"))).toEqual(written);

  fs.writeFileSync(hooksFile, "[1, 2]");
  expect(await run("integrate", "codex")).toBe(1);
  expect(fs.readFileSync(hooksFile, "utf8")).toBe("[1, 2]");
});

it("an older jev's hooks (timeoutSec, which Codex does not read) are replaced where they stood; their trust is remembered as superseded", async () => {
  const { codexSetup } = await import("../../lib/doctor/agent-setups");
  const codex = path.join(tmp.dir, "codex");
  const hooksFile = path.join(codex, "hooks.json");
  expect(await run("integrate", "codex")).toBe(0);
  const current = JSON.parse(fs.readFileSync(hooksFile, "utf8"));
  const { timeout: _t, ...older } = current.hooks.UserPromptSubmit[0].hooks[0];
  const theirs = { hooks: [{ type: "command", command: "./audit.sh", timeout: 10 }] };
  // As an older jev left it, before a hook of the user's own; Codex trusted all of them.
  const old = { ...older, timeoutSec: 5 };
  fs.writeFileSync(hooksFile, JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [old] }, theirs], PostToolUse: [{ hooks: [old] }] } }));
  const trusted = ["user_prompt_submit:0:0", "user_prompt_submit:1:0", "post_tool_use:0:0"];
  fs.writeFileSync(path.join(codex, "config.toml"), trusted.map((k, i) => `[hooks.state."${hooksFile}:${k}"]\ntrusted_hash = "sha256:${i}"\n`).join(""));
  expect(codexSetup(codex)).toMatchObject({ trust: "trusted", timeoutUnread: true });

  out = [];
  expect(await run("integrate", "codex")).toBe(0);
  const written = JSON.parse(fs.readFileSync(hooksFile, "utf8"));
  expect(written.hooks.UserPromptSubmit[0].hooks[0]).toMatchObject({ timeout: 5 });
  expect(written.hooks.UserPromptSubmit[1]).toEqual(theirs); // still second: its trust key is unchanged
  expect(out.join("\n")).toContain("asks you to trust them again");
  expect(codexSetup(codex)).toMatchObject({ trust: "outdated", timeoutUnread: false });
  expect(fs.statSync(path.join(codex, "jev", "superseded-trust")).mode & 0o777).toBe(0o600);
  // Once the user trusts the new hooks, Codex records new hashes: trusted again.
  fs.writeFileSync(path.join(codex, "config.toml"), trusted.map((k, i) => `[hooks.state."${hooksFile}:${k}"]\ntrusted_hash = "sha256:new${i}"\n`).join(""));
  expect(codexSetup(codex).trust).toBe("trusted");
});

it("refuses links and narrows its own folder (second hardening round): a linked token or hooks.json changes nothing; a 0777 jev folder becomes 0700", async () => {
  const codex = path.join(tmp.dir, "codex");
  const jevDir = path.join(codex, "jev");
  fs.mkdirSync(jevDir, { recursive: true });
  fs.chmodSync(jevDir, 0o777);
  const outside = path.join(tmp.dir, "outside-token");
  fs.writeFileSync(outside, "someone else's\n");
  fs.symlinkSync(outside, path.join(jevDir, "token"));
  expect(await run("integrate", "codex")).toBe(1);
  expect(fs.readFileSync(outside, "utf8")).toBe("someone else's\n");
  expect(fs.existsSync(path.join(codex, "hooks.json"))).toBe(false);

  fs.unlinkSync(path.join(jevDir, "token"));
  fs.symlinkSync(path.join(tmp.dir, "elsewhere.json"), path.join(codex, "hooks.json"));
  expect(await run("integrate", "codex")).toBe(1);
  expect(fs.existsSync(path.join(tmp.dir, "elsewhere.json"))).toBe(false);

  fs.unlinkSync(path.join(codex, "hooks.json"));
  expect(await run("integrate", "codex")).toBe(0);
  expect(fs.statSync(jevDir).mode & 0o777).toBe(0o700);
});

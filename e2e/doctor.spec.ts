import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../lib/testing/free-port";
import { authHeaders, E2E } from "./support/env";

/**
 * `jev doctor` and `jev integrate` against the running server, from a user's
 * own home (a temp one): each broken set-up the "why no hint?" issue found is
 * found, and integrate writes only a set-up that works.
 */
let home: string;

test.beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), "jev-doctor-"));
});
test.afterEach(() => {
  fs.rmSync(home, { recursive: true, force: true });
});

/** The CLI as the user runs it: their own HOME and CODEX_HOME, the server's database (so its port is found), a token or none. */
function jev(args: string[], env: Record<string, string | undefined> = {}) {
  const r = spawnSync(process.execPath, [path.resolve("bin/jev.mjs"), ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      HOME: home,
      CODEX_HOME: path.join(home, ".codex"),
      HERMES_HOME: path.join(home, ".hermes"),
      JEV_DB: E2E.serverEnv.JEV_DB,
      PORT: "1", // a shell without the server's PORT: the running server's file must be what finds it
      JEV_API_TOKEN: E2E.token,
      ...env,
    },
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

test("integrate finds the running server's port and checks the token; doctor then says when jev last heard from the agent", async ({ request }) => {
  const integrate = jev(["integrate", "claude-code"]);
  expect(integrate.status, integrate.err).toBe(0);
  expect(integrate.out).toContain(`checked: ${E2E.baseURL} answers and takes the token`);
  expect(fs.readFileSync(path.join(home, ".claude", "jev", "url"), "utf8").trim()).toBe(E2E.baseURL);
  const res = await request.post("/api/pick-skill", {
    data: { turn: "merge these pdf files", agent: "claude-code", session_id: "doctor-1" },
    headers: authHeaders,
  });
  expect(res.status()).toBe(200);
  const doctor = jev(["doctor"]);
  expect(doctor.status, doctor.out + doctor.err).toBe(0);
  expect(doctor.out).toMatch(/ok\s+server\s+http:\/\/127\.0\.0\.1:\d+ answers: \d+ skills, local judge/);
  expect(doctor.out).toContain(`Claude Code reaches ${E2E.baseURL} with a token it takes`);
  expect(doctor.out).toMatch(/last heard from Claude Code (just now|\d+ min ago)/);
  expect(doctor.out).toMatch(/-\s+codex\s+Codex: not set up/);
});

test("integrate refuses a token the running server rejects, and writes nothing", () => {
  const r = jev(["integrate", "claude-code"], { JEV_API_TOKEN: "not-the-servers-token" });
  expect(r.status).toBe(1);
  expect(r.err).toContain("rejects this token (it was started with another JEV_API_TOKEN)");
  expect(fs.existsSync(path.join(home, ".claude"))).toBe(false);
});

test("doctor finds a dead token, a wrong port, untrusted Codex hooks and a stopped server", async () => {
  expect(jev(["integrate", "claude-code"]).status).toBe(0);
  expect(jev(["integrate", "codex"]).status).toBe(0);
  const tokenFile = path.join(home, ".claude", "jev", "token");

  fs.writeFileSync(tokenFile, "a-token-from-another-server\n");
  let doctor = jev(["doctor"]);
  expect(doctor.status).toBe(1);
  expect(doctor.out).toMatch(/FAIL\s+claude-code\s+Claude Code's token is rejected by the server/);

  fs.writeFileSync(tokenFile, `${E2E.token}\n`);
  const port = await freePort();
  fs.writeFileSync(path.join(home, ".claude", "jev", "url"), `http://127.0.0.1:${port}\n`);
  doctor = jev(["doctor"]);
  expect(doctor.status).toBe(1);
  expect(doctor.out).toContain(`Claude Code asks http://127.0.0.1:${port}, where no jev server answers (the server is at ${E2E.baseURL})`);

  // Codex runs a hook only once the user trusts it (a trusted_hash in its config.toml's hooks.state, one per handler).
  expect(doctor.out).toContain("Codex has not trusted jev's hooks");
  const hooksFile = path.join(home, ".codex", "hooks.json");
  const trust = (event: string) => `[hooks.state."${hooksFile}:${event}:0:0"]\ntrusted_hash = "sha256:${event}"\n`;
  fs.writeFileSync(path.join(home, ".codex", "config.toml"), trust("user_prompt_submit"));
  expect(jev(["doctor"]).out).toContain("Codex has not trusted"); // PostToolUse's is not trusted yet: it would not run
  fs.writeFileSync(path.join(home, ".codex", "config.toml"), trust("user_prompt_submit") + trust("post_tool_use"));
  expect(jev(["doctor"]).out).not.toContain("Codex has not trusted");

  doctor = jev(["doctor", "--url", `http://127.0.0.1:${port}`]);
  expect(doctor.status).toBe(1);
  expect(doctor.out).toContain(`no jev server answers at http://127.0.0.1:${port} (from --url)`);
});

test("integrate --remove takes jev's hooks out and keeps the user's own", () => {
  const settings = path.join(home, ".claude", "settings.json");
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  const own = { type: "command", command: "echo mine" };
  fs.writeFileSync(settings, JSON.stringify({ model: "opus", hooks: { UserPromptSubmit: [{ hooks: [own] }] } }));
  expect(jev(["integrate", "claude-code"]).status).toBe(0);
  expect(fs.readFileSync(settings, "utf8")).toContain("jev_hook.py");
  const removed = jev(["integrate", "claude-code", "--remove"]);
  expect(removed.status, removed.err).toBe(0);
  expect(JSON.parse(fs.readFileSync(settings, "utf8"))).toEqual({ model: "opus", hooks: { UserPromptSubmit: [{ hooks: [own] }] } });
  expect(fs.existsSync(path.join(home, ".claude", "jev", "token"))).toBe(false);
});

test("an MCP client set up with --mcp: doctor checks its relay against the running server, and a token file gone stale", () => {
  const integrate = jev(["integrate", "codex", "--mcp"]);
  expect(integrate.status, integrate.err).toBe(0);
  expect(integrate.out).toContain(`checked: ${E2E.baseURL} answers and takes the token`);
  const ok = jev(["doctor", "--json"]);
  const codexMcp = JSON.parse(ok.out).findings.find((f: { check: string }) => f.check === "codex-mcp");
  expect(codexMcp).toMatchObject({ verdict: "ok" });
  expect(codexMcp.line).toContain(`Codex (MCP) relays to ${E2E.baseURL} with a token it takes`);
  fs.writeFileSync(path.join(home, ".codex", "jev", "mcp-token"), "stale-token\n");
  const stale = jev(["doctor", "--json"]);
  expect(stale.status).toBe(1);
  expect(JSON.parse(stale.out).findings.find((f: { check: string }) => f.check === "codex-mcp")).toMatchObject({
    verdict: "fail",
    fix: "npx jev integrate codex --mcp",
  });
});

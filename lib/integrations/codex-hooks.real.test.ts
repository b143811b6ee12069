import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../cli/main";
import { codexSetup } from "../doctor/agent-setups";
import { agentEnv, agentTurn, codexExecArgs } from "../testing/agents/agent-turn";
import { type CodexAppServer, codexAppServer } from "../testing/agents/codex-app-server";
import { fakeResponsesApi } from "../testing/agents/fake-responses-api";
import { expectHookBounded } from "../testing/agents/hook-bounds";
import { pinnedAgentBin } from "../testing/agents/pinned-agent";
import { tempDir } from "../testing/factories";
import { freePort } from "../testing/free-port";

/**
 * jev's Codex hooks as the real Codex (0.171.0, from npm) reads and runs them (issue 53): the timeout it reads, the
 * trust it keeps by hash, and a turn whose hook hangs held no longer than that timeout.
 */
describe("jev's hooks in the real Codex", { timeout: 300_000 }, () => {
  const tmp = tempDir("jev-codex-real-");
  let codex: string;
  let home: string;
  let codexHome: string;
  let hooksFile: string;
  let app: CodexAppServer | undefined;
  const jevHooks = async () => (await (app as CodexAppServer).hooks(home)).filter((h) => h.command.includes("jev_hook.py"));
  const integrate = async () => {
    const said: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await main(["integrate", "codex"], (l) => said.push(l))).toBe(0);
    } finally {
      spy.mockRestore();
    }
    return said.join("\n");
  };
  /** Trust every jev handler as Codex shows it now, as a user's "trust" in /hooks records it. */
  const trustAll = async () => {
    const lines = (await jevHooks()).map((h) => `[hooks.state."${h.key}"]\ntrusted_hash = "${h.currentHash}"\n`);
    fs.writeFileSync(path.join(codexHome, "config.toml"), lines.join(""));
  };

  beforeAll(() => {
    codex = pinnedAgentBin("codex");
  }, 600_000);
  afterAll(() => {
    app?.close();
    tmp.cleanup();
  });
  beforeEach(async () => {
    app?.close();
    home = fs.mkdtempSync(path.join(tmp.dir, "home-"));
    codexHome = path.join(home, ".codex");
    hooksFile = path.join(codexHome, "hooks.json");
    vi.stubEnv("HOME", home);
    vi.stubEnv("CODEX_HOME", codexHome);
    vi.stubEnv("JEV_DB", path.join(home, "jev.db"));
    vi.stubEnv("PORT", String(await freePort())); // no server: integrate only notes it
    fs.mkdirSync(codexHome, { recursive: true });
    app = undefined;
  });

  it("Codex reads the timeout jev writes, and jev doctor's trust verdict is Codex's own", async () => {
    // As an older jev wrote them (timeoutSec), trusted: Codex gives those hooks its 600 s default.
    await integrate();
    const current = JSON.parse(fs.readFileSync(hooksFile, "utf8"));
    for (const groups of Object.values(current.hooks) as { hooks: Record<string, unknown>[] }[][])
      for (const g of groups) g.hooks = g.hooks.map(({ timeout, ...rest }) => ({ ...rest, timeoutSec: timeout }));
    fs.writeFileSync(hooksFile, JSON.stringify(current));
    app = await codexAppServer(codex, { CODEX_HOME: codexHome, HOME: home });
    expect((await jevHooks()).map((h) => h.timeoutSec)).toEqual([600, 600]);
    await trustAll();
    expect((await jevHooks()).map((h) => h.trustStatus)).toEqual(["trusted", "trusted"]);
    expect(codexSetup(codexHome)).toMatchObject({ trust: "trusted", timeoutUnread: true });

    // This jev's hooks: the timeout Codex reads; the change makes Codex's trust "modified", and doctor says so.
    expect(await integrate()).toContain("asks you to trust them again");
    const hooks = await jevHooks();
    expect(hooks.map((h) => [h.eventName, h.timeoutSec])).toEqual([
      ["postToolUse", 5],
      ["userPromptSubmit", 5],
    ]);
    expect(hooks.map((h) => h.trustStatus)).toEqual(["modified", "modified"]);
    expect(codexSetup(codexHome)).toMatchObject({ trust: "outdated", timeoutUnread: false });
    await trustAll();
    expect((await jevHooks()).map((h) => h.trustStatus)).toEqual(["trusted", "trusted"]);
    expect(codexSetup(codexHome).trust).toBe("trusted");
  });

  it("a turn is held no longer than jev's timeout by a hook that hangs, and jev's own hook gives up on a server that never answers", async () => {
    await integrate();
    const model = await fakeResponsesApi();
    const work = fs.mkdtempSync(path.join(home, "work-"));
    const env = agentEnv({ HOME: home, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-fake" });
    try {
      await expectHookBounded({
        settingsFile: hooksFile,
        withoutHooks: "{}",
        urlFile: path.join(codexHome, "jev", "url"),
        turn: () => agentTurn(codex, codexExecArgs(model.port, "hello"), { cwd: work, env, killAfterMs: 90_000 }),
      });
    } finally {
      model.close();
    }
  });
});

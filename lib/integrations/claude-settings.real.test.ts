import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../cli/main";
import { agentTurn, claudeEnv } from "../testing/agents/agent-turn";
import { fakeMessagesApi } from "../testing/agents/fake-messages-api";
import { expectHookBounded } from "../testing/agents/hook-bounds";
import { pinnedAgentBin } from "../testing/agents/pinned-agent";
import { tempDir } from "../testing/factories";
import { freePort } from "../testing/free-port";

/**
 * jev's Claude Code hooks as the real Claude Code (2.1.197, from npm) runs them (issue 53): a turn whose hook hangs is
 * held no longer than the timeout jev writes, and jev's own hook gives up on a server that never answers.
 */
describe("jev's hooks in the real Claude Code", { timeout: 300_000 }, () => {
  const tmp = tempDir("jev-claude-real-");
  let claude: string;

  beforeAll(() => {
    claude = pinnedAgentBin("claude-code");
  }, 600_000);
  afterAll(() => tmp.cleanup());

  it("a turn is held no longer than jev's timeout by a hook that hangs, and jev's own hook gives up on a silent server", async () => {
    const home = fs.mkdtempSync(path.join(tmp.dir, "home-"));
    vi.stubEnv("HOME", home);
    vi.stubEnv("JEV_DB", path.join(home, "jev.db"));
    vi.stubEnv("PORT", String(await freePort()));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await main(["integrate", "claude-code"], () => {})).toBe(0);
    } finally {
      spy.mockRestore();
      vi.unstubAllEnvs();
    }
    const settingsFile = path.join(home, ".claude", "settings.json");
    const { hooks: _hooks, ...withoutHooks } = JSON.parse(fs.readFileSync(settingsFile, "utf8"));
    const model = await fakeMessagesApi();
    const work = fs.mkdtempSync(path.join(home, "work-"));
    try {
      await expectHookBounded({
        settingsFile,
        withoutHooks: JSON.stringify(withoutHooks),
        urlFile: path.join(home, ".claude", "jev", "url"),
        turn: () => agentTurn(claude, ["-p", "hello"], { cwd: work, env: claudeEnv(home, model.port), killAfterMs: 90_000 }),
      });
    } finally {
      model.close();
    }
  });
});

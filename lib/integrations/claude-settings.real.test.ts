import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../cli/main";
import { agentTurn, claudeEnv } from "../testing/agents/agent-turn";
import { fakeMessagesApi } from "../testing/agents/fake-messages-api";
import { pinnedAgentBin } from "../testing/agents/pinned-agent";
import { silentServer } from "../testing/agents/silent-server";
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
    const written = fs.readFileSync(settingsFile, "utf8");
    const model = await fakeMessagesApi();
    const silent = await silentServer();
    const work = fs.mkdtempSync(path.join(home, "work-"));
    const turn = () => agentTurn(claude, ["-p", "hello"], { cwd: work, env: claudeEnv(home, model.port), killAfterMs: 90_000 });
    try {
      const withoutHooks = JSON.parse(written);
      delete withoutHooks.hooks;
      fs.writeFileSync(settingsFile, JSON.stringify(withoutHooks));
      const bare = await turn();
      expect(bare.status, bare.stderr).toBe(0);

      const stalled = JSON.parse(written);
      stalled.hooks.UserPromptSubmit[0].hooks[0].command = "sleep 60";
      fs.writeFileSync(settingsFile, JSON.stringify(stalled));
      const held = await turn();
      expect(held.status).toBe(0);
      expect(held.ms).toBeGreaterThan(4_000);
      expect(held.ms - bare.ms).toBeLessThan(20_000);

      fs.writeFileSync(settingsFile, written);
      fs.writeFileSync(path.join(home, ".claude", "jev", "url"), `${silent.url}\n`);
      const waited = await turn();
      expect(waited.status).toBe(0);
      expect(silent.connections()).toBeGreaterThan(0);
      expect(waited.ms - bare.ms).toBeLessThan(4_500);
    } finally {
      model.close();
      await silent.close();
    }
  });
});

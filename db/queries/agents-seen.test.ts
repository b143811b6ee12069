import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { agentsSeen } from "./agents-seen";
import { insertDecision } from "./decisions";

describeOnBothDatabases("agents seen", (t) => {
  it("counts sessions and turns per agent in the window, and whether any of its turns reported loads", async () => {
    const now = Date.parse("2026-11-30T12:00:00Z");
    const row = async (agent: string | null, session: string, reportsLoads: boolean, ago: number) =>
      await insertDecision(t.db, {
        at: now - ago,
        day: "2026-11-30",
        status: "ok",
        outcome: "nothing_fits",
        latencyMs: 3,
        requests: 1,
        catalogSize: 5,
        skillsReturned: 0,
        judge: "local",
        channel: "api",
        agent,
        sessionId: session,
        reportsLoads,
      });
    await row("hermes", "h1", true, 1_000);
    await row("hermes", "h1", true, 2_000);
    await row("hermes", "h2", false, 3_000);
    await row("claude-code", "c1", false, 4_000);
    await row(null, "x", false, 5_000);
    await row("old-agent", "o", true, 2 * 86_400_000); // outside the window
    expect(await agentsSeen(t.db, now - 86_400_000)).toEqual([
      { agent: "hermes", sessions: 2, turns: 3, reportsLoads: true, lastAt: now - 1_000 },
      { agent: "claude-code", sessions: 1, turns: 1, reportsLoads: false, lastAt: now - 4_000 },
      { agent: null, sessions: 1, turns: 1, reportsLoads: false, lastAt: now - 5_000 },
    ]);
  });
});

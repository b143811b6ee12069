import path from "node:path";
import { describe, expect, it } from "vitest";
import { sqliteOf } from "../../../db/dialect";
import { decisions } from "../../../db/schema";
import { tempDbPerTest } from "../../testing/db-per-test";
import { ctxAt, pickCtx, skillTree, testConfig } from "../../testing/factories";
import { servePickSkill } from "../decisions/pick";
import { agentSwitches, agentsOverview, setAgentSwitch } from "./agent-switches";

const t = tempDbPerTest("jev-switches-");

describe("an agent's switches kept by the server", () => {
  it("default on; kept per agent; skills off answers with no skill and ranks nothing; on again serves", async () => {
    expect(await agentSwitches(t, { agent: "claude-code" })).toEqual({ skills: "on", skill_feedback: "on" });
    expect(await setAgentSwitch(ctxAt(t.db), { agent: "claude-code", name: "skills", value: "off" })).toEqual({ skills: "off", skill_feedback: "on" });
    expect(await setAgentSwitch(ctxAt(t.db), { agent: "claude-code", name: "skill_feedback", value: "off" })).toEqual({ skills: "off", skill_feedback: "off" });
    expect(await agentSwitches(t, { agent: "hermes" })).toEqual({ skills: "on", skill_feedback: "on" });
    await expect(setAgentSwitch(ctxAt(t.db), { agent: "", name: "skills", value: "off" })).rejects.toThrow(/agent/);

    const root = path.join(t.dir, "skills");
    skillTree(root, { "pdf-tools": "Merge, split and extract text and tables from PDF files." });
    const config = testConfig(t.dir);
    const request = { turn: "merge these two PDF files", roots: [root], agent: "claude-code", sessionId: "s1" };
    const off = await servePickSkill(pickCtx({ db: t.db, config }), { channel: "api", ...request });
    expect(off.reply).toEqual({ status: "ok", needs_skill: 0, skills: [], latency_ms: 0, skipped: "switched_off" });
    expect(sqliteOf(t.db).select().from(decisions).all()).toHaveLength(0);
    const other = await servePickSkill(pickCtx({ db: t.db, config }), { channel: "api", ...request, agent: "hermes" });
    expect(other.reply.skills[0]?.name).toBe("pdf-tools");
    await setAgentSwitch(ctxAt(t.db), { agent: "claude-code", name: "skills", value: "on" });
    expect((await servePickSkill(pickCtx({ db: t.db, config }), { channel: "api", ...request })).reply.skills[0]?.name).toBe("pdf-tools");
  });

  it("the Overview's agents: the last 24 hours' agents, each with its switches", async () => {
    const root = path.join(t.dir, "skills");
    skillTree(root, { "pdf-tools": "Merge, split and extract text and tables from PDF files." });
    const config = testConfig(t.dir);
    const now = Date.now();
    for (const [agent, ago] of [
      ["claude-code", 1000],
      ["hermes", 2 * 86_400_000],
    ] as const)
      await servePickSkill(pickCtx({ db: t.db, config, clock: () => now - ago }), {
        channel: "api",
        turn: "merge PDF files",
        roots: [root],
        agent,
        sessionId: agent,
      });
    await setAgentSwitch(ctxAt(t.db), { agent: "claude-code", name: "skill_feedback", value: "off" });
    expect(await agentsOverview(ctxAt(t.db, undefined, now))).toMatchObject([
      { agent: "claude-code", sessions: 1, turns: 1, switches: { skills: "on", skill_feedback: "off" } },
    ]);
  });
});

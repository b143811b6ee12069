import { describe, expect, it } from "vitest";
import type { ServerFacts } from "../services/doctor/server-facts";
import type { AgentSetup, McpSetup } from "./agent-setups";
import { runDoctor } from "./run-doctor";
import type { ServerProbe } from "./server-probe";

const NOW = Date.UTC(2026, 11, 6, 12);
const facts = (over: Partial<ServerFacts> = {}): ServerFacts => ({
  skills: 12,
  roots: ["/h/.claude/skills"],
  lookedIn: ["/h/.hermes/skills", "/h/.claude/skills"],
  overBudget: false,
  judge: { kind: "local", description: "" },
  agents: [],
  leftOutRoots: [],
  ...over,
});
/** The server at one URL only, taking one token: what probeServer answers, without the network (e2e/doctor.spec.ts drives the real one). */
const serverAt =
  (url: string, token: string, f: ServerFacts) =>
  async (asked: string, sent: string | null): Promise<ServerProbe> =>
    asked !== url
      ? { up: false, url: asked }
      : { up: true, url: asked, token: sent === null ? "none" : sent === token ? "accepted" : "rejected", facts: sent === token ? f : null };
const input = (over: Partial<Parameters<typeof runDoctor>[0]> = {}) => ({
  url: "http://127.0.0.1:3000",
  urlFrom: "HOST and PORT" as const,
  token: "t0ken-ok",
  setups: [] as AgentSetup[],
  hermesSkills: null,
  hermesPlatform: undefined,
  now: NOW,
  probe: serverAt("http://127.0.0.1:3000", "t0ken-ok", facts()),
  ...over,
});

describe("jev doctor's findings", () => {
  it("the sentence encoder: ready, building (the lexical judge answers meanwhile), failed (with the fix), off", async () => {
    const encoderFinding = async (encoder: NonNullable<ServerFacts["judge"]["encoder"]>) =>
      (await runDoctor(input({ probe: serverAt("http://127.0.0.1:3000", "t0ken-ok", facts({ judge: { kind: "local", description: "", encoder } })) }))).find(
        (f) => f.check === "encoder",
      );
    expect(await encoderFinding({ state: "ready", model: "m", done: 10, total: 10 })).toMatchObject({
      verdict: "ok",
      line: "sentence encoder ready (m, 10 skill texts)",
    });
    expect(await encoderFinding({ state: "building", model: "m", done: 3, total: 10 })).toMatchObject({
      verdict: "warn",
      line: expect.stringContaining("(3 of 10): the lexical judge answers alone"),
    });
    expect(await encoderFinding({ state: "failed" })).toMatchObject({ verdict: "fail", fix: expect.stringContaining("npm install") });
    expect(await encoderFinding({ state: "off" })).toMatchObject({ verdict: "skip" });
    // Another judge has no encoder, and nothing is said of one.
    expect(await runDoctor(input()).then((f) => f.some((x) => x.check === "encoder"))).toBe(false);
  });

  it("no skills: where it looked, and the next step", async () => {
    const findings = await runDoctor(input({ probe: serverAt("http://127.0.0.1:3000", "t0ken-ok", facts({ skills: 0 })) }));
    expect(findings.find((f) => f.check === "skills")).toMatchObject({
      verdict: "warn",
      line: "no skills found: looked in /h/.hermes/skills, /h/.claude/skills",
    });
  });

  it("roots requests left out, with how long ago, and how to allow one", async () => {
    const leftOutRoots = [{ root: "/workspace/.claude/skills", why: "is not an allowed root", requests: 3, lastAt: NOW - 5 * 60_000 }];
    const findings = await runDoctor(input({ probe: serverAt("http://127.0.0.1:3000", "t0ken-ok", facts({ leftOutRoots })) }));
    expect(findings.find((f) => f.check === "roots")).toMatchObject({
      verdict: "warn",
      line: "/workspace/.claude/skills was left out of 3 request(s), last 5 min ago: is not an allowed root",
      fix: expect.stringContaining("JEV_ALLOWED_ROOTS"),
    });
  });

  it("Hermes's platform_disabled with no platform set: it has no effect in Hermes's CLI; with HERMES_PLATFORM, nothing to say", async () => {
    const hermesSkills = { externalDirs: [], disabled: [], platformDisabled: { telegram: ["pdf"], discord: [] } };
    const warned = await runDoctor(input({ hermesSkills }));
    expect(warned.find((f) => f.check === "hermes")?.line).toMatch(/^skills\.platform_disabled lists skills for telegram, but no platform is set/);
    expect((await runDoctor(input({ hermesSkills, hermesPlatform: "telegram" }))).some((f) => f.check === "hermes")).toBe(false);
  });

  it("an agent heard from: when, and how many turns", async () => {
    const setup: AgentSetup = {
      agent: "claude-code",
      installed: true,
      where: "/h/.claude/settings.json",
      url: "http://127.0.0.1:3000",
      token: "t0ken-ok",
      trust: null,
    };
    const probe = serverAt("http://127.0.0.1:3000", "t0ken-ok", facts({ agents: [{ agent: "claude-code", turns: 7, lastAt: NOW - 3 * 3_600_000 }] }));
    const findings = await runDoctor(input({ setups: [setup], probe }));
    expect(findings.filter((f) => f.check === "claude-code").map((f) => f.line)).toEqual([
      "Claude Code reaches http://127.0.0.1:3000 with a token it takes",
      "last heard from Claude Code 3 h ago (7 turns)",
    ]);
  });

  it("an MCP client's jev mcp: gone when the checkout moved, refused with a bad token file, fine otherwise", async () => {
    const setup: McpSetup = { client: "codex", where: "/h/.codex/config.toml", bin: "/jev/bin/jev.mjs", url: "http://127.0.0.1:3000", token: "t0ken-ok" };
    const mcp = async (over: Partial<McpSetup>, exists = true) =>
      (await runDoctor(input({ mcpSetups: [{ ...setup, ...over }], exists: () => exists }))).find((f) => f.check === "codex-mcp");
    expect(await mcp({})).toMatchObject({ verdict: "ok", line: "Codex (MCP) relays to http://127.0.0.1:3000 with a token it takes (/h/.codex/config.toml)" });
    expect(await mcp({}, false)).toMatchObject({ verdict: "fail", fix: "npx jev integrate codex --mcp" });
    expect((await mcp({ token: "stale" }))?.line).toContain("token is rejected");
    expect((await mcp({ token: null }))?.line).toContain("token file is missing");
    expect((await mcp({ url: "http://127.0.0.1:3999" }))?.line).toContain("where no jev server answers");
  });
});

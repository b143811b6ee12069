import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { sqliteOf } from "../../db/dialect";
import { decisions } from "../../db/schema";
import type { JevConfig } from "../config";
import { closeJudgePools } from "../judges/remote/http-pool";
import { decisionDetail } from "../services/decisions/explorer";
import { servePickSkill } from "../services/decisions/pick";
import { ctxAt, freshDb, pickCtx, skillTree, tempDir, testConfig } from "../testing/factories";
import { type JudgeServer, routingOf, startJudgeServer } from "../testing/judge-server";
import { featureAnswers } from "./features";
import { DEFAULT_ROUTING, readRoutingConfig, routingFile } from "./routing-config";
import { decideTier } from "./tier";

describe("routing's tier", () => {
  it("hard first, then code, then simple, else the default tier; thresholds from the configuration", () => {
    expect(decideTier({ hard: 0.9, code: 0.9, simple: 0.9 }, DEFAULT_ROUTING)).toBe("large");
    expect(decideTier({ hard: 0.2, code: 0.5, simple: 0.9 }, DEFAULT_ROUTING)).toBe("medium");
    expect(decideTier({ hard: 0.2, code: 0.2, simple: 0.7 }, DEFAULT_ROUTING)).toBe("small");
    expect(decideTier({ hard: 0.2, code: 0.2, simple: 0.2 }, DEFAULT_ROUTING)).toBe("medium");
    const strict = { ...DEFAULT_ROUTING, thresholds: { hard: 0.95, code: 0.5, simple: 0.6 }, tiers: { ...DEFAULT_ROUTING.tiers, otherwise: "mini" } };
    expect(decideTier({ hard: 0.9, code: 0.1, simple: 0.1 }, strict)).toBe("mini");
  });

  it("answers from the turn's features without sending anything", () => {
    expect(featureAnswers("thanks!").simple).toBeGreaterThanOrEqual(0.6);
    expect(featureAnswers("fix the bug in parser.ts where the regex drops unicode").code).toBeGreaterThanOrEqual(0.5);
  });

  it("reads routing.json: defaults without one, only what it changes, a clear problem when wrong", () => {
    const tmp = tempDir("jev-routing-");
    try {
      expect(readRoutingConfig(tmp.dir)).toEqual(DEFAULT_ROUTING);
      fs.mkdirSync(path.dirname(routingFile(tmp.dir)), { recursive: true });
      fs.writeFileSync(routingFile(tmp.dir), JSON.stringify({ private: true, tiers: { hard: "opus" } }));
      expect(readRoutingConfig(tmp.dir)).toMatchObject({ source: "judge", private: true, tiers: { hard: "opus", code: "medium" } });
      fs.writeFileSync(routingFile(tmp.dir), JSON.stringify({ thresholds: { hard: 2 } }));
      expect(readRoutingConfig(tmp.dir)).toEqual({ problem: expect.stringContaining("thresholds.hard") });
    } finally {
      tmp.cleanup();
    }
  });
});

describe("routing with skill selection, against a judge server on loopback", () => {
  let server: JudgeServer;
  let tmp: ReturnType<typeof tempDir>;
  let db: Db;
  let config: JevConfig;
  let root: string;
  beforeAll(async () => {
    server = await startJudgeServer();
  });
  afterAll(async () => {
    await closeJudgePools();
    await server.close();
  });
  beforeEach(() => {
    tmp = tempDir("jev-route-");
    db = freshDb(tmp.dir);
    root = path.join(tmp.dir, "skills");
    skillTree(root, { "pdf-merge": "Merge PDF files into one document.", xlsx: "Edit Excel spreadsheets.", "git-commit": "Write commit messages." });
    const remote = { endpoint: new URL(`${server.url}/chat/completions`), model: "m", requestTimeoutMs: 2_000, turnDeadlineMs: 3_000 };
    config = { ...testConfig(tmp.dir), judge: { kind: "openai", remote } };
  });
  afterEach(() => {
    server.reset();
    tmp.cleanup();
  });
  const writeRouting = (value: object) => {
    fs.mkdirSync(path.dirname(routingFile(config.hermesHome)), { recursive: true });
    fs.writeFileSync(routingFile(config.hermesHome), JSON.stringify(value));
  };
  const turn = "please pdf merge these files and plan the design of the archive";
  const serve = (extra: object = {}) => servePickSkill(pickCtx({ db, config }), { channel: "api", turn, roots: [root], route: true, ...extra });

  it("merged gives the same skills and the same tier as unmerged, with one request fewer, and the log says which", async () => {
    const merged = await serve();
    const mergedCalls = server.calls.length;
    server.reset();
    const split = await serve({ mergeRequests: false });
    expect(mergedCalls).toBe(2); // stage 1 (with routing's questions) + stage 2
    expect(server.calls.length).toBe(3); // stage 1 + stage 2 + routing on its own
    expect(merged.reply).toEqual({ ...split.reply, latency_ms: merged.reply.status === "ok" ? merged.reply.latency_ms : 0 });
    expect(merged.reply.skills[0]?.name).toBe("pdf-merge");
    expect(merged.route).toMatchObject({ status: "ok", tier: "large", answers: routingOf(turn), source: "merged" });
    expect(split.route).toMatchObject({ status: "ok", tier: "large", answers: routingOf(turn), source: "judge" });
    expect(
      sqliteOf(db)
        .select()
        .from(decisions)
        .all()
        .map((r) => r.merged),
    ).toEqual([true, false]);
    expect(await decisionDetail(ctxAt(db), { id: merged.decisionId as number })).toMatchObject({ merged: true, requests: 2 });
  });

  it("is never merged for private routing, features-only routing, merge_requests off, or a secret-looking turn", async () => {
    writeRouting({ private: true });
    await serve();
    expect(server.calls.map((c) => c.stage)).toEqual(["one", "two", "route"]);
    expect(server.calls.some((c) => c.merged)).toBe(false);
    server.reset();
    writeRouting({ source: "features" });
    const features = await serve();
    expect(server.calls.map((c) => c.stage)).toEqual(["one", "two"]);
    expect(features.route).toMatchObject({ status: "ok", source: "features" });
    server.reset();
    writeRouting({});
    fs.writeFileSync(path.join(config.hermesHome, "jev", "state.json"), JSON.stringify({ merge_requests: "off" }));
    await serve();
    expect(server.calls.map((c) => c.stage)).toEqual(["one", "two", "route"]);
    server.reset();
    const secret = await servePickSkill(pickCtx({ db, config }), {
      channel: "api",
      turn: "merge with token ghp_abcdefghijklmnopqrstuvwxyz0123456789",
      roots: [root],
      route: true,
    });
    expect(server.calls).toHaveLength(0);
    expect(secret.reply).toMatchObject({ status: "fail_open", reason: "sensitive_turn" });
    expect(secret.route).toMatchObject({ status: "ok", source: "features" });
  });

  it("a failed shared request suggests no skill, and routing asks again on its own", async () => {
    server.script((call) => (call.merged ? { kind: "status", status: 500 } : { kind: "answer" }));
    const served = await serve();
    expect(served.reply).toEqual({ status: "fail_open", reason: "stage_one_incomplete", skills: [] });
    expect(served.route).toMatchObject({ status: "ok", tier: "large", source: "judge" });
    expect(server.calls.map((c) => c.stage)).toEqual(["one", "route"]);
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../../db/client";
import { sqliteOf } from "../../../db/dialect";
import { decisions } from "../../../db/schema";
import type { SkillCard } from "../../catalog/types";
import { verifyCatalogEntry } from "../../catalog/verifier";
import { type PickDeps, pickSkill } from "../../engine/pick-skill";
import { runEval } from "../../eval/run-eval";
import { servePickSkill } from "../../services/decisions/pick";
import { freshDb, pickCtx, skillTree, tempDir, testConfig } from "../../testing/factories";
import { type Behaviour, type JudgeServer, startJudgeServer } from "../../testing/judge-server";
import { LocalJudge } from "../local/local-judge";
import { closeJudgePools } from "./http-pool";
import { OpenAiJudge } from "./openai-judge";
import type { RemoteJudgeConfig } from "./remote-config";

/** The remote judge against a real OpenAI-compatible server on loopback (issue: remote judges). */
let server: JudgeServer;
beforeAll(async () => {
  server = await startJudgeServer();
});
afterEach(() => server.reset());
afterAll(async () => {
  await closeJudgePools();
  await server.close();
});

const remote = (overrides: Partial<RemoteJudgeConfig> = {}): RemoteJudgeConfig => ({
  endpoint: new URL(`${server.url}/chat/completions`),
  model: "judge-test",
  key: "sk-test-key",
  requestTimeoutMs: 2_000,
  turnDeadlineMs: 3_000,
  ...overrides,
});
const card = (name: string, description = `does ${name}`): SkillCard => ({ name, description, path: `/skills/${name}/SKILL.md` });
const catalogOf = (n: number) => Array.from({ length: n }, (_, i) => card(`skill-${i}`));
const deps = (judge: OpenAiJudge, catalog: SkillCard[], extra: Partial<PickDeps> = {}): PickDeps => ({
  catalog,
  judge,
  verify: verifyCatalogEntry,
  metaSkills: [],
  now: () => performance.now(),
  ...extra,
});
const slowStageOne = (ms: number) => (call: { stage: string }) => (call.stage === "one" ? { kind: "answer", delayMs: ms } : { kind: "answer" }) as Behaviour;

describe("stage 1 over HTTP", () => {
  it("sends the batches at once: 377 skills are 4 concurrent requests, and the wall time is about the slowest batch", async () => {
    server.script(slowStageOne(300));
    const started = performance.now();
    const { reply, record } = await pickSkill({ turn: "summarise the quarterly numbers" }, deps(new OpenAiJudge(remote()), catalogOf(377)));
    const elapsed = performance.now() - started;
    expect(reply).toMatchObject({ status: "ok", skills: [] }); // nothing fits: stage 1 ends the turn
    expect(server.calls).toHaveLength(4);
    expect(server.maxConcurrent()).toBe(4);
    expect(server.calls.map((c) => c.names.length).sort((a, b) => a - b)).toEqual([17, 120, 120, 120]);
    expect(elapsed).toBeLessThan(3 * 300); // one after the other would take 4 × 300 ms
    expect(record.requests).toBe(4);
  });

  it("a full turn costs ceil(skills/120) + 1 requests, and suggests the skill the judge picked", async () => {
    const catalog = [...catalogOf(300), card("pdf-merge", "Merge PDF files")];
    const { reply, record } = await pickSkill({ turn: "please pdf merge these two files" }, deps(new OpenAiJudge(remote()), catalog));
    expect(reply.status).toBe("ok");
    expect(reply.skills[0]).toMatchObject({ name: "pdf-merge", match: 0.9 });
    expect(server.calls.filter((c) => c.stage === "one")).toHaveLength(3);
    expect(server.calls.filter((c) => c.stage === "two")).toHaveLength(1);
    expect(record.requests).toBe(4);
    // The card is the name and the (200-character) description; bodies and paths are never sent.
    expect(server.calls[0].body).not.toContain("/skills/");
    expect(server.calls[0].headers.authorization).toBe("Bearer sk-test-key");
  });

  it("960 skills are 8 requests; 1,000 are 8 as well, with the 960 the local index ranks highest, including the matching skill found last", async () => {
    const { record: full } = await pickSkill({ turn: "what time is it in Lima" }, deps(new OpenAiJudge(remote()), catalogOf(960)));
    expect(server.calls).toHaveLength(8);
    expect(full.skillsDropped).toBe(0);
    server.reset();
    const local = new LocalJudge();
    const catalog = [...catalogOf(999), card("invoice-parser", "Read supplier invoices and extract totals, VAT and due dates")];
    const dropped: string[] = [];
    const { reply, record } = await pickSkill(
      { turn: "pull the VAT and totals out of this supplier invoice" },
      deps(new OpenAiJudge(remote()), catalog, { relevance: (turn, skills) => local.relevance(turn, skills), onDropped: (names) => dropped.push(...names) }),
    );
    const stageOne = server.calls.filter((c) => c.stage === "one");
    expect(stageOne).toHaveLength(8);
    expect(stageOne.flatMap((c) => c.names)).toContain("invoice-parser");
    expect(reply.skills_dropped).toBe(40);
    expect(record.skillsDropped).toBe(40);
    expect(dropped).toHaveLength(40);
    expect(dropped).not.toContain("invoice-parser");
  });
});

describe("deadlines, retries and failures, each with its reason code", () => {
  it("one batch slower than the turn's deadline fails the turn open within the deadline", async () => {
    server.script((call) => (call.index === 2 ? { kind: "answer", delayMs: 5_000 } : { kind: "answer" }));
    const started = performance.now();
    const { reply } = await pickSkill(
      { turn: "translate this letter to Portuguese" },
      deps(new OpenAiJudge(remote({ requestTimeoutMs: 4_000, turnDeadlineMs: 600 })), catalogOf(377)),
    );
    expect(performance.now() - started).toBeLessThan(600 + 1_000); // the slow batch alone would take 5 s
    expect(reply).toEqual({ status: "fail_open", reason: expect.stringMatching(/^(timeout|stage_one_incomplete)$/), skills: [] });
  });

  const stageTwoFailures: [string, Behaviour, string, number][] = [
    ["a 500", { kind: "status", status: 500 }, "http_status", 1],
    ["a 503 twice (retried once)", { kind: "status", status: 503 }, "http_status", 2],
    ["a 429 twice (retried once)", { kind: "status", status: 429 }, "rate_limited", 2],
    ["a 402", { kind: "status", status: 402 }, "credits_exhausted", 1],
    ["a 429 for quota", { kind: "status", status: 429, body: '{"error":{"code":"insufficient_quota"}}' }, "credits_exhausted", 1],
    ["malformed JSON", { kind: "malformed" }, "invalid_response", 1],
    ["prose instead of JSON", { kind: "content", content: "I think pdf-merge fits best." }, "invalid_response", 1],
    ["an id missing", { kind: "content", content: '{"needs_skill":0.9,"matches":[]}' }, "invalid_response", 1],
    ["a score out of range", { kind: "content", content: '{"needs_skill":1.5,"matches":[{"id":1,"match":0.9}]}' }, "invalid_response", 1],
    ["a dropped connection twice (retried once)", { kind: "drop" }, "connection_error", 2],
    ["no answer within the request timeout", { kind: "answer", delayMs: 1_500 }, "timeout", 1],
  ];
  it.each(stageTwoFailures)("stage 2 answered with %s → %s", async (_label, behaviour, reason, attempts) => {
    server.script((call) => (call.stage === "two" ? behaviour : { kind: "answer" }));
    const { reply, record } = await pickSkill(
      { turn: "please pdf merge these files" },
      deps(new OpenAiJudge(remote({ requestTimeoutMs: 500 })), [card("pdf-merge"), card("xlsx")]),
    );
    expect(reply).toEqual({ status: "fail_open", reason, skills: [] });
    expect(server.calls.filter((c) => c.stage === "two")).toHaveLength(attempts);
    expect(record.requests).toBe(1 + attempts);
  });

  it("any failed stage-1 batch fails the whole turn open as stage_one_incomplete", async () => {
    server.script((call) => (call.index === 1 ? { kind: "status", status: 500 } : { kind: "answer" }));
    const { reply } = await pickSkill({ turn: "please pdf merge these" }, deps(new OpenAiJudge(remote()), [...catalogOf(200), card("pdf-merge")]));
    expect(reply).toEqual({ status: "fail_open", reason: "stage_one_incomplete", skills: [] });
  });

  it("a failing batch fails the turn open at once, and the other batches finish: 10 such turns over 960 skills open at most 16 connections", async () => {
    await closeJudgePools(); // count this test's connections only
    server.reset();
    // A judge that answers garbage to one batch of each turn at once, and the others a moment later.
    server.script((call) =>
      call.stage === "one" && call.names.includes("skill-0") ? { kind: "content", content: "not the scores" } : { kind: "answer", delayMs: 200 },
    );
    const judge = new OpenAiJudge(remote());
    for (let i = 0; i < 10; i++) {
      const before = server.calls.length;
      const answered = () => server.calls.slice(before).filter((c) => c.handledMs !== undefined).length;
      const { reply } = await pickSkill({ turn: "please pdf merge these" }, deps(judge, [...catalogOf(959), card("pdf-merge")]));
      expect(reply).toEqual({ status: "fail_open", reason: "stage_one_incomplete", skills: [] });
      expect(answered()).toBeLessThan(8); // the agent heard before the other batches were answered
      await vi.waitFor(() => expect(answered()).toBe(8), { timeout: 2_000 }); // they finish, their answers are read, their connections kept
    }
    expect(server.connections()).toBeLessThanOrEqual(16);
  });

  it("retries a refused request once when it can, and never past the deadline", async () => {
    let first = true;
    server.script((call) => {
      if (call.stage === "two" && first) {
        first = false;
        return { kind: "status", status: 503 };
      }
      return { kind: "answer" };
    });
    const ok = await pickSkill({ turn: "please pdf merge these" }, deps(new OpenAiJudge(remote()), [card("pdf-merge")]));
    expect(ok.reply).toMatchObject({ status: "ok", skills: [{ name: "pdf-merge" }] });
    expect(ok.record.requests).toBe(3);
    server.reset();
    // Asked to come back in 10 s with 3 s left: no retry, at once.
    server.script((call) => (call.stage === "two" ? { kind: "status", status: 429, headers: { "retry-after": "10" } } : { kind: "answer" }));
    const started = performance.now();
    const late = await pickSkill({ turn: "please pdf merge these" }, deps(new OpenAiJudge(remote()), [card("pdf-merge")]));
    expect(late.reply).toEqual({ status: "fail_open", reason: "rate_limited", skills: [] });
    expect(server.calls.filter((c) => c.stage === "two")).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("a reply larger than any judge's is not read past 4 MiB: the turn fails open, its connection dropped, the heap kept", async () => {
    server.script((call) => (call.stage === "two" ? { kind: "huge", bytes: 200 * 1024 * 1024 } : { kind: "answer" }));
    const heap = process.memoryUsage().heapUsed;
    const started = performance.now();
    const { reply } = await pickSkill({ turn: "please pdf merge these" }, deps(new OpenAiJudge(remote({ requestTimeoutMs: 20_000 })), [card("pdf-merge")]));
    expect(reply).toEqual({ status: "fail_open", reason: "invalid_response", skills: [] });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(64 * 1024 * 1024);
    // The next turn is answered as usual.
    server.script(() => ({ kind: "answer" }));
    expect((await pickSkill({ turn: "please pdf merge these" }, deps(new OpenAiJudge(remote()), [card("pdf-merge")]))).reply).toMatchObject({ status: "ok" });
  });

  it("a server that is not there is a connection error, and stage 1 incomplete", async () => {
    const judge = new OpenAiJudge(remote({ endpoint: new URL("http://127.0.0.1:9/v1/chat/completions") }));
    const { reply, record } = await pickSkill({ turn: "please pdf merge these" }, deps(judge, [card("pdf-merge")]));
    expect(reply).toEqual({ status: "fail_open", reason: "stage_one_incomplete", skills: [] });
    expect(record.requests).toBe(2); // refused, then the one retry
    await expect(judge.stageTwo({ turn: "x", catalog: { skills: [card("a")] }, finalists: [0] })).rejects.toMatchObject({ reason: "connection_error" });
  });
});

describe("jev eval", () => {
  it("compares judges on a user's own cases: the remote judge is evaluated through the same engine", async () => {
    const catalog = [card("pdf-merge"), card("xlsx"), card("git-commit")];
    const cases = [
      { turn: "please pdf merge these two files", expected: ["/skills/pdf-merge/SKILL.md"] },
      { turn: "write a git commit for the staged changes", expected: ["/skills/git-commit/SKILL.md"] },
      { turn: "what is the weather like", expected: [] },
    ];
    const report = await runEval(catalog, cases, { judge: new OpenAiJudge(remote()), metaSkills: [] });
    expect(report.cases).toBe(3);
    expect(report.top1).toBe(1);
    expect(report.none_recall).toBe(1);
    expect(report.requests_per_turn).toBeGreaterThan(1);
  });
});

describe("connections", () => {
  it("keep-alive holds: 10 turns over 377 skills open at most 4 connections; without pooling they open 50", async () => {
    const catalog = [...catalogOf(376), card("pdf-merge")];
    const pooled = new OpenAiJudge(remote());
    let connectionsRecorded = 0;
    for (let i = 0; i < 10; i++) {
      const { record } = await pickSkill({ turn: "please pdf merge these" }, deps(pooled, catalog));
      expect(record.requests).toBe(5);
      connectionsRecorded += record.connections;
    }
    expect(server.connections()).toBeLessThanOrEqual(4);
    expect(connectionsRecorded).toBe(server.connections());
    server.reset();
    await closeJudgePools(); // no idle connection left over from the pooled turns
    const unpooled = new OpenAiJudge(remote(), { noReuse: true });
    for (let i = 0; i < 10; i++) await pickSkill({ turn: "please pdf merge these" }, deps(unpooled, catalog));
    expect(server.connections()).toBe(50);
  });
});

describe("privacy", () => {
  it("a secret-looking turn sends nothing; an e-mail address is masked before it is sent", async () => {
    const judge = new OpenAiJudge(remote());
    const secret = await pickSkill({ turn: "deploy with AWS key AKIAIOSFODNN7EXAMPLE please" }, deps(judge, [card("pdf-merge")]));
    expect(secret.reply).toEqual({ status: "fail_open", reason: "sensitive_turn", skills: [] });
    expect(secret.record.requests).toBe(0);
    expect(server.calls).toHaveLength(0);
    await pickSkill({ turn: "please pdf merge the files bob.smith@example.com sent" }, deps(judge, [card("pdf-merge")]));
    expect(server.calls.length).toBeGreaterThan(0);
    for (const call of server.calls) expect(call.body).not.toContain("bob.smith@example.com");
    expect(server.calls[0].turn).toContain("[EMAIL]");
  });

  it("gated and empty-catalog turns cost no request", async () => {
    const judge = new OpenAiJudge(remote());
    expect((await pickSkill({ turn: "thanks!" }, deps(judge, [card("pdf-merge")]))).record.requests).toBe(0);
    expect((await pickSkill({ turn: "please pdf merge these" }, deps(judge, []))).record.requests).toBe(0);
    expect(server.calls).toHaveLength(0);
  });
});

describe("through the service, with a real database", () => {
  let tmp: ReturnType<typeof tempDir>;
  let db: Db;
  afterEach(() => tmp?.cleanup());

  it("each kind of failure is logged with its code, and no turn text reaches the log, the database or the console", async () => {
    tmp = tempDir("jev-remote-");
    db = freshDb(tmp.dir);
    const root = path.join(tmp.dir, "skills");
    skillTree(root, { "pdf-merge": "Merge PDF files into one document.", xlsx: "Edit Excel spreadsheets." });
    const config = { ...testConfig(tmp.dir), judge: { kind: "openai" as const, remote: remote({ requestTimeoutMs: 400 }) } };
    const printed: string[] = [];
    const spies = (["log", "warn", "error", "info"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args) => printed.push(args.join(" "))),
    );
    const turn = "please pdf merge the Quuxflorp contracts";
    const cases: [Behaviour, string][] = [
      [{ kind: "status", status: 500 }, "http_status"],
      [{ kind: "status", status: 429 }, "rate_limited"],
      [{ kind: "status", status: 402 }, "credits_exhausted"],
      [{ kind: "malformed" }, "invalid_response"],
      [{ kind: "drop" }, "connection_error"],
      [{ kind: "answer", delayMs: 800 }, "timeout"],
    ];
    try {
      for (const [behaviour, reason] of cases) {
        server.script((call) => (call.stage === "two" ? behaviour : { kind: "answer" }));
        const { reply } = await servePickSkill(pickCtx({ db, config }), { channel: "api", turn, roots: [root], sessionId: "s-remote" });
        expect(reply).toEqual({ status: "fail_open", reason, skills: [] });
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const rows = sqliteOf(db).select().from(decisions).all();
    expect(rows.map((r) => r.reasonCode)).toEqual(cases.map(([, reason]) => reason));
    expect(rows.every((r) => r.judge === "openai" && r.requests >= 2)).toBe(true);
    const everything = [fs.readFileSync(path.join(tmp.dir, "jev.db")), ...printed].join("\n");
    expect(everything).not.toContain("Quuxflorp");
  });
});

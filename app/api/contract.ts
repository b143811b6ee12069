import { z } from "zod";
import { type ApiOperation, openApiDocument } from "@/lib/http/api-contract";
import { ActionParams, CuratorActionReply, NameBody, NoBody, RunBody } from "./curator/[action]/schema";
import { DecisionId } from "./decisions/[id]/schema";
import { DecisionDetailReply, DecisionListQuery, DecisionListReply } from "./decisions/schema";
import { SummaryQuery, SummaryReply } from "./decisions/summary/schema";
import { DoctorReply } from "./doctor/schema";
import { ErrorEnvelope, OkReply } from "./envelopes";
import { FeedbackBody } from "./feedback/schema";
import { HealthReply } from "./health/schema";
import { McpBody, McpReply } from "./mcp/schema";
import { PickSkillBody, PickSkillReply } from "./pick-skill/schema";
import { RunId } from "./replay/[id]/schema";
import { ExportQuery } from "./replay/log/schema";
import { ListQuery, ReplayQuery, ReplayRunReply, ReplayRunsReply } from "./replay/schema";
import { RouteTurnBody, RouteTurnReply } from "./route-turn/schema";
import { UsageBody, UsageParams, UsageRecordReply } from "./skills/[name]/usage/schema";
import { SkillsQuery, SkillsReply } from "./skills/schema";
import { SuppressionQuery, SuppressionReply } from "./suppression/schema";

/*
 * Every operation of the HTTP API with the schemas its route validates with and one real exchange. The examples are
 * requests the running server answers as shown (e2e/openapi.spec.ts sends them in this order: the pick makes
 * decision 1, the upload makes replay run 1), trimmed where a reply lists many things.
 */

const NDJSON = "application/x-ndjson";
const REPLAY_LOG =
  '{"ts":"2026-12-01T10:00:00Z","session":"a","kind":"suggest","skill":"pdf"}\n{"ts":"2026-12-01T10:01:00Z","session":"a","kind":"load","skill":"pdf"}\n';
const PDF = "/home/me/.hermes/skills/pdf/SKILL.md";
const RULES = {
  dedup_loaded: true,
  suppression: { enabled: true, min_suggestions: 5, window_days: 14, max_load_ratio: 0.1, retry_hours: 6 },
  attribution_minutes: 5,
  entry_skills: {},
};
const RUN = {
  id: 1,
  at: "2026-12-07T02:14:23.560Z",
  source: "upload",
  status: "done",
  phase: "finished",
  progress: 1,
  rules: RULES,
  log: { digest: "3277acd9aaaf8c1c500fb57230039c6e5f3cfd629e923e5ae7beb470df64b4b6", bytes: 147, events: 2, bad_lines: 0 },
  sweep_points: 0,
};
const REPORT = {
  events: 2,
  recorded: { suggestions: 1, loaded: 1, load_rate: 1 },
  replayed: { suggestions: 1, loaded: 1, load_rate: 1 },
  removed: { duplicates: 0, rejected: 0, loads_lost: 0 },
};
const DECISION = {
  id: 1,
  at: "2026-12-07T02:14:17.353Z",
  session: "abc",
  agent: null,
  channel: "api",
  judge: "local",
  status: "ok",
  outcome: "suggested",
  reason: null,
  needs_skill: 0.993,
  suggested: { name: "pdf", match: 0.91 },
  top: [{ name: "pdf", score: 0.993, match: 0.91, verdict: "suggested" }],
  latency_ms: 4,
  reports_loads: false,
};

export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    path: "/api/health",
    method: "GET",
    open: true,
    summary: "Liveness, the database kind and the default catalog's size",
    reply: { status: 200, schema: HealthReply, description: "The server is up" },
    example: { reply: { ok: true, db: "sqlite", skills: 866, index: "ready" } },
  },
  {
    path: "/api/pick-skill",
    method: "POST",
    summary: "Whether this turn should load a skill, and which",
    description: "The agent loads the first skill whose match is at least 0.5; skills under it are a shortlist. Unknown keys are ignored.",
    body: { schema: PickSkillBody },
    reply: { status: 200, schema: PickSkillReply, description: "The decision (selection spec §6)" },
    example: {
      body: { turn: "merge these two pdf files into one", session_id: "abc" },
      reply: { status: "ok", needs_skill: 0.993, skills: [{ name: "pdf", path: PDF, match: 0.91 }], latency_ms: 4 },
    },
  },
  {
    path: "/api/feedback",
    method: "POST",
    summary: "The agent loaded (or rejected) a suggested skill",
    body: { schema: FeedbackBody },
    reply: { status: 200, schema: OkReply, description: "Recorded" },
    example: { body: { session_id: "abc", skill: "pdf", event: "loaded" }, reply: { ok: true } },
  },
  {
    path: "/api/mcp",
    method: "POST",
    summary: "The Model Context Protocol over Streamable HTTP (stateless, JSON replies)",
    description:
      "Tools pick_skill, report_load, list_skills, read_skill; skills as skill://NAME resources (docs/mcp.md). Send `Accept: application/json, text/event-stream`; a notification is answered 202 with no body.",
    body: { schema: McpBody },
    reply: { status: 200, schema: McpReply, description: "The JSON-RPC answer" },
    moreErrors: [406, 415],
    // The transport answers a body it cannot read as JSON-RPC errors (parse error, wrong Accept or Content-Type).
    otherErrorBodies: new Map([
      [400, McpReply],
      [406, McpReply],
      [415, McpReply],
    ]),
    example: {
      body: { jsonrpc: "2.0", id: 1, method: "ping" },
      reply: { jsonrpc: "2.0", id: 1, result: {} },
    },
  },
  {
    path: "/api/route-turn",
    method: "POST",
    summary: "The model tier a turn should go to",
    body: { schema: RouteTurnBody },
    reply: { status: 200, schema: RouteTurnReply, description: "The routing decision" },
    example: {
      body: { turn: "fix the bug in parser.ts where the regex drops unicode" },
      reply: { status: "ok", tier: "medium", answers: { hard: 0.1, code: 0.8, simple: 0.8 }, source: "features", latency_ms: 2 },
    },
  },
  {
    path: "/api/doctor",
    method: "GET",
    summary: "What `jev doctor` asks the server: its catalog, judge, the agents it heard from, the roots it left out",
    reply: { status: 200, schema: DoctorReply, description: "The server's facts" },
    example: {
      reply: {
        skills: 866,
        roots: ["/home/me/.hermes/skills"],
        lookedIn: ["/home/me/.hermes/skills", "/home/me/.claude/skills"],
        overBudget: false,
        judge: { kind: "local", description: "the embedded local judge: BM25F over name, description and body; no network" },
        agents: [{ agent: null, turns: 3, lastAt: 1796609165207 }],
        leftOutRoots: [],
      },
    },
  },
  {
    path: "/api/decisions",
    method: "GET",
    summary: "One page of decisions, newest first (follow next_cursor)",
    query: DecisionListQuery,
    reply: { status: 200, schema: DecisionListReply, description: "The page" },
    example: { query: { limit: "1", channel: "api" }, reply: { decisions: [DECISION], next_cursor: "MTc5NjYwOTY1NzM1My40" } },
  },
  {
    path: "/api/decisions/summary",
    method: "GET",
    summary: "Counts by status, outcome, reason (incl. unknown) and day",
    query: SummaryQuery,
    reply: { status: 200, schema: SummaryReply, description: "The counts over the window (default: the last 7 days)" },
    example: {
      query: { from: "2026-12-01" },
      reply: {
        from: "2026-12-01T00:00:00.000Z",
        to: "2026-12-08T00:00:00.000Z",
        total: 4,
        byStatus: { ok: 4 },
        byOutcome: { below_threshold: 1, suggested: 2, trivial: 1 },
        byReason: {},
        byDay: [{ day: "2026-12-07", status: "ok", count: 4 }],
        byDayOutcome: [{ day: "2026-12-07", outcome: "suggested", count: 2 }],
        latencyMs: { p50: 4, p90: 230, p99: 230 },
        judge: { turns: 3, requestsPerTurn: 9, latencyMs: { p50: 120, p95: 230 }, byDay: [] },
      },
    },
  },
  {
    path: "/api/decisions/[id]",
    method: "GET",
    summary: "One decision with every candidate, its scores and verdict",
    params: DecisionId,
    reply: { status: 200, schema: DecisionDetailReply, description: "The decision" },
    example: {
      params: { id: "1" },
      reply: {
        ...DECISION,
        timings: { total_ms: 4, stage_one_ms: 3, stage_two_ms: 1 },
        requests: 2,
        connections: 0,
        merged: false,
        catalog_size: 865,
        skills_returned: 1,
        skills_dropped: 0,
        candidates: [{ name: "pdf", path: PDF, score: 0.993, match: 0.91, verdict: "suggested" }],
        feedback: [],
      },
    },
  },
  {
    path: "/api/replay",
    method: "POST",
    summary: "Replay a log (JSON Lines) under new rules; the run is stored",
    query: ReplayQuery,
    body: { schema: z.string().meta({ description: "The replay log: one JSON event per line" }), contentType: NDJSON },
    reply: { status: 201, schema: ReplayRunReply, description: "The stored run with its before/after report" },
    example: { body: REPLAY_LOG, reply: { ...RUN, report: REPORT } },
  },
  {
    path: "/api/replay",
    method: "GET",
    summary: "The stored replay runs, newest first, without their reports",
    query: ListQuery,
    reply: { status: 200, schema: ReplayRunsReply, description: "The runs" },
    example: { query: { limit: "5" }, reply: { runs: [RUN] } },
  },
  {
    path: "/api/replay/[id]",
    method: "GET",
    summary: "One stored replay run with its report",
    params: RunId,
    reply: { status: 200, schema: ReplayRunReply, description: "The run" },
    example: { params: { id: "1" }, reply: { ...RUN, report: REPORT } },
  },
  {
    path: "/api/replay/log",
    method: "GET",
    summary: "The live suggestions and loads as a replay log",
    query: ExportQuery,
    reply: { status: 200, schema: z.string(), contentType: NDJSON, description: "JSON Lines, streamed" },
    example: { query: { from: "2026-12-01" }, reply: '{"ts":"2026-12-07T02:14:17.353Z","session":"abc","kind":"suggest","skill":"pdf"}\n' },
  },
  {
    path: "/api/suppression",
    method: "GET",
    summary: "Rule 2 per skill: suppressed or shown, counts, window, next retry; ?rules= for a what-if",
    query: SuppressionQuery,
    reply: { status: 200, schema: SuppressionReply, description: "Every skill shown in the window" },
    example: {
      reply: {
        at: "2026-12-07T02:14:23.632Z",
        rules: RULES,
        skills: [{ skill: "pdf", state: "shown", suggestions: 1, loads: 1, load_ratio: 1, last_shown: "2026-12-07T02:14:17.353Z", retry_at: null }],
      },
    },
  },
  {
    path: "/api/skills",
    method: "GET",
    summary: "Every skill jev ranks, with provenance, state, pin, counters and last activity",
    query: SkillsQuery,
    reply: { status: 200, schema: SkillsReply, description: "The skills" },
    example: {
      query: { q: "pdf" },
      reply: {
        skills: [
          {
            name: "pdf",
            path: PDF,
            folder: "pdf",
            source: "hermes",
            location: "local",
            provenance: "agent",
            managed: false,
            state: "active",
            pinned: false,
            use_count: 0,
            view_count: 0,
            patch_count: 0,
            last_activity_at: null,
            suggested: 1,
            loaded: 1,
          },
        ],
        hermesHome: "/home/me/.hermes",
        skipped: [],
      },
    },
  },
  {
    path: "/api/skills/[name]/usage",
    method: "POST",
    summary: "Count a use, view or patch in Hermes's skills/.usage.json (under its lock)",
    params: UsageParams,
    body: { schema: UsageBody },
    reply: { status: 200, schema: UsageRecordReply, description: "The skill's record after the bump" },
    moreErrors: [503, 507],
    example: {
      params: { name: "pdf" },
      body: { kind: "view" },
      reply: {
        created_by: null,
        use_count: 0,
        view_count: 1,
        patch_count: 0,
        last_used_at: null,
        last_viewed_at: "2026-12-07T02:14:24.016000+00:00",
        last_patched_at: null,
        state: "active",
        pinned: false,
        archived_at: null,
      },
    },
  },
  {
    path: "/api/curator/[action]",
    method: "POST",
    summary: "Curate: pin, unpin, archive, restore, adopt (`{name}`), run (`{dry_run}`), pause, resume (`{}`)",
    params: ActionParams,
    body: { schema: z.union([NameBody, RunBody, NoBody]) },
    reply: { status: 200, schema: CuratorActionReply, description: "What was done" },
    moreErrors: [409, 503],
    example: {
      params: { action: "run" },
      body: { dry_run: true },
      reply: {
        ok: true,
        action: "run",
        message: "dry-run auto: no changes; llm: skipped (consolidation off) (a real run now would change nothing)",
        run: { summary: "dry-run auto: no changes; llm: skipped (consolidation off)", counts: { marked_stale: 0, archived: 0 }, dryRun: true },
      },
    },
  },
  {
    path: "/api/openapi.json",
    method: "GET",
    summary: "This document (also `jev openapi`, which needs no token)",
    reply: { status: 200, schema: z.looseObject({ openapi: z.literal("3.1.0"), paths: z.looseObject({}) }), description: "OpenAPI 3.1" },
    example: { reply: { openapi: "3.1.0", info: { title: "jev", version: "0.1.0" }, paths: {} } },
  },
];

/** The HTTP API's OpenAPI 3.1 document, made from API_OPERATIONS. */
export function apiDocument() {
  return openApiDocument(
    API_OPERATIONS,
    {
      title: "jev",
      version: "0.1.0",
      description: "jev's HTTP API: skill selection for agents, their feedback, the decision log, replays and the curator. docs/api.md explains each route.",
    },
    ErrorEnvelope,
  );
}

import { z } from "zod";
import { PickReplyShape } from "../engine/reply-shape";
import { FeedbackEvent } from "../vocab/feedback-events";
import { AgentName, ReportedAt, SessionId, SkillName, SkillNames, TurnText } from "../vocab/request-fields";

/*
 * jev's MCP tools: names, what a client's model reads about each, and their schemas (docs/mcp.md lists them; the
 * fields are the HTTP API's, from lib/vocab/request-fields). Kept apart from the server so the OpenAPI document,
 * docs and tests read one definition.
 */

export const MCP_TOOL_NAMES = ["pick_skill", "report_load", "list_skills", "read_skill"] as const;
export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

/** The URI scheme of a skill as an MCP resource: `skill://<name>`, the name percent-encoded. */
export const SKILL_URI_TEMPLATE = "skill://{name}";
export const skillUri = (name: string) => `skill://${encodeURIComponent(name)}`;

export const PickSkillArgs = z.object({
  turn: TurnText.describe("The user's message for this turn, as they wrote it"),
  session_id: SessionId.optional().describe("A stable id for the conversation: a skill is not suggested twice in one session"),
  loaded: SkillNames.optional().describe("Skills already loaded in this session"),
  hidden: SkillNames.optional().describe("Skills this client must never be offered"),
  agent: AgentName.optional().describe("The agent asking (hermes, claude-code, codex), when it is one of those"),
  feedback: z.boolean().optional().describe("true when this client calls report_load for what it loads, so jev may hold back skills it never loads"),
});

export type PickSkillArgs = z.infer<typeof PickSkillArgs>;

const SkillTextShape = z.object({
  name: z.string(),
  description: z.string(),
  path: z.string(),
  text: z.string().describe("The whole SKILL.md, credentials replaced by [SECRET]"),
  truncated: z.boolean(),
});

/** pick_skill's first text block: the reply's JSON (`load.text` then reads "(the next block)", and the file follows). */
export const PickSkillResult = PickReplyShape.extend({
  load: SkillTextShape.nullable().describe("The skill to follow for this turn (the first with match ≥ 0.5), with its SKILL.md; null when none"),
});

export const ReportLoadArgs = z.object({
  session_id: SessionId,
  skill: SkillName,
  event: FeedbackEvent.describe("loaded: the skill was used for the turn; rejected: it was offered and did not fit"),
  at: ReportedAt.optional().describe("When it happened (ISO-8601 with offset); default now"),
});
export const ReportLoadResult = z.object({ ok: z.literal(true) });

export const ListSkillsArgs = z.object({
  cursor: z.string().min(1).max(400).optional().describe("next_cursor of the page before"),
  limit: z.number().int().min(1).max(500).optional().describe("Skills per page (default 100)"),
});
export const ListSkillsResult = z.object({
  skills: z.array(z.object({ name: z.string(), description: z.string(), path: z.string() })),
  next_cursor: z.string().nullable(),
  total: z.number().int(),
});

export const ReadSkillArgs = z.object({ name: SkillName.describe("A name list_skills or pick_skill gave") });
/** read_skill's first text block, the same way. */
export const ReadSkillResult = SkillTextShape;

/** What each tool tells the client's model: when to call it, and what comes back. */
export const TOOL_DESCRIPTIONS: Record<McpToolName, string> = {
  pick_skill:
    "Ask jev whether this turn needs one of the user's skills, and which. Call it once per user message, before answering. " +
    "If `load` is set, follow that SKILL.md for this turn; if `skills` lists others under 0.5, use one only if it clearly fits; " +
    "if `skills` is empty, carry on without a skill.",
  report_load: "Tell jev whether a skill pick_skill offered was used (event: loaded) or did not fit (rejected), so it learns which suggestions help.",
  list_skills: "List the skills jev can offer (name, description, path), by name, a page at a time.",
  read_skill: "Read one skill's SKILL.md by name (credentials redacted).",
};

/**
 * What each tool does to the client's world, as MCP's hints say it: nothing but jev's own log. Clients decide from
 * these which calls need the user's approval (Codex runs a read-only tool of a server it was given without asking).
 */
export const TOOL_ANNOTATIONS: Record<
  McpToolName,
  { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean }
> = {
  // Logs the decision in jev's own database: the user's files and the outside world are untouched.
  pick_skill: { title: "Which skill fits this turn", readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  report_load: { title: "Report a skill's load", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  list_skills: { title: "List skills", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  read_skill: { title: "Read a skill", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

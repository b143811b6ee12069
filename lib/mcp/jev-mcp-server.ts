import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ZodObject } from "zod";
import type { Db } from "../../db/handle-types";
import { JevError, toJevError } from "../base/errors";
import { serializeReply } from "../engine/reply";
import type { PickReplyShape } from "../engine/reply-shape";
import { catalogPage, MAX_CATALOG_PAGE, readCatalogSkill, textToLoad } from "../services/catalog";
import type { ServiceCtx } from "../services/context";
import { servePickSkill } from "../services/decisions";
import { recordAgentFeedback } from "../services/feedback";
import { THRESHOLDS } from "../vocab/limits";
import {
  ListSkillsArgs,
  ListSkillsResult,
  type McpToolName,
  PickSkillArgs,
  ReadSkillArgs,
  ReportLoadArgs,
  ReportLoadResult,
  SKILL_URI_TEMPLATE,
  skillUri,
  TOOL_ANNOTATIONS,
  TOOL_DESCRIPTIONS,
} from "./tools";

/** The server's name and version as clients show them. */
export const MCP_SERVER_INFO = { name: "jev", version: "0.1.0" };

/** The context one tool call runs in: built per call, so a long-lived stdio server reads the environment each turn as the API does. */
export type CallCtx = () => ServiceCtx<Db | null>;

type ToolAnswer = { content: { type: "text"; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

/** A tool that carries a SKILL.md: its JSON without the file's text, and that text as the model should read it. */
type ForTheModel<T> = (value: T) => { json: unknown; text: string | null };

// Claude Code 2.1.197 and Codex 0.171.0 hand the model only the structured content when there is one (the file came
// JSON-escaped, the second block never came); with text blocks alone, all three clients (Gemini CLI too) show both.
/**
 * A tool's answer, or a clear error (only jev's own errors say what went wrong; anything else is "internal error").
 * Without a SKILL.md: structured content and the same JSON as text, as MCP asks. With one: text blocks only, its JSON
 * without the file, then the file as it is.
 */
async function answer<T extends Record<string, unknown>>(run: () => Promise<T>, forTheModel?: ForTheModel<T>): Promise<ToolAnswer> {
  try {
    const value = await run();
    if (!forTheModel) return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
    const { json, text } = forTheModel(value);
    const content: ToolAnswer["content"] = [{ type: "text", text: JSON.stringify(json) }];
    if (text !== null) content.push({ type: "text", text });
    return { content };
  } catch (err) {
    const e = toJevError(err);
    return { content: [{ type: "text", text: `${e.code}: ${e.message}` }], isError: true };
  }
}

function withDb(ctx: ServiceCtx<Db | null>): ServiceCtx {
  if (!ctx.db) throw new JevError("busy", "jev's database cannot be opened (JEV_DB); nothing was recorded");
  return ctx as ServiceCtx;
}

/** pick_skill: the reply's fields, and the SKILL.md of the skill to load so a client with no skills of its own can follow it. */
async function pickSkill(ctx: ServiceCtx<Db | null>, args: PickSkillArgs) {
  const { reply, warnings } = await servePickSkill(ctx, {
    channel: "mcp",
    turn: args.turn,
    sessionId: args.session_id,
    loaded: args.loaded,
    hidden: args.hidden,
    agent: args.agent,
    feedback: args.feedback,
  });
  // The reply's exact forms (rounded matches, key order), as the API writes them.
  const fields = JSON.parse(serializeReply(reply, warnings)) as PickReplyShape;
  const first = fields.skills.find((s) => s.match >= THRESHOLDS.load);
  const load = first ? await textToLoad(ctx, first) : null;
  return { ...fields, load };
}

/** How a client's model reads the skill to load: the reply without the file, then the file itself, not JSON-escaped. */
function loadText(result: Awaited<ReturnType<typeof pickSkill>>): ReturnType<ForTheModel<typeof result>> {
  if (!result.load) return { json: result, text: null };
  const { text, ...load } = result.load;
  const json = { ...result, load: { ...load, text: "(the next block)" } };
  return { json, text: `Follow the skill "${load.name}" for this turn. Its SKILL.md (${load.path}):\n\n${text}` };
}

/** read_skill: the skill's fields, then its SKILL.md as it is. */
function skillText(skill: Awaited<ReturnType<typeof readCatalogSkill>>): ReturnType<ForTheModel<typeof skill>> {
  const { text, ...fields } = skill;
  return { json: { ...fields, text: "(the next block)" }, text };
}

function skillNotFound(err: unknown): never {
  const e = toJevError(err);
  throw new McpError(e.code === "internal" ? ErrorCode.InternalError : ErrorCode.InvalidParams, e.message);
}

export interface McpServerOptions {
  /** Every tool call's promise while it runs (a stdio server lets them finish before it exits). */
  running?: Set<Promise<unknown>>;
}

/** jev's MCP server: the four tools and the skills as `skill://<name>` resources, each call in its own context. */
export function jevMcpServer(callCtx: CallCtx, options: McpServerOptions = {}): McpServer {
  const answered = <T extends Record<string, unknown>>(run: () => Promise<T>, forTheModel?: ForTheModel<T>) => {
    const call = answer(run, forTheModel);
    options.running?.add(call);
    return call.finally(() => options.running?.delete(call));
  };
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: "jev picks which of the user's skills fits a turn. Call pick_skill with each user message before answering.",
  });
  // A tool whose answer carries a SKILL.md declares no output schema: it answers in text blocks (see `answer`).
  const tool = <I extends ZodObject, O extends ZodObject>(name: McpToolName, inputSchema: I, outputSchema?: O) => ({
    name,
    config: { description: TOOL_DESCRIPTIONS[name], inputSchema, ...(outputSchema ? { outputSchema } : {}), annotations: TOOL_ANNOTATIONS[name] },
  });

  const pick = tool("pick_skill", PickSkillArgs);
  server.registerTool(pick.name, pick.config, (args) => answered(() => pickSkill(callCtx(), args), loadText));

  const report = tool("report_load", ReportLoadArgs, ReportLoadResult);
  server.registerTool(report.name, report.config, (args) =>
    answered(async () => {
      const at = args.at ? Date.parse(args.at) : undefined;
      await recordAgentFeedback(withDb(callCtx()), { sessionId: args.session_id, skill: args.skill, event: args.event, at });
      return { ok: true as const };
    }),
  );

  const list = tool("list_skills", ListSkillsArgs, ListSkillsResult);
  server.registerTool(list.name, list.config, (args) => answered(async () => ({ ...(await catalogPage(callCtx(), args)) })));

  const read = tool("read_skill", ReadSkillArgs);
  server.registerTool(read.name, read.config, (args) => answered(async () => ({ ...(await readCatalogSkill(callCtx(), args)) }), skillText));

  const skills = new ResourceTemplate(SKILL_URI_TEMPLATE, {
    list: async () => {
      const ctx = callCtx();
      const resources = [];
      let cursor: string | undefined;
      do {
        const page = await catalogPage(ctx, { cursor, limit: MAX_CATALOG_PAGE });
        for (const s of page.skills) resources.push({ uri: skillUri(s.name), name: s.name, description: s.description, mimeType: "text/markdown" });
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return { resources };
    },
  });
  server.registerResource("skill", skills, { description: "A skill jev can offer: its SKILL.md", mimeType: "text/markdown" }, async (uri, vars) => {
    const raw = Array.isArray(vars.name) ? vars.name[0] : vars.name;
    let name: string;
    try {
      name = decodeURIComponent(raw ?? "");
    } catch {
      throw new McpError(ErrorCode.InvalidParams, "the skill's name in the URI is not valid percent-encoding");
    }
    const skill = await readCatalogSkill(callCtx(), { name }).catch(skillNotFound);
    return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: skill.text }] };
  });
  return server;
}

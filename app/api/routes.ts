import { RouteTable } from "@/lib/http/route-table";
import { curatorActionReply } from "./curator/[action]/reply";
import { decisionReply } from "./decisions/[id]/reply";
import { decisionsReply } from "./decisions/reply";
import { decisionSummaryReply } from "./decisions/summary/reply";
import { doctorReply } from "./doctor/reply";
import { feedbackReply } from "./feedback/reply";
import { healthReply } from "./health/reply";
import { mcpReply } from "./mcp/reply";
import { openApiReply } from "./openapi.json/reply";
import { pickSkillReply } from "./pick-skill/reply";
import { replayRunReply } from "./replay/[id]/reply";
import { replayLogReply } from "./replay/log/reply";
import { replayRunsReply, replayUploadReply } from "./replay/reply";
import { routeTurnReply } from "./route-turn/reply";
import { usageReply } from "./skills/[name]/usage/reply";
import { skillsReply } from "./skills/reply";
import { suppressionReply } from "./suppression/reply";

/**
 * Every `/api` route: its path, a handler per method, whether it needs the token, and whether the front door serves
 * it straight from Node (`direct`: the agents' per-turn POSTs). Next's route files, the front door's 404/405 and its
 * direct routes all read this table; `routes.test.ts` checks the route files match it.
 */
export const API = new RouteTable([
  { path: "/api/health", open: true, handlers: { GET: healthReply } },
  { path: "/api/openapi.json", handlers: { GET: openApiReply } },
  { path: "/api/doctor", handlers: { GET: doctorReply } },
  { path: "/api/pick-skill", direct: true, handlers: { POST: pickSkillReply } },
  { path: "/api/route-turn", handlers: { POST: routeTurnReply } },
  { path: "/api/feedback", direct: true, handlers: { POST: feedbackReply } },
  { path: "/api/mcp", direct: true, handlers: { POST: mcpReply } },
  { path: "/api/decisions", handlers: { GET: decisionsReply } },
  { path: "/api/decisions/summary", handlers: { GET: decisionSummaryReply } },
  { path: "/api/decisions/[id]", handlers: { GET: decisionReply } },
  { path: "/api/replay", handlers: { GET: replayRunsReply, POST: replayUploadReply } },
  { path: "/api/replay/log", handlers: { GET: replayLogReply } },
  { path: "/api/replay/[id]", handlers: { GET: replayRunReply } },
  { path: "/api/suppression", handlers: { GET: suppressionReply } },
  { path: "/api/skills", handlers: { GET: skillsReply } },
  { path: "/api/skills/[name]/usage", direct: true, handlers: { POST: usageReply } },
  { path: "/api/curator/[action]", handlers: { POST: curatorActionReply } },
]);

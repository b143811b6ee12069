import { readText } from "@/lib/http/handle";
import type { RouteHandler } from "@/lib/http/route-table";
import { answerMcpPost } from "@/lib/mcp/http-exchange";

/** POST /api/mcp: MCP's Streamable HTTP transport (JSON replies, no sessions) behind the API's token. */
export const mcpReply: RouteHandler = async (request, _params, ctx) => {
  const body = await readText(request);
  const exchange = await answerMcpPost(
    () => ctx,
    (name) => request.header(name),
    body,
  );
  return { status: exchange.status, body: exchange.body };
};

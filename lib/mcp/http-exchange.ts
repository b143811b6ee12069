import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { type CallCtx, jevMcpServer } from "./jev-mcp-server";

/** The headers of a Streamable HTTP POST the transport reads (content negotiation and the protocol version). */
const PASSED_HEADERS = ["accept", "content-type", "mcp-protocol-version", "mcp-session-id", "last-event-id"] as const;

/**
 * The most messages one POST may carry. MCP 2025-06-18 has no batches; older versions allow them, and one body of
 * 400 pick_skill calls was 400 turns for one request (and their memory at once). No client jev knows sends more than one.
 */
export const MAX_BATCH = 16;

/** A 400 with a JSON-RPC error for a batch over MAX_BATCH; null for anything else (the transport judges the rest). */
function batchRefusal(body: string): McpExchange | null {
  if (!body.trimStart().startsWith("[")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length <= MAX_BATCH) return null;
  const error = { code: -32600, message: `a batch holds at most ${MAX_BATCH} messages; send the rest in further requests` };
  return { status: 400, body: JSON.stringify({ jsonrpc: "2.0", id: null, error }) };
}

/** The transport's answer: JSON (its replies, or its JSON-RPC errors), or empty for a notification's 202. */
export interface McpExchange {
  status: number;
  body: string;
}

/**
 * One Streamable HTTP POST, answered statelessly: a server and a transport per request, JSON replies instead of an
 * event stream. jev's tools answer in one reply each and keep no per-client state, so a session would only be
 * memory to expire; the front door has checked the token and the Host already.
 */
export async function answerMcpPost(callCtx: CallCtx, header: (name: string) => string | null, body: string): Promise<McpExchange> {
  const refused = batchRefusal(body);
  if (refused) return refused;
  const server = jevMcpServer(callCtx);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const headers = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = header(name);
      if (value !== null) headers.set(name, value);
    }
    const reply = await transport.handleRequest(new Request("http://jev.invalid/api/mcp", { method: "POST", headers, body }));
    return { status: reply.status, body: await reply.text() };
  } finally {
    await server.close();
  }
}

import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ErrorCode, isJSONRPCRequest, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Why a message did not reach the server, in one line a client can show (never the transport's raw text). */
function unreachable(url: string, err: unknown): string {
  if (err instanceof StreamableHTTPError && err.code === 401) return `the jev server at ${url} refused the token (JEV_API_TOKEN)`;
  if (err instanceof StreamableHTTPError && typeof err.code === "number") return `the jev server at ${url} answered HTTP ${err.code}`;
  return `no jev server answers at ${url}`;
}

/**
 * `jev mcp --url`: each message a stdio client sends, carried to the running server's Streamable HTTP route, and
 * each answer back. A request the server cannot be reached for gets a JSON-RPC error, so the client never waits on
 * it. Resolves when the client closes stdin.
 */
export async function bridgeStdioToServer(url: string, token: string | null): Promise<void> {
  const endpoint = new URL("api/mcp", url.endsWith("/") ? url : `${url}/`);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const remote = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers } });
  const local = new StdioServerTransport();
  const pending = new Set<Promise<void>>();
  remote.onmessage = (message) => void local.send(message);
  remote.onerror = () => {}; // each failed send is answered below; the transport's own text is not shown
  local.onmessage = (message: JSONRPCMessage) => {
    const sent = remote.send(message).catch(async (err) => {
      if (!isJSONRPCRequest(message)) return;
      await local.send({ jsonrpc: "2.0", id: message.id, error: { code: ErrorCode.InternalError, message: unreachable(endpoint.origin, err) } });
    });
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  await remote.start();
  await local.start();
  await new Promise<void>((resolve) => process.stdin.once("end", resolve));
  await Promise.allSettled([...pending]);
  await Promise.allSettled([local.close(), remote.close()]);
}

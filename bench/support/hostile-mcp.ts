import { rawRequest } from "../../lib/testing/raw-http";

/*
 * A hostile MCP client for bench/fuzz.ts (issue 53): with the token, over POST /api/mcp, as fast as the server answers,
 * the requests that cost a server the most memory: the whole catalog as resources, the largest pages, every SKILL.md
 * read, turns at the length limit, batches of many calls in one body, deep and wide arguments.
 */

const rpc = (id: number, method: string, params: object = {}) => ({ jsonrpc: "2.0", id, method, params });
const call = (id: number, name: string, args: object) => rpc(id, "tools/call", { name, arguments: args });

/** The bodies it sends, in turn (each under the API's 1 MB limit). */
export function hostileMcpBodies(skillNames: readonly string[]): string[] {
  const longTurn = `merge these pdf files ${"and split the pages ".repeat(4_000)}`.slice(0, 60_000);
  const deep = `${"[".repeat(5_000)}"x"${"]".repeat(5_000)}`; // written out: JSON.stringify itself recurses
  return [
    JSON.stringify(rpc(1, "resources/list")),
    JSON.stringify(call(2, "list_skills", { limit: 500 })),
    ...skillNames.slice(0, 20).map((name, i) => JSON.stringify(call(10 + i, "read_skill", { name }))),
    JSON.stringify(call(3, "pick_skill", { turn: longTurn })),
    JSON.stringify(Array.from({ length: 400 }, (_, i) => call(100 + i, "pick_skill", { turn: `rotate pdf pages ${i}` }))),
    JSON.stringify(Array.from({ length: 400 }, (_, i) => rpc(1000 + i, "resources/list"))),
    JSON.stringify(call(4, "pick_skill", { turn: "merge pdfs", loaded: Array.from({ length: 50_000 }, (_, i) => `s${i}`) })),
    JSON.stringify(call(5, "pick_skill", { turn: "x" })).replace('"turn":"x"', `"turn":${deep}`),
    JSON.stringify({ ...rpc(6, "tools/list"), id: "i".repeat(500_000) }),
  ];
}

/** Send the bodies round and round until `running()` is false; the statuses seen, by count. */
export async function hostileMcpStream(port: number, token: string, bodies: readonly string[], running: () => boolean): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  for (let i = 0; running(); i++) {
    const body = bodies[i % bodies.length];
    const head = [
      "POST /api/mcp HTTP/1.1",
      "host: 127.0.0.1",
      `authorization: Bearer ${token}`,
      "content-type: application/json",
      "accept: application/json, text/event-stream",
      "mcp-protocol-version: 2025-06-18",
      `content-length: ${Buffer.byteLength(body)}`,
      "connection: close",
      "",
      "",
    ].join("\r\n");
    const reply = await rawRequest(port, head, body, 30_000);
    statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
  }
  return statuses;
}

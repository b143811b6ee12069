/**
 * jev's HTTP server: Next.js behind a small front door (lib/http/front-door)
 * that answers, in the API's JSON envelope, what Next.js would turn into a 500,
 * an empty 405 or an HTML page: methods it cannot handle, bad percent-encoding,
 * unknown `/api` paths, wrong methods, CONNECT and malformed HTTP.
 *
 *   node bin/run-ts.mjs server/serve.ts [--dev]     (scripts/start.mjs runs it)
 */
import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import next from "next";
import { JevError, toJevError } from "../lib/errors";
import { type Refusal, screenRequest } from "../lib/http/front-door";
import { clientErrorReply, rawReply } from "./raw-replies";

const dev = process.argv.includes("--dev");
const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || "127.0.0.1";

const app = next({ dev, dir: root, hostname, port });
const handleByNext = app.getRequestHandler();

function refuse(req: http.IncomingMessage, res: http.ServerResponse, refusal: Refusal): void {
  const body = JSON.stringify(refusal.error.toJSON());
  const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
  if (refusal.allow) headers.allow = refusal.allow;
  // An unread body must not be parsed as the next request: close instead of draining what could be gigabytes.
  const hasBody = req.headers["content-length"] !== undefined ? req.headers["content-length"] !== "0" : req.headers["transfer-encoding"] !== undefined;
  if (hasBody) headers.connection = "close";
  res.writeHead(refusal.error.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

function internalError(res: http.ServerResponse): void {
  if (res.headersSent) return void res.destroy();
  const err = toJevError(null);
  res.writeHead(err.status, { "content-type": "application/json" }).end(JSON.stringify(err.toJSON()));
}

const server = http.createServer((req, res) => {
  const refusal = screenRequest(req.method ?? "", req.url ?? "");
  if (refusal) return refuse(req, res, refusal);
  handleByNext(req, res).catch(() => {
    console.error("[jev] request failed inside Next.js");
    internalError(res);
  });
});

// Malformed HTTP (an unknown method, a bad header, headers over the size limit): Node's default is a bare 400.
server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
  const reply = clientErrorReply(err.code);
  if (reply && socket.writable) socket.end(reply);
  else socket.destroy();
});
// CONNECT is a proxy's method; without a listener Node just drops the socket.
// An empty Allow: a CONNECT target (host:port) is not a resource here at all.
server.on("connect", (_req: http.IncomingMessage, socket: Socket) => {
  socket.end(rawReply(new JevError("method_not_allowed", "CONNECT is not supported"), { allow: "" }));
});
if (dev) server.on("upgrade", app.getUpgradeHandler());

await app.prepare();
server.listen(port, hostname, () => console.log(`jev: serving http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}${dev ? " (dev)" : ""}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}

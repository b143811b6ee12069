/**
 * jev's HTTP server: Next.js behind a front door (lib/http/front-door) that answers in the API's JSON envelope what
 * Next.js would make a 500, an empty 405 or an HTML page; the agents' per-turn routes skip Next.js (direct-routes).
 * `npm start` runs it compiled (scripts/bundle-server.mjs); `npm run dev` runs it from source with `--dev`.
 */
import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import next from "next";
import { API } from "../app/api/routes";
import { startBackgroundCheckpoints } from "../db/background-checkpoints";
import { getDb } from "../db/client";
import { JevError, toJevError } from "../lib/base/errors";
import { errorAtMostEveryMinute } from "../lib/base/log-once";
import { loadConfig, localServerUrl, settleConfig } from "../lib/config";
import { allowedHosts } from "../lib/http/allowed-hosts";
import { type Refusal, screenHost, screenRequest } from "../lib/http/front-door";
import { announceRunningServer, forgetRunningServer } from "../lib/integrations/running-server";
import { stopSentenceEncoder } from "../lib/services/catalog";
import { answerUndecodableActionsWith400 } from "./broken-action-replies";
import { matchDirectRoute, serveDirect } from "./direct-routes";
import { clientErrorReply, rawReply } from "./raw-replies";

const dev = process.argv.includes("--dev");
// One folder below the app either way: server/serve.ts under tsx (--dev), .next/jev-server.mjs compiled.
const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOST || "127.0.0.1";

const app = next({ dev, dir: root, hostname, port });
/** The host names this server answers (DNS rebinding): localhost, IP addresses, HOST and JEV_ALLOWED_HOSTS. */
const hosts = allowedHosts(hostname, loadConfig().allowedHosts);
const handleByNext = app.getRequestHandler();

/**
 * Past this much, a refused request's body is not read to its end: the
 * connection is cut instead (the client may then miss the reply).
 */
const MAX_DISCARDED_BODY = 8_000_000;

function refuse(req: http.IncomingMessage, res: http.ServerResponse, refusal: Refusal): void {
  const body = refusal.page ? refusalPage(refusal.error) : JSON.stringify(refusal.error.toJSON());
  const type = refusal.page ? "text/html; charset=utf-8" : "application/json";
  const headers: Record<string, string | number> = { "content-type": type, "content-length": Buffer.byteLength(body) };
  if (refusal.allow) headers.allow = refusal.allow;
  // At once: Node drops the unread body, and the lingering close below keeps the reply from a reset.
  res.writeHead(refusal.error.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A refused page request's reply: a few lines a person can read (the message is jev's own, never the request's). */
function refusalPage(error: JevError): string {
  return `<!doctype html><meta charset="utf-8"><title>jev: ${error.status}</title><h1>${error.status}</h1><p>${error.message}</p>\n`;
}

function internalError(res: http.ServerResponse): void {
  if (res.headersSent) return void res.destroy();
  const err = toJevError(null);
  res.writeHead(err.status, { "content-type": "application/json" }).end(JSON.stringify(err.toJSON()));
}

/**
 * A request must arrive whole in REQUEST_TIMEOUT_MS (its headers in HEADERS_TIMEOUT_MS), checked every second:
 * unfinished bodies (20 held open, or one sent a byte at a time) no longer hold a connection for Node's default 300
 * s. The dashboard uploads replay logs in pieces, so no one request is long; a 50 MB log sent to /api/replay whole
 * needs 3.5 MB/s.
 */
const HEADERS_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 15_000;

const server = http.createServer({ headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 }, (req, res) => {
  const refusal = screenHost(req.url ?? "", req.headers, hosts) ?? screenRequest(API, req.method ?? "", req.url ?? "", req.headers);
  if (refusal) return refuse(req, res, refusal);
  const direct = dev ? null : matchDirectRoute(req.method ?? "", req.url ?? "");
  if (direct) {
    serveDirect(req, direct, res).catch(() => {
      errorAtMostEveryMinute("[jev] request failed in a direct route");
      internalError(res);
    });
    return;
  }
  if (req.headers["next-action"] !== undefined) answerUndecodableActionsWith400(res);
  handleByNext(req, res).catch(() => {
    errorAtMostEveryMinute("[jev] request failed inside Next.js");
    internalError(res);
  });
});

// Lingering close, as nginx does: when a reply ends a connection while the client is still sending a body
// (an early 401, a route that never reads its body), Node closes at once, and the unread data makes the
// kernel reset the connection, destroying the reply before the client reads it. Read and drop the rest
// for a while instead.
server.on("connection", (socket: Socket) => {
  socket.destroySoon = () => endAfterDraining(socket);
});

// Malformed HTTP (an unknown method, a bad header, headers over the size limit): Node's default is a bare 400.
// The parser is dead after its error: its listener comes off, or each later chunk would raise the error again.
// copy-local: server/ is loaded once, by itself.
const answered = new WeakSet<Socket>();
server.on("clientError", (err: NodeJS.ErrnoException, socket: Socket) => {
  if (answered.has(socket)) return;
  answered.add(socket);
  const reply = clientErrorReply(err.code);
  if (!reply || !socket.writable) return void socket.destroy();
  socket.removeAllListeners("data");
  endAfterDraining(socket, reply);
});
// CONNECT is a proxy's method; without a listener Node just drops the socket.
// An empty Allow: a CONNECT target (host:port) is not a resource here at all.
server.on("connect", (_req: http.IncomingMessage, socket: Socket) => {
  socket.removeAllListeners("data");
  endAfterDraining(socket, rawReply(new JevError("method_not_allowed", "CONNECT is not supported"), { allow: "" }));
});

/**
 * Send a last reply and close, reading (and dropping) what the client still
 * sends for a while: a socket closed with unread data sends a reset, which
 * would destroy the reply before the client reads it.
 */
function endAfterDraining(socket: Socket, reply?: string): void {
  if (socket.destroyed) return;
  let drained = 0;
  socket.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DISCARDED_BODY) socket.destroy();
  });
  socket.on("error", () => socket.destroy());
  socket.on("end", () => socket.destroy());
  if (socket.writable) socket.end(reply ?? "");
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** How long a closing connection keeps reading what the client still sends. */
const LINGER_MS = 5_000;
// A port already taken (another jev, another server): say so and exit, rather than live on serving nothing.
server.on("error", (err: NodeJS.ErrnoException) => {
  console.error(
    err.code === "EADDRINUSE"
      ? `jev: port ${port} on ${hostname} is already in use (set PORT to another)`
      : `jev: cannot listen on ${hostname}:${port} (${err.code ?? "error"})`,
  );
  process.exit(1);
});
await app.prepare();
// Hot reload's websocket (dev only); the handler exists once Next.js is prepared.
if (dev) server.on("upgrade", app.getUpgradeHandler());
// Next.js has loaded its env files: from here on this server's environment is fixed (dev reloads them).
else settleConfig();
startCheckpointsOutOfCommits();
server.listen(port, hostname, () => {
  console.log(`jev: serving http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}${dev ? " (dev)" : ""}`);
  announceWhereWeServe();
});

/** `<JEV_DB>.server` names this server's URL, so `jev integrate` and `jev doctor` find its port; removed at exit. */
function announceWhereWeServe(): void {
  const config = loadConfig();
  const dbFile = config.dbFile;
  announceRunningServer(dbFile, { url: localServerUrl(config), pid: process.pid, startedAt: Date.now() }).catch(() =>
    console.error("[jev] could not write the running-server file beside the database (jev doctor will not find this port)"),
  );
  process.on("exit", () => forgetRunningServer(dbFile));
}

/** SQLite's WAL checkpoints run on a worker thread, not in the decision log's commits (db/background-checkpoints.ts). */
function startCheckpointsOutOfCommits(): void {
  try {
    startBackgroundCheckpoints(getDb(loadConfig()));
  } catch {
    console.error("[jev] background checkpoints did not start: SQLite checkpoints in the server's commits");
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    // The encoder's worker ends after its run in progress (tens of milliseconds; two seconds at most).
    void stopSentenceEncoder().finally(() => process.exit(0));
  });
}

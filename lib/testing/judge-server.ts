import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";

/**
 * An OpenAI-compatible chat-completions server on loopback, for tests and
 * benchmarks of the remote judge: real HTTP, real sockets. By default it
 * answers as a plausible judge (a skill scores high when its name appears in
 * the request); a script can make any request slow, fail with a status,
 * answer malformed JSON or drop the connection. It counts requests and the
 * TCP connections clients opened.
 */
export interface JudgeCall {
  /** 0-based, in arrival order. */
  index: number;
  /** Stage one (with routing's questions when `merged`), stage two, or routing asked on its own. */
  stage: "one" | "two" | "route";
  merged: boolean;
  /** The request as the judge was sent it (the text between the quotes). */
  turn: string;
  /** The skill names listed, in order. */
  names: string[];
  /** The raw request body and headers (tests check what was, and was not, sent). */
  body: string;
  headers: http.IncomingHttpHeaders;
  /** The server's own time on it (parsing, answering), scripted delays excluded: set once answered. */
  handledMs?: number;
}

export type Behaviour =
  | { kind: "answer"; delayMs?: number; scores?: (name: string, turn: string) => number }
  | { kind: "status"; status: number; body?: string; delayMs?: number; headers?: Record<string, string> }
  | { kind: "content"; content: string; delayMs?: number }
  | { kind: "malformed"; delayMs?: number }
  | { kind: "drop"; delayMs?: number }
  /** A 200 whose body is `bytes` of JSON-looking spaces, streamed as fast as the client reads (a judge gone wrong). */
  | { kind: "huge"; bytes: number; delayMs?: number };

export interface JudgeServer {
  url: string;
  calls: JudgeCall[];
  /** TCP connections accepted so far. */
  connections(): number;
  /** Most requests in progress at once. */
  maxConcurrent(): number;
  script(next: (call: JudgeCall) => Behaviour): void;
  reset(): void;
  close(): Promise<void>;
}

/** A name scores 0.9 when the request mentions it (dashes read as spaces), else 0.02. */
export const byNameInTurn = (name: string, turn: string) => (turn.toLowerCase().includes(name.toLowerCase().replaceAll("-", " ")) ? 0.9 : 0.02);

export interface JudgeServerOptions {
  /** Serve HTTPS with this key and certificate (PEM): a fresh connection then costs a TLS handshake, as with a provider. */
  tls?: { key: string; cert: string };
  /** What every request gets until a test scripts otherwise. */
  behaviour?: (call: JudgeCall) => Behaviour;
}

export async function startJudgeServer(options: JudgeServerOptions = {}): Promise<JudgeServer> {
  const calls: JudgeCall[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  let running = 0;
  let peak = 0;
  const initial: (call: JudgeCall) => Behaviour = options.behaviour ?? (() => ({ kind: "answer" }));
  let behaviour = initial;
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      running++;
      peak = Math.max(peak, running);
      const received = performance.now();
      let call: JudgeCall | undefined;
      let delayMs = 0;
      try {
        const body = Buffer.concat(chunks).toString("utf8");
        call = parseCall(calls.length, body, req.headers);
        calls.push(call);
        const plan = behaviour(call);
        delayMs = plan.delayMs ?? 0;
        if (plan.delayMs) await new Promise((r) => setTimeout(r, plan.delayMs));
        if (plan.kind === "drop") {
          req.socket.destroy();
          return;
        }
        if (plan.kind === "status") {
          res.writeHead(plan.status, { "content-type": "application/json", ...plan.headers }).end(plan.body ?? '{"error":{"message":"scripted"}}');
          return;
        }
        if (plan.kind === "huge") {
          res.writeHead(200, { "content-type": "application/json" });
          const chunk = Buffer.alloc(1024 * 1024, 0x20);
          let left = plan.bytes;
          await new Promise<void>((resolve) => {
            const pump = () => {
              while (left > 0 && !res.destroyed) {
                const n = Math.min(left, chunk.length);
                left -= n;
                if (!res.write(chunk.subarray(0, n))) return void res.once("drain", pump);
              }
              res.end();
              resolve();
            };
            res.once("close", resolve);
            pump();
          });
          return;
        }
        if (plan.kind === "malformed") {
          res.writeHead(200, { "content-type": "application/json" }).end('{"choices": [{"message": ');
          return;
        }
        const content = plan.kind === "content" ? plan.content : JSON.stringify(answer(call, plan.scores ?? byNameInTurn));
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ id: `c${call.index}`, object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content } }] }));
      } finally {
        running--;
        if (call) call.handledMs = performance.now() - received - delayMs;
      }
    });
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  server.on(options.tls ? "secureConnection" : "connection", (socket: Socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? "https" : "http"}://127.0.0.1:${port}/v1`,
    calls,
    connections: () => accepted,
    maxConcurrent: () => peak,
    script(next) {
      behaviour = next;
    },
    reset() {
      calls.length = 0;
      accepted = 0;
      peak = 0;
      behaviour = initial;
      // Open keep-alive connections stay open (clients' pools keep them): only new ones count from here.
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function parseCall(index: number, body: string, headers: http.IncomingHttpHeaders): JudgeCall {
  let user = "";
  let system = "";
  try {
    const parsed = JSON.parse(body) as { messages?: { role: string; content: string }[] };
    user = parsed.messages?.find((m) => m.role === "user")?.content ?? "";
    system = parsed.messages?.find((m) => m.role === "system")?.content ?? "";
  } catch {
    // a client sending malformed JSON is the client's bug; the call is recorded as is
  }
  const turn = /"""\n([\s\S]*?)\n"""/.exec(user)?.[1] ?? "";
  const names = [...user.matchAll(/^\d+\. ([^:\n]+):/gm)].map((m) => m[1]);
  const stage = /\nCandidates:\n/.test(user) ? "two" : /\nSkills:\n/.test(user) ? "one" : "route";
  return { index, stage, merged: stage === "one" && system.includes('"routing"'), turn, names, body, headers };
}

/** Routing's answers as this server gives them: from words in the request, the same every time. */
export function routingOf(turn: string) {
  const t = turn.toLowerCase();
  return {
    hard: /\b(plan|design|prove|architecture)\b/.test(t) ? 0.85 : 0.15,
    code: /\b(code|function|bug|test)\b/.test(t) ? 0.9 : 0.1,
    simple: t.length < 30 ? 0.8 : 0.2,
  };
}

function answer(call: JudgeCall, scores: (name: string, turn: string) => number) {
  if (call.stage === "route") return routingOf(call.turn);
  const values = call.names.map((name) => scores(name, call.turn));
  if (call.stage === "one") return { scores: values.map((score, i) => ({ id: i + 1, score })), ...(call.merged ? { routing: routingOf(call.turn) } : {}) };
  return { needs_skill: Math.max(0.05, ...values), matches: values.map((match, i) => ({ id: i + 1, match })) };
}

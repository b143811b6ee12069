import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { HOSTILE_NAMES } from "./hostile-names";

/**
 * Generated HTTP requests for fuzzing the real server (e2e/fuzz.spec.ts,
 * bench/fuzz.ts): valid traffic mixed with every method, bad encodings, odd
 * queries, wrong tokens, huge and deeply nested bodies and hostile roots. A
 * request is raw bytes, sent over a plain socket, so nothing is normalised
 * on the way.
 */
export interface FuzzRequest {
  /** `valid` requests must succeed (2xx); all must be answered, never with a 5xx. */
  kind: "valid" | "hostile";
  method: string;
  target: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface FuzzSetup {
  token: string;
  /** Real turns to send as valid traffic. */
  turns: readonly string[];
  /** Roots a client may pass that are traps: a FIFO SKILL.md, a symlink loop, a link to `/`. */
  trapRoots: readonly string[];
  /** A root with real skills the client may pass. */
  goodRoot: string;
  /** The build's server action ids (lib/testing/server-actions.ts), with the page that serves each: real dashboard changes to send. */
  actions?: readonly { id: string; page: string }[];
}

const API_PATHS = ["/api/pick-skill", "/api/feedback", "/api/health", "/api/decisions", "/api/decisions/summary", "/api/decisions/1", "/api/decisions/abc"];
const ODD_PATHS = [
  "/api",
  "/api/",
  "/api/%ff",
  "/api/%zz",
  "/api/%",
  "/api/health%zz",
  "/api/skills/%ed%a0%80/usage",
  "/api/%00",
  "/api/./health",
  "/api/../api/health",
  "//api//health",
  "/api/decisions/%2e%2e",
  "/api/decisions/99999999999999999999999",
  "/api/nope",
  "/api/pick-skill/extra",
  `/api/${"a".repeat(4000)}`,
];
const PAGE_PATHS = [
  "/",
  "/decisions",
  "/decisions?range=24h",
  "/sessions/x",
  "/decisions/1",
  "/%ff",
  "/nope",
  "/skills",
  "/curator",
  "/suppression",
  "/replay",
];
/** Names a JavaScript object treats specially, in every place a name goes. */
const NAME_PATHS = HOSTILE_NAMES.flatMap((n) => [
  `/api/skills/${encodeURIComponent(n)}/usage`,
  `/skills/${encodeURIComponent(n)}`,
  `/sessions/${encodeURIComponent(n)}`,
]);
/** Host headers of other sites (DNS rebinding): each must get a 421. */
const FOREIGN_HOSTS = ["evil.example", "evil.example:3000", "127.0.0.1.evil.example", "localhost.evil.example", "", "[::1"];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "PROPFIND", "SEARCH", "FOO", "get"];

const queryValue = fc.oneof(
  fc.constantFrom(
    "2026-11-30",
    "2026-11-30T10:00:00Z",
    "-271821-04-20T00:00:00Z",
    "+275760-09-13T00:00:00Z",
    "0000-00-00",
    "9999-99-99",
    "%zz",
    "%ff",
    "",
    "1e309",
    "-1",
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);
const queryKey = fc.constantFrom("from", "to", "limit", "cursor", "outcome", "reason", "skill", "session", "status", "x");
const query = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : ""));

const deepArray = fc.integer({ min: 100, max: 100_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`);
const deepObject = fc.integer({ min: 100, max: 50_000 }).map((depth) => `${'{"turn":'.repeat(depth)}"x"${"}".repeat(depth)}`);
const hugeBody = fc.integer({ min: 900_000, max: 1_300_000 }).map((n) => JSON.stringify({ turn: "y".repeat(n) }));

function hostileBody(setup: FuzzSetup): fc.Arbitrary<string | Buffer> {
  return fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record({ turn: fc.oneof(fc.string({ maxLength: 200 }), fc.constant("a.".repeat(50_000)), fc.string({ unit: "binary", maxLength: 200 })) })
      .map((v) => JSON.stringify(v)),
    fc
      .record({
        turn: fc.constantFrom(...setup.turns.slice(0, 50)),
        roots: fc.constantFrom(["/"], ["/proc"], ["/proc/1/root"], ["../../etc"], [""], Array(65).fill("/tmp"), ...setup.trapRoots.map((r) => [r])),
      })
      .map((v) => JSON.stringify(v)),
    fc
      .record({
        session_id: fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom(...HOSTILE_NAMES)),
        skill: fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom(...HOSTILE_NAMES)),
        event: fc.constantFrom("loaded", "rejected", "liked"),
        at: queryValue,
      })
      .map((v) => JSON.stringify(v)),
    fc
      .record({ kind: fc.constantFrom("use", "view", "patch", "__proto__"), request_id: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }) })
      .map((v) => JSON.stringify(v)),
    fc.constantFrom(...HOSTILE_NAMES).map((n) => JSON.stringify({ name: n, turn: n, loaded: [n], loadable: [n], agent: n, session_id: n })),
    fc.constantFrom('{"__proto__": {"polluted": 1}, "turn": "x"}', '{"constructor": {"prototype": {"polluted": 1}}, "kind": "view"}'),
    fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
    fc.constantFrom("", "{", "null", "[]", '"turn"', '{"turn": "\\ud800"}'),
    deepArray,
    deepObject,
    hugeBody,
  );
}

function authHeader(setup: FuzzSetup) {
  return fc.constantFrom<Record<string, string>>(
    { authorization: `Bearer ${setup.token}` },
    {},
    { authorization: "Bearer nope" },
    { authorization: "Basic Zm9vOmJhcg==" },
    { authorization: "Bearer" },
  );
}

const toBuffer = (b: string | Buffer) => (typeof b === "string" ? Buffer.from(b, "utf8") : b);

export function hostileRequest(setup: FuzzSetup): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      path: fc.oneof(
        { arbitrary: fc.constantFrom(...API_PATHS), weight: 4 },
        { arbitrary: fc.constantFrom(...ODD_PATHS), weight: 3 },
        { arbitrary: fc.constantFrom(...PAGE_PATHS), weight: 1 },
        { arbitrary: fc.constantFrom(...NAME_PATHS), weight: 1 },
      ),
      // One request in eight names another site's host.
      host: fc.oneof({ arbitrary: fc.constant(undefined), weight: 7 }, { arbitrary: fc.constantFrom(...FOREIGN_HOSTS), weight: 1 }),
      query,
      auth: authHeader(setup),
      contentType: fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""),
      body: fc.option(hostileBody(setup), { nil: undefined }),
      chunked: fc.boolean(),
      serverAction: fc.option(fc.constantFrom("x", "7f".repeat(21), ""), { nil: undefined }),
    })
    .map(({ method, path, query, auth, contentType, body, chunked, serverAction, host }) => {
      const headers: Record<string, string> = { ...auth };
      if (host !== undefined) headers.host = host;
      if (serverAction !== undefined) headers["next-action"] = serverAction;
      if (contentType) headers["content-type"] = contentType;
      const bytes = body === undefined ? Buffer.alloc(0) : toBuffer(body);
      if (bytes.length > 0 && chunked) headers["transfer-encoding"] = "chunked";
      else headers["content-length"] = String(bytes.length);
      return { kind: "hostile" as const, method, target: `${path}${query}`, headers, body: headers["transfer-encoding"] ? chunk(bytes) : bytes };
    });
}

export function validRequest(setup: FuzzSetup): fc.Arbitrary<FuzzRequest> {
  const json = (method: string, target: string, value: unknown): FuzzRequest => {
    const body = Buffer.from(JSON.stringify(value));
    return {
      kind: "valid",
      method,
      target,
      headers: { authorization: `Bearer ${setup.token}`, "content-type": "application/json", "content-length": String(body.length) },
      body,
    };
  };
  const get = (target: string): FuzzRequest => ({
    kind: "valid",
    method: "GET",
    target,
    headers: { authorization: `Bearer ${setup.token}` },
    body: Buffer.alloc(0),
  });
  const session = fc.stringMatching(/^[a-z0-9]{4,12}$/);
  return fc.oneof(
    { arbitrary: fc.record({ turn: fc.constantFrom(...setup.turns), session_id: session }).map((b) => json("POST", "/api/pick-skill", b)), weight: 6 },
    {
      arbitrary: fc.record({ turn: fc.constantFrom(...setup.turns) }).map((b) => json("POST", "/api/pick-skill", { ...b, roots: [setup.goodRoot] })),
      weight: 1,
    },
    {
      arbitrary: fc
        .record({ session_id: session, skill: fc.constantFrom("pdf", "xlsx"), event: fc.constantFrom("loaded", "rejected") })
        .map((b) => json("POST", "/api/feedback", b)),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(get("/api/health"), get("/api/decisions?limit=5"), get("/api/decisions/summary")), weight: 2 },
    {
      // Usage bumps of ordinary and hostile names, some with a request id: each must be counted (2xx), and none may poison the process.
      arbitrary: fc
        .record({
          name: fc.constantFrom("pdf", "xlsx", ...HOSTILE_NAMES),
          kind: fc.constantFrom("use", "view", "patch"),
          requestId: fc.option(fc.stringMatching(/^[a-z0-9]{6,12}$/), { nil: undefined }),
        })
        .map(({ name, kind, requestId }) =>
          json("POST", `/api/skills/${encodeURIComponent(name)}/usage`, requestId ? { kind, request_id: requestId } : { kind }),
        ),
      weight: 1,
    },
  );
}

/**
 * Real dashboard changes sent as an attacker would: without the token, with
 * a wrong one, from another origin, cross-site, oversized or chunked. None
 * may be carried out (the state files are compared after the run) or get a 5xx.
 */
export function actionRequest(setup: FuzzSetup): fc.Arbitrary<FuzzRequest> {
  const actions = setup.actions ?? [];
  if (actions.length === 0) return hostileRequest(setup);
  return fc
    .record({
      action: fc.constantFrom(...actions),
      token: fc.constantFrom<string | undefined>(undefined, "", "wrong-token", "x".repeat(600)),
      args: fc.constantFrom<unknown>({ on: false }, {}, { size: 10 }, { agent: "__proto__", name: "skills", on: false }, { source: "demo" }, "__proto__", null),
      origin: fc.constantFrom<string | undefined>(undefined, "http://evil.example", "null", "http://127.0.0.1:1"),
      site: fc.constantFrom<string | undefined>(undefined, "cross-site", "same-site"),
      size: fc.constantFrom("normal", "huge", "chunked"),
      // Bodies Next.js cannot decode (second hardening round: they were 500s): a broken RSC reply, multipart without its boundary or end.
      shape: fc.constantFrom("json", "json", "rsc", "multipart", "multipart-no-boundary", "multipart-no-end"),
    })
    .map(({ action, token, args, origin, site, size, shape }) => {
      const value = args !== null && typeof args === "object" && token !== undefined ? { ...args, token } : args;
      const undecodable: Record<string, [string, string]> = {
        rsc: ['{"a":"$Q1","b":"$K2"}', "text/plain;charset=UTF-8"],
        multipart: ['--x\r\ncontent-disposition: form-data; name="1_$ACTION_ID_y"\r\n\r\nhi\r\n--x--\r\n', "multipart/form-data; boundary=x"],
        "multipart-no-boundary": ["garbage", "multipart/form-data"],
        "multipart-no-end": ['--x\r\ncontent-disposition: form-data; name="0"\r\n\r\n["$@1"]', "multipart/form-data; boundary=x"],
      };
      const odd = shape === "json" ? null : undecodable[shape];
      const body = Buffer.from(odd ? odd[0] : size === "huge" ? "a".repeat(6_000_000) : JSON.stringify([value]));
      const headers: Record<string, string> = {
        "next-action": action.id,
        accept: "text/x-component",
        "content-type": odd ? odd[1] : "text/plain;charset=UTF-8",
      };
      if (origin) headers.origin = origin;
      if (site) headers["sec-fetch-site"] = site;
      const chunked = size === "chunked" && !odd;
      if (chunked) headers["transfer-encoding"] = "chunked";
      else headers["content-length"] = String(body.length);
      return { kind: "hostile" as const, method: "POST", target: action.page, headers, body: chunked ? chunk(body) : body };
    });
}

/** Valid and hostile requests, about half each (a tenth of the hostile ones real dashboard changes, when the setup has them). */
export function fuzzRequest(setup: FuzzSetup): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { arbitrary: validRequest(setup), weight: 10 },
    { arbitrary: hostileRequest(setup), weight: 9 },
    { arbitrary: actionRequest(setup), weight: 1 },
  );
}

/** A body in chunked transfer encoding, in pieces of up to 64 KB. */
function chunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 65_536) {
    const piece = bytes.subarray(i, i + 65_536);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from("0\r\n\r\n"));
  return Buffer.concat(parts);
}

/** The request line and headers, as sent (a request's own `host` replaces the default). */
export function requestHead(req: FuzzRequest): string {
  const headers = { host: "127.0.0.1", connection: "close", ...req.headers };
  const lines = [`${req.method} ${req.target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return `${lines.join("\r\n")}\r\n\r\n`;
}

export interface FuzzReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What is wrong with a reply, or null: unanswered, a 5xx, a non-JSON API error, a 405 without Allow, a failed valid request. */
export function replyProblem(req: FuzzRequest, reply: FuzzReply): string | null {
  if (reply.status === 0) return "no answer";
  if (reply.status >= 500) return `status ${reply.status}`;
  if (reply.status === 405 && reply.headers.allow === undefined) return "405 without Allow";
  const isApi = /^\/api(?:[/?]|$)/.test(req.target);
  if (isApi && reply.status >= 400 && req.method !== "HEAD") {
    if (!reply.headers["content-type"]?.includes("application/json")) return `API error ${reply.status} is not JSON`;
    try {
      const { error } = JSON.parse(reply.body);
      if (typeof error?.code !== "string" || typeof error?.message !== "string") return "API error without {error:{code,message}}";
    } catch {
      return `API error ${reply.status} body is not JSON`;
    }
  }
  if (req.kind === "valid" && (reply.status < 200 || reply.status > 299)) return `valid request got ${reply.status}`;
  return null;
}

/**
 * A trap inside a Hermes home, where no client points but the curator walks:
 * a SKILL.md that links to a FIFO. Returns what to remove afterwards (a FIFO
 * left in the checkout breaks the next `next build`).
 */
export function makeHermesHomeTrap(hermesHome: string): string[] {
  const folder = path.join(hermesHome, "skills", "zz-piped");
  const pipe = path.join(hermesHome, "pipe");
  fs.mkdirSync(folder, { recursive: true });
  execFileSync("mkfifo", [pipe]);
  fs.symlinkSync(pipe, path.join(folder, "SKILL.md"));
  return [folder, pipe];
}

/**
 * Trap roots under `home` (where clients may point): a FIFO named SKILL.md
 * and a link to one, a symlink loop, and a link to `/`. Each once hung or
 * stalled the server. With `wideFolders`, also a root with that many folders
 * (over the walk budget at 20,000; slow to lay out, so for benchmarks).
 */
export function makeTrapRoots(home: string, options: { wideFolders?: number } = {}): string[] {
  const fifoRoot = path.join(home, "trap-fifo");
  fs.mkdirSync(path.join(fifoRoot, "pipe-skill"), { recursive: true });
  fs.mkdirSync(path.join(fifoRoot, "linked-pipe"), { recursive: true });
  execFileSync("mkfifo", [path.join(fifoRoot, "pipe-skill", "SKILL.md")]);
  fs.symlinkSync(path.join(fifoRoot, "pipe-skill", "SKILL.md"), path.join(fifoRoot, "linked-pipe", "SKILL.md"));
  const loopRoot = path.join(home, "trap-loop");
  fs.mkdirSync(path.join(loopRoot, "a"), { recursive: true });
  fs.symlinkSync(loopRoot, path.join(loopRoot, "a", "back-to-root"));
  fs.symlinkSync("self", path.join(loopRoot, "self"));
  const escapeRoot = path.join(home, "trap-escape");
  fs.mkdirSync(escapeRoot, { recursive: true });
  fs.symlinkSync("/", path.join(escapeRoot, "everything"));
  const roots = [fifoRoot, loopRoot, escapeRoot, path.join(escapeRoot, "everything")];
  if (options.wideFolders) {
    const wide = path.join(home, "trap-wide");
    for (let i = 0; i < options.wideFolders; i++) fs.mkdirSync(path.join(wide, `d${Math.floor(i / 100)}`, `f${i}`), { recursive: true });
    roots.push(wide);
  }
  return roots;
}

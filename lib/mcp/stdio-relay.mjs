// @ts-check
import fs from "node:fs";
import readline from "node:readline";

/*
 * `jev mcp --url URL`: the MCP server an agent starts and waits on, relaying each message on stdin to the running jev
 * server's Streamable HTTP route and each answer back on stdout (issue 53). Plain JavaScript on Node's own modules, so
 * it is answering `initialize` while a TypeScript entry point would still be loading (a client that lists its tools
 * before the relay is up starts the turn without them). Every answer is bounded in bytes and time, a request the server
 * cannot answer gets a JSON-RPC error at once, and the relay exits when the client closes stdin.
 */

/** The longest a request may wait for the server: past it the client gets an error (a turn ranked by a remote judge takes seconds). */
const ANSWER_TIMEOUT_MS = 60_000;
/** The most an answer may hold: past it the client gets an error, and nothing more is read. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** A token file is a line; one larger is not a token. */
const MAX_TOKEN_FILE_BYTES = 4096;
/** After stdin closes, how long calls already sent may take to be answered (their decisions are logged either way). */
const CLOSE_GRACE_MS = 2_000;
/** JSON-RPC's "internal error", as the SDK's ErrorCode.InternalError. */
const INTERNAL_ERROR = -32603;

class UsageError extends Error {}

/** The value after a flag, once; a flag given without one is bad usage. */
function flagValue(args, flag) {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`${flag} needs a value`);
  return value;
}

/**
 * The token in the file `jev integrate … --mcp` wrote: a regular file of this user's, readable by no one else, never
 * followed through a link, opened without blocking (a FIFO there cannot hang the client's start).
 */
export function readTokenFile(file) {
  let fd;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
  } catch (err) {
    const code = /** @type {NodeJS.ErrnoException} */ (err).code;
    if (code === "ELOOP") throw new UsageError(`--token-file ${file} is a link; jev reads its token only from a regular file`);
    throw new UsageError(`--token-file ${file} cannot be read`);
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new UsageError(`--token-file ${file} is not a regular file`);
    if (typeof process.getuid === "function" && st.uid !== process.getuid()) throw new UsageError(`--token-file ${file} belongs to another user`);
    if ((st.mode & 0o077) !== 0)
      throw new UsageError(
        `--token-file ${file} can be read by other users (mode 0${(st.mode & 0o777).toString(8)}): chmod 600 it, or run jev integrate again`,
      );
    if (st.size > MAX_TOKEN_FILE_BYTES) throw new UsageError(`--token-file ${file} is too large to hold a token`);
    const buf = Buffer.alloc(MAX_TOKEN_FILE_BYTES + 1);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString("utf8").trim() || null;
  } finally {
    fs.closeSync(fd);
  }
}

/** Why a request got no answer, in one line a client can show (never the transport's own text). */
function failure(origin, err, timeoutMs) {
  if (err instanceof RelayError) return err.message;
  if (err && typeof err === "object" && "name" in err && (err.name === "TimeoutError" || err.name === "AbortError"))
    return `the jev server at ${origin} did not answer within ${timeoutMs / 1000} s`;
  return `no jev server answers at ${origin}`;
}

class RelayError extends Error {}

/** The answer's body, read as it arrives and refused past MAX_ANSWER_BYTES (the rest is never read). */
async function boundedText(response, origin, maxBytes) {
  const declared = Number(response.headers.get("content-length"));
  const tooLarge = () => new RelayError(`the jev server at ${origin} answered more than ${maxBytes / 1024 / 1024} MiB`);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks = [];
  let size = 0;
  if (!response.body) return "";
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The JSON-RPC messages of an answer: a JSON body (one message or a batch), or an event stream's `data:` lines. */
function messagesOf(text, contentType) {
  if (!text.trim()) return [];
  if (contentType.includes("text/event-stream")) {
    return text
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => JSON.parse(line.slice(5).trim()));
  }
  const parsed = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * Relay stdin to `url`'s /api/mcp until stdin closes. `write` puts one message on stdout (a line of JSON).
 * Resolves once every call sent before the close was answered or given up on. The bounds are the relay's own unless
 * a test gives smaller ones.
 */
export async function relay({
  url,
  token,
  input = process.stdin,
  write,
  timeoutMs = ANSWER_TIMEOUT_MS,
  maxBytes = MAX_ANSWER_BYTES,
  graceMs = CLOSE_GRACE_MS,
}) {
  const endpoint = new URL("api/mcp", url.endsWith("/") ? url : `${url}/`);
  const origin = endpoint.origin;
  const inFlight = new Set();
  /** The protocol version `initialize` settled on: sent with every later request, as MCP's HTTP transport asks. */
  let protocolVersion = null;

  const send = async (message) => {
    const isRequest = message && typeof message === "object" && "method" in message && "id" in message;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new DOMException("timed out", "TimeoutError")), timeoutMs);
    const entry = { abort };
    inFlight.add(entry);
    try {
      const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
      if (token) headers.authorization = `Bearer ${token}`;
      if (protocolVersion) headers["mcp-protocol-version"] = protocolVersion;
      const response = await fetch(endpoint, { method: "POST", headers, body: JSON.stringify(message), signal: abort.signal });
      if (response.status === 401) throw new RelayError(`the jev server at ${origin} refused the token (JEV_API_TOKEN)`);
      const text = await boundedText(response, origin, maxBytes);
      if (!response.ok && !text.trim()) throw new RelayError(`the jev server at ${origin} answered HTTP ${response.status}`);
      for (const answer of messagesOf(text, response.headers.get("content-type") ?? "")) {
        if (message.method === "initialize" && answer?.result?.protocolVersion) protocolVersion = answer.result.protocolVersion;
        write(answer);
      }
    } catch (err) {
      if (isRequest) write({ jsonrpc: "2.0", id: message.id, error: { code: INTERNAL_ERROR, message: failure(origin, err, timeoutMs) } });
    } finally {
      clearTimeout(timer);
      inFlight.delete(entry);
    }
  };

  const pending = new Set();
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (line) => {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error: a message is one line of JSON" } });
      return;
    }
    const call = send(message);
    pending.add(call);
    void call.finally(() => pending.delete(call));
  });
  await new Promise((resolve) => lines.once("close", resolve));
  // The client is gone: what it sent may finish for a moment (the server logs its decisions), then the relay ends.
  const grace = setTimeout(() => {
    for (const entry of inFlight) entry.abort.abort(new DOMException("closed", "AbortError"));
  }, graceMs);
  await Promise.allSettled([...pending]);
  clearTimeout(grace);
}

/** `jev mcp --url URL [--token-file FILE]`: the relay as a command. Returns the exit code. */
export async function relayCommand(args) {
  try {
    const url = flagValue(args, "--url");
    if (!url || !/^https?:\/\/[^\s/]+/i.test(url)) throw new UsageError("--url must be an http:// or https:// address");
    const known = new Set(["--url", "--token-file"]);
    for (let i = 0; i < args.length; i += 2) if (!known.has(args[i])) throw new UsageError(`unknown flag ${args[i]} (mcp takes --url and --token-file)`);
    const file = flagValue(args, "--token-file");
    const fromFile = file === undefined ? null : readTokenFile(file); // read even when the environment's wins: a bad file is said now
    const token = process.env.JEV_API_TOKEN || fromFile || (await tokenOnThisMachine());
    // Standard output carries only MCP messages.
    console.log = console.error;
    console.info = console.error;
    process.stdout.on("error", () => process.exit(0)); // the client closed its end: nothing left to answer
    await relay({ url, token, write: (message) => process.stdout.write(`${JSON.stringify(message)}\n`) });
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`jev mcp: ${err.message}`);
      return 2;
    }
    console.error(`jev mcp: failed (${err instanceof Error ? err.name : "error"})`);
    return 1;
  }
}

/** This machine's jev token, when neither the environment nor a file gave one: the TypeScript config, loaded only then. */
async function tokenOnThisMachine() {
  const { register } = await import("tsx/esm/api");
  register();
  const [{ loadConfig }, { tokenForAgents }] = await Promise.all([import("../config.ts"), import("../../cli/commands/token-for-agents.ts")]);
  return tokenForAgents(loadConfig());
}

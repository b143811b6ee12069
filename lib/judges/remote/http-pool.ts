import { Pool } from "undici";
import { processWide } from "../../base/process-state";
import { JudgeError } from "../types";

/**
 * One keep-alive connection pool per judge origin, for the whole process (selection spec §4: a new TLS session per
 * call cost more than half of a decision). Every turn and every request to that origin reuses its idle connections.
 * Connections opened are counted, so decisions can say how many they cost.
 */
interface PooledOrigin {
  pool: Pool;
  connectionsOpened: number;
}

const origins = processWide("jev.judgePools", () => new Map<string, PooledOrigin>());

/** Idle connections are kept this long (most providers close theirs after 60 s or more). */
const KEEP_ALIVE_MS = 30_000;

export function pooledOrigin(origin: string): PooledOrigin {
  let entry = origins.get(origin);
  if (!entry) {
    const pool = new Pool(origin, { keepAliveTimeout: KEEP_ALIVE_MS, keepAliveMaxTimeout: 5 * 60_000, connect: { timeout: 10_000 } });
    const created: PooledOrigin = { pool, connectionsOpened: 0 };
    pool.on("connect", () => {
      created.connectionsOpened++;
    });
    origins.set(origin, created);
    entry = created;
  }
  return entry;
}

/**
 * The most of a reply that is read. A judge's answer is a few KiB (scores for a batch, a plan for eight groups); a
 * reply past this is not one, and reading it whole took the server's heap (100 MB crashed it).
 */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;

export interface JsonPostResult {
  status: number;
  /** The body as text (a judge's reply is small; providers' errors too). */
  text: string;
  /** A 429's or 503's Retry-After, in milliseconds, when given in seconds. */
  retryAfterMs?: number;
}

export interface PostOptions {
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Send `connection: close` and use a connection of its own (the benchmark's "without pooling"). */
  noReuse?: boolean;
}

/** POST a JSON body over the origin's pool; throws transport errors and aborts as undici does. */
export async function postJson(url: URL, body: unknown, options: PostOptions): Promise<JsonPostResult> {
  const { pool } = pooledOrigin(url.origin);
  const response = await pool.request({
    path: `${url.pathname}${url.search}`,
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...options.headers },
    body: JSON.stringify(body),
    signal: options.signal,
    reset: options.noReuse === true,
  });
  const text = await boundedText(response.body, MAX_REPLY_BYTES);
  const retryAfter = Number(response.headers["retry-after"]);
  return { status: response.statusCode, text, retryAfterMs: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined };
}

/** A reply's body as text, read as it arrives; past `maxBytes` it is dropped (its connection with it) and the answer is invalid. */
async function boundedText(body: AsyncIterable<Buffer> & { destroy(): void }, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new JudgeError("invalid_response");
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Whether every connection the origin's pool holds is busy (one may be about to come free: a reply was just read). */
export function allConnectionsBusy(origin: string): boolean {
  const stats = origins.get(origin)?.pool.stats;
  return stats !== undefined && stats.connected > 0 && stats.free === 0;
}

/** Connections opened to an origin so far in this process. */
export function connectionsOpened(origin: string): number {
  return origins.get(origin)?.connectionsOpened ?? 0;
}

/** Close every pool (tests and benchmarks end cleanly). */
export async function closeJudgePools(): Promise<void> {
  const all = [...origins.values()];
  origins.clear();
  await Promise.all(all.map((o) => o.pool.close().catch(() => {})));
}

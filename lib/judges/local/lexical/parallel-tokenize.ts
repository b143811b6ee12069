import { Worker } from "node:worker_threads";
import { processWide } from "../../../base/process-state";
import { drainAsync } from "../../../base/steps";
import type { SkillCard } from "../../../catalog/types";
import { LOCAL_JUDGE } from "../settings";
import { isTokenized, tokenizeCards } from "./card-tokens";
import { rememberBatch, type TokenBatch } from "./token-batch";
import type { TokenizeRequest } from "./tokenize-worker";

/**
 * Tokenizing a big catalog on two threads: a worker takes about half the text while this thread tokenizes the rest a
 * slice at a time, then the worker's tokens become the cards' own. One worker per process, started on first use
 * and kept (it does not keep the process alive). If it cannot start or fails, this thread does it all: same result.
 */
// Tokenizing is most of a cold build with bodies, so this nearly halves it, and holds the event loop for less.

interface Pool {
  worker: Worker | null;
  /** Set once starting or using the worker failed: from then on this thread does it all. */
  broken: boolean;
  nextId: number;
  pending: Map<number, { resolve: (batch: TokenBatch) => void; reject: (error: Error) => void }>;
  /** The worker's heap after its last request, in bytes (reported by benchmarks). */
  workerHeap: number;
}

const pool = processWide<Pool>("jev.tokenizePool", () => ({ worker: null, broken: false, nextId: 1, pending: new Map(), workerHeap: 0 }));

export type Tokenized = "two threads" | "this thread";

/** How the last call went (for tests and benchmarks). */
export let lastTokenizing: Tokenized | null = null;

/**
 * Tokenize the cards not yet tokenized, on the worker and this thread at
 * once; resolves when every card is tokenized, saying how. `meanwhile` gets
 * this thread's share as soon as it is tokenized, to work on while the
 * worker finishes (a new corpus fills with them).
 */
export async function tokenizeInParallel(skills: readonly SkillCard[], meanwhile?: (tokenized: readonly SkillCard[]) => Promise<void>): Promise<Tokenized> {
  const todo = skills.filter((card) => !isTokenized(card));
  const chars = todo.reduce((n, card) => n + textLength(card), 0);
  const worker = chars >= LOCAL_JUDGE.index.minParallelChars ? workerOrNull() : null;
  if (!worker) {
    await drainAsync(tokenizeCards(todo));
    lastTokenizing = "this thread";
    return lastTokenizing;
  }
  // The worker takes the cards at the end.
  let split = todo.length;
  for (let sent = 0; split > 0 && sent < chars * LOCAL_JUDGE.index.workerShare; ) sent += textLength(todo[--split]);
  const mine = todo.slice(0, split);
  const theirs = todo.slice(split);
  // Settled into a value at once, so a worker failing while this thread works is never an unhandled rejection.
  const answer = ask(worker, theirs).catch(() => null);
  await drainAsync(tokenizeCards(mine));
  const [batch] = await Promise.all([answer, meanwhile?.(mine)]);
  if (batch) await drainAsync(rememberBatch(theirs, batch));
  else await drainAsync(tokenizeCards(theirs));
  lastTokenizing = batch ? "two threads" : "this thread";
  return lastTokenizing;
}

const textLength = (card: SkillCard) => card.name.length + card.description.length + (card.body?.length ?? 0);

function ask(worker: Worker, cards: readonly SkillCard[]): Promise<TokenBatch> {
  const id = pool.nextId++;
  const request: TokenizeRequest = { id, cards: cards.map(({ name, description, body }) => ({ name, description, body })) };
  return new Promise<TokenBatch>((resolve, reject) => {
    pool.pending.set(id, { resolve, reject });
    worker.ref(); // an answer is awaited: keep the process up for it
    worker.postMessage(request);
  });
}

/** The worker's memory bound: its caches are bounded as this thread's are; past this it stops, and this thread takes over. */
const LIMITS = { maxOldGenerationSizeMb: 512 };

/** A worker script that registers tsx, then loads the worker module. */
function loadThroughTsx(workerUrl: string): string {
  const tsx = import.meta.resolve("tsx/esm/api");
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl)}); });`;
}

function workerOrNull(): Worker | null {
  if (pool.broken) return null;
  if (pool.worker) return pool.worker;
  try {
    // In Next.js (NEXT_RUNTIME is set) the bundler sees this `new Worker(new URL(…))` and compiles the worker as an
    // entry of its own. Run from source (the CLI, tests, benchmarks), the worker registers the TypeScript loader first.
    const worker = process.env.NEXT_RUNTIME
      ? new Worker(new URL("./tokenize-worker.ts", import.meta.url), { resourceLimits: LIMITS })
      : new Worker(loadThroughTsx(import.meta.url.replace(/[^/]+$/, "tokenize-worker.ts")), { eval: true, resourceLimits: LIMITS });
    worker.on("message", ({ id, batch, heapUsed }: { id: number; batch: TokenBatch; heapUsed: number }) => {
      pool.workerHeap = heapUsed;
      pool.pending.get(id)?.resolve(batch);
      pool.pending.delete(id);
      if (pool.pending.size === 0) worker.unref();
    });
    // An error (it could not start, or threw) retires the worker for good; an exit (stopped) only loses what was asked of it.
    const lose = (broken: boolean) => {
      if (pool.worker !== worker) return;
      if (broken) console.error("[jev] the tokenizing worker failed: building local indexes on one thread from now on");
      pool.broken ||= broken;
      pool.worker = null;
      for (const { reject } of pool.pending.values()) reject(new Error("tokenizing worker stopped"));
      pool.pending.clear();
    };
    worker.on("error", () => lose(true));
    worker.on("exit", () => lose(false));
    worker.unref();
    pool.worker = worker;
    return worker;
  } catch {
    pool.broken = true;
    console.error("[jev] the tokenizing worker could not start: building local indexes on one thread");
    return null;
  }
}

/** The worker's heap after its last request, in MB (0 before any). */
export function workerHeapMb(): number {
  return pool.workerHeap / 2 ** 20;
}

/** Stop the worker (a new one starts on next use); what it was asked is tokenized on this thread instead. */
export async function stopTokenizingWorker(): Promise<void> {
  await pool.worker?.terminate();
}

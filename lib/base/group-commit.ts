import { performance } from "node:perf_hooks";

/**
 * How long a write under load waits for its callers unless told otherwise:
 * a few ms, beside a write that costs a round trip or an fsync.
 */
export const DEFAULT_GATHER_MS = 3;

export interface GroupCommitOptions {
  /** At most this many items in one write. */
  maxBatch?: number;
  /** How long a write under load waits for the callers it expects; 0: never waits. */
  gatherMs?: number;
  /** The last write counts as load when it ended this recently. */
  loadWindowMs?: number;
}

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: items added while a write is under way go together in the next one, and each caller is
 * answered once its item is written. `write` answers each item in order; when it throws, every item of that
 * batch is refused with its error. Reads that cost a round trip each group the same way (turn-reads.ts).
 */
// Under steady load a write first waits a moment (`gatherMs` at most) for as many callers as the previous write
// had, else batches alternate 1, 7, 1, 7… Idle, nothing waits: a lone caller is written at the end of its
// event-loop turn, after the callers that finish in that turn have joined.
export class GroupCommit<T, R> {
  private readonly pending: Pending<T, R>[] = [];
  private running = false;
  private lastBatch = 0;
  private lastEnded = Number.NEGATIVE_INFINITY;
  private gathered: (() => void) | undefined;
  private readonly maxBatch: number;
  private readonly gatherMs: number;
  private readonly loadWindowMs: number;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    options: GroupCommitOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.gatherMs = options.gatherMs ?? DEFAULT_GATHER_MS;
    this.loadWindowMs = options.loadWindowMs ?? 50;
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.lastBatch) this.gathered?.();
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    // Callers finishing in this event-loop turn join the first write.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await this.gather();
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.maxBatch);
      try {
        const results = await this.write(batch.map((p) => p.item));
        batch.forEach((p, i) => {
          p.resolve(results[i]);
        });
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
      this.lastBatch = batch.length;
      this.lastEnded = performance.now();
    }
    this.running = false;
  }

  /** Under load, wait (a few ms at most) until as many items are pending as the last write had. */
  private gather(): Promise<void> | undefined {
    if (this.gatherMs <= 0 || this.pending.length >= this.lastBatch || performance.now() - this.lastEnded > this.loadWindowMs) return undefined;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.gathered = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.gatherMs);
      this.gathered = done;
    });
  }
}

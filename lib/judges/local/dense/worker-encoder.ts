import path from "node:path";
import { Worker } from "node:worker_threads";
import type { EncodeOptions, SentenceEncoder } from "./encoder";
import { EncoderPool } from "./encoder-pool";
import type { EncodeReply, EncodeRequest, EncoderReady, StopRequest } from "./encoder-worker.mjs";

/** How long `close` waits for the run in progress before it ends the worker outright. */
const STOP_WAIT_MS = 2_000;

/** The model shipped in the repository (models/…/provenance.json says where each file came from). */
export const SHIPPED_MODEL = "models/jev-routing-minilm-l6-int8";

export interface WorkerEncoderOptions {
  /** jev's folder (the model and the worker script are found from it). */
  root: string;
  /** Another model folder (tests), relative to `root` or absolute. */
  modelDir?: string;
  /** ONNX Runtime's threads in the worker: one leaves the other core to HTTP on a 2-core machine. */
  threads?: number;
}

/**
 * The shipped encoder in `workers` worker threads (one session each) as one encoder. Rejects as `startWorkerEncoder`
 * does, with every started worker stopped.
 */
export async function startWorkerEncoders(options: WorkerEncoderOptions & { workers: number }): Promise<SentenceEncoder> {
  const started = await Promise.allSettled(Array.from({ length: Math.max(1, options.workers) }, () => startWorkerEncoder(options)));
  const members = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failure = started.find((s) => s.status === "rejected");
  if (failure) {
    await Promise.all(members.map((m) => m.close()));
    throw failure.reason;
  }
  return members.length === 1 ? members[0] : new EncoderPool(members);
}

/**
 * The shipped encoder, running in a worker thread. Rejects when the runtime or the model cannot load (the caller
 * answers with the lexical judge alone); a worker that fails later fails every request then and after.
 */
export function startWorkerEncoder(options: WorkerEncoderOptions): Promise<SentenceEncoder> {
  const script = path.join(options.root, "lib", "judges", "local", "dense", "encoder-worker.mjs");
  const modelDir = path.resolve(options.root, options.modelDir ?? SHIPPED_MODEL);
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      // Not `new Worker(…)`: Next's bundler rewrites that form into a worker chunk of its own, and this one must load
      // from its own file with node_modules beside it (the ONNX runtime is a native addon that is never bundled).
      worker = Reflect.construct(Worker, [script, { workerData: { modelDir, threads: options.threads ?? 1 } }]) as Worker;
    } catch (err) {
      reject(err);
      return;
    }
    const onStartFailure = (err: unknown) => reject(err instanceof Error ? err : new Error("the encoder's worker stopped"));
    worker.once("error", onStartFailure);
    worker.once("exit", onStartFailure);
    worker.once("message", (ready: EncoderReady) => {
      worker.off("error", onStartFailure);
      worker.off("exit", onStartFailure);
      resolve(new WorkerEncoder(worker, ready));
    });
  });
}

class WorkerEncoder implements SentenceEncoder {
  readonly id: string;
  readonly dims: number;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reply: EncodeReply) => void; reject: (err: Error) => void }>();
  private failure: Error | null = null;

  constructor(
    private readonly worker: Worker,
    ready: EncoderReady,
  ) {
    this.id = ready.id;
    this.dims = ready.dims;
    worker.on("message", (reply: EncodeReply) => {
      this.pending.get(reply.id)?.resolve(reply);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
    });
    const lose = () => {
      this.failure ??= new Error("the encoder's worker stopped");
      for (const { reject } of this.pending.values()) reject(this.failure);
      this.pending.clear();
    };
    worker.on("error", lose);
    worker.on("exit", lose);
    worker.unref();
  }

  async encode(texts: readonly string[], options: EncodeOptions): Promise<Float32Array[][]> {
    if (texts.length === 0) return [];
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    const request: EncodeRequest = { id, texts: [...texts], kind: options.kind, priority: options.priority, maxPieces: options.maxPieces };
    const reply = await new Promise<EncodeReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(request);
    });
    if (reply.failed || !reply.vectors || !reply.pieces) throw new Error("the encoder failed on a request");
    return splitPieces(reply.vectors, reply.pieces, this.dims);
  }

  /** Stop the worker after the run in progress (a run is tens of milliseconds; past STOP_WAIT_MS it is ended outright). */
  async close(): Promise<void> {
    if (this.stopped) return this.stopped;
    const exited = new Promise<void>((resolve) => this.worker.once("exit", () => resolve()));
    // Held until it exits: a caller awaiting close must not see the process end first (Node exits 13 on the await).
    this.worker.ref();
    this.worker.postMessage({ stop: true } satisfies StopRequest);
    this.stopped = Promise.race([exited, new Promise<"late">((resolve) => setTimeout(() => resolve("late"), STOP_WAIT_MS).unref())]).then(async (how) => {
      if (how === "late") await this.worker.terminate();
    });
    return this.stopped;
  }

  private stopped: Promise<void> | null = null;
}

/** The flat reply as each text's vectors (views of the one buffer). */
function splitPieces(flat: Float32Array, pieces: Int32Array, dims: number): Float32Array[][] {
  const out: Float32Array[][] = [];
  let at = 0;
  for (const n of pieces) {
    const vectors: Float32Array[] = [];
    for (let k = 0; k < n; k++, at += dims) vectors.push(flat.subarray(at, at + dims));
    out.push(vectors);
  }
  return out;
}

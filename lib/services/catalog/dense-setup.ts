import os from "node:os";
import type { Db } from "../../../db/client";
import { processWide } from "../../base/process-state";
import { type JevConfig, packageRoot } from "../../config";
import { forgetJudges, setDenseSide } from "../../judges/create-judge";
import type { DenseSideOptions } from "../../judges/local/dense/dense-side";
import type { SentenceEncoder } from "../../judges/local/dense/encoder";
import { MemoryVectorStore } from "../../judges/local/dense/vector-store";
import { startWorkerEncoders } from "../../judges/local/dense/worker-encoder";
import { LOCAL_JUDGE } from "../../judges/local/settings";
import { dbVectorStore } from "./skill-vector-store";

/**
 * How long a one-shot process (`jev pick-skill`) waits for the skills' vectors before the lexical judge answers alone:
 * a home of a hundred skills is encoded well within it, and what is encoded is kept for the next run.
 */
const ONE_SHOT_WAIT_MS = 10_000;

const setUp = processWide<{ key: unknown[] | null }>("jev.denseSetup", () => ({ key: null }));

/**
 * Give the process's local judge its sentence encoder (unless `JEV_ENCODER=off` or another judge is configured),
 * its vectors kept in `db` when there is one. `server`: vectors build in the background and turns never wait for
 * them; otherwise a turn waits up to ONE_SHOT_WAIT_MS. Idempotent per database and mode.
 */
export function setUpDenseSide(config: JevConfig, db: Db | null, mode: "server" | "one-shot"): void {
  const on = config.encoder === "on" && !("problem" in config.judge) && config.judge.kind === "local";
  const key = [on, db, mode, config.encoderModel?.dir];
  if (setUp.key?.every((k, i) => k === key[i])) return;
  setUp.key = key;
  if (!on) {
    setDenseSide(null);
    return;
  }
  const own = config.encoderModel;
  const options: DenseSideOptions = {
    start: own ? () => startEncoders(own.dir) : startShippedEncoder,
    decision: own?.decision,
    store: db ? dbVectorStore(db) : new MemoryVectorStore(),
    waitMs: mode === "server" ? 0 : ONE_SHOT_WAIT_MS,
    onProgress: mode === "server" ? logProgress() : undefined,
  };
  setDenseSide(options);
}

/** The shipped encoder as a server runs it: a worker thread per core, up to the settings' most (one on one core). */
export function startShippedEncoder(): Promise<SentenceEncoder> {
  return startEncoders();
}

/** An encoder (jev's, or the folder given) as a server runs it. */
function startEncoders(modelDir?: string): Promise<SentenceEncoder> {
  return startWorkerEncoders({ root: packageRoot(), modelDir, workers: Math.max(1, Math.min(LOCAL_JUDGE.encoder.maxWorkers, os.availableParallelism())) });
}

/** Set up the dense side as a one-shot process's (`jev pick-skill`, `jev mcp`) unless the server set it up at start. */
export function ensureDenseSide(config: JevConfig, db: Db | null): void {
  if (setUp.key?.[2] !== "server") setUpDenseSide(config, db, "one-shot");
}

/**
 * Stop the sentence encoder's worker, after its run in progress, before the process exits: a thread ended inside the
 * ONNX runtime aborts the whole process. A build not finished keeps what it saved.
 */
export async function stopSentenceEncoder(): Promise<void> {
  await forgetJudges();
}

/** The server's log of a vector build: its start, every tenth of it, its end. */
function logProgress(): DenseSideOptions["onProgress"] {
  const lastTenth = new Map<number, number>();
  return ({ done, total }, skills) => {
    if (total === 0) return;
    const tenth = Math.floor((10 * done) / total);
    if (lastTenth.get(skills) === tenth) return;
    lastTenth.set(skills, tenth);
    if (done === total) console.log(`[jev] skill vectors ready for ${skills} skills (${total} texts)`);
    else console.log(`[jev] building skill vectors for ${skills} skills: ${done} of ${total} texts`);
  };
}

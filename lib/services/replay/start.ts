import fs from "node:fs";
import { Readable } from "node:stream";
import type { Db } from "../../../db/client";
import { JevError } from "../../base/errors";
import type { JevConfig } from "../../config";
import { demoWeekLines } from "../../demo/demo-week";
import { hashedBatches, hashedLines } from "../../replay/hashed-lines";
import type { SweepGrid } from "../../replay/sweep";
import { webLineBatches } from "../../replay/web-lines";
import type { RulesConfig } from "../../rules/config";
import type { ReplaySource } from "../../vocab/replay-runs";
import type { ServiceCtx } from "../context";
import { ctxAt } from "../context";
import { exportReplayLog } from "../decisions/export-log";
import { createReplayRun, executeReplay, type ReplayLogInput } from "./internal/execute";
import type { ReplayRun } from "./runs";
import { completedUpload, defaultUploadStore, type UploadStore } from "./upload-files";

/** Runs this process carries at once: each is sliced so the server keeps answering, but more would only slow them all. */
export const MAX_RUNNING_REPLAYS = 2;
let running = 0;

export interface StartReplayInput {
  source: ReplaySource;
  rules: RulesConfig;
  sweep?: SweepGrid;
  /** For `upload`: the id of a complete upload (lib/services/replay/upload-files.ts). */
  uploadId?: string;
}

/**
 * The Replay page's "start a run": replay my last 7 days, the demo week, or a
 * file uploaded in pieces, in the background. Returns the run's id at once
 * (the page shows its progress) and `finished`, which settles when the run is
 * done or failed (its row says which).
 */
export async function beginReplayRun(
  ctx: ServiceCtx,
  input: StartReplayInput,
  options: { uploads?: UploadStore } = {},
): Promise<{ id: number; finished: Promise<ReplayRun | null> }> {
  const { db, config } = ctx;
  if (running >= MAX_RUNNING_REPLAYS) throw new JevError("conflict", `${running} replay runs are already running; start this one when one finishes`);
  const now = ctx.clock();
  const { log, cleanup } = logFor(db, config, input, options.uploads ?? defaultUploadStore(config.replayMaxBytes), now);
  running++; // counted before the first await, so two starts at once cannot both pass the limit
  let id: number;
  try {
    id = await createReplayRun(db, input, now);
  } catch (err) {
    running--;
    cleanup();
    throw err;
  }
  const finished = executeReplay(db, id, { source: input.source, log, rules: input.rules, sweep: input.sweep })
    .catch(() => null) // the run's row records the failure
    .finally(() => {
      running--;
      cleanup();
    });
  return { id, finished };
}

function logFor(db: Db, config: JevConfig, input: StartReplayInput, uploads: UploadStore, now: number): { log: ReplayLogInput; cleanup: () => void } {
  const none = () => {};
  switch (input.source) {
    case "live": {
      return { log: hashedBatches(exportReplayLog(ctxAt(db, undefined, now), {}).batches), cleanup: none };
    }
    case "demo": {
      const { lines, ...rest } = hashedLines(demoWeekLines());
      return { log: { batches: lines, ...rest }, cleanup: none };
    }
    case "upload": {
      if (!input.uploadId) throw new JevError("bad_request", "upload: choose a file to replay", "upload");
      const upload = completedUpload(uploads, input.uploadId);
      const stream = Readable.toWeb(fs.createReadStream(upload.file)) as ReadableStream<Uint8Array>;
      return { log: { ...webLineBatches(stream, config.replayMaxBytes), expectedBytes: upload.size }, cleanup: upload.remove };
    }
  }
}

import type { Db } from "../../db/client";
import { getReplayRun, insertReplayRun, listReplayRuns, type ReplayRunRow } from "../../db/queries/replay-runs";
import { JevError } from "../errors";
import { BadReplayLine, readReplayLog } from "../replay/read-log";
import type { ReplayReport } from "../replay/report";
import { runReplay } from "../replay/run-replay";
import { webLineBatches } from "../replay/web-lines";
import type { RulesConfig } from "../rules/config";

export interface ReplayRun {
  id: number;
  at: string;
  rules: RulesConfig;
  log: { digest: string; bytes: number; events: number; bad_lines: number };
  report?: ReplayReport;
}

function toRun(row: Omit<ReplayRunRow, "report"> & { report?: string }): ReplayRun {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    rules: JSON.parse(row.rules),
    log: { digest: row.logDigest, bytes: row.logBytes, events: row.events, bad_lines: row.badLines },
    ...(row.report ? { report: JSON.parse(row.report) } : {}),
  };
}

/** Replay an uploaded log (streamed, never held whole) under `rules`, store the run, and return it with its report. */
export async function replayUploadService(
  db: Db,
  body: ReadableStream<Uint8Array> | null,
  options: { rules: RulesConfig; maxBytes: number; strict?: boolean; now?: number },
): Promise<ReplayRun> {
  const log = webLineBatches(body, options.maxBytes);
  let read: Awaited<ReturnType<typeof readReplayLog>>;
  try {
    read = await readReplayLog(log.batches, { strict: options.strict });
  } catch (err) {
    if (err instanceof BadReplayLine) throw new JevError("bad_request", `body ${err.message}`, "body");
    throw err;
  }
  const { bytes, digest } = log.done();
  const report = runReplay(read.events, options.rules, read.badLines);
  const at = options.now ?? Date.now();
  const id = insertReplayRun(db, {
    at,
    rules: JSON.stringify(options.rules),
    report: JSON.stringify(report),
    logDigest: digest,
    events: read.events.length,
    badLines: read.badLines.count,
    logBytes: bytes,
  });
  return {
    id,
    at: new Date(at).toISOString(),
    rules: options.rules,
    log: { digest, bytes, events: read.events.length, bad_lines: read.badLines.count },
    report,
  };
}

export function listReplayRunsService(db: Db, limit = 50): ReplayRun[] {
  return listReplayRuns(db, limit).map(toRun);
}

export function replayRunService(db: Db, id: number): ReplayRun {
  const row = getReplayRun(db, id);
  if (!row) throw new JevError("not_found", `no replay run ${id}`);
  return toRun(row);
}

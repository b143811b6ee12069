import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import { getReplayRun, insertReplayRun, listReplayRuns, type ReplayRunRow } from "../../db/queries/replay-runs";
import { JevError } from "../errors";
import { BadReplayLine, readReplayLog } from "../replay/read-log";
import type { ReplayReport } from "../replay/report";
import { runReplay } from "../replay/run-replay";
import { webLineBatches } from "../replay/web-lines";
import type { RulesConfig } from "../rules/config";
import { exportReplayLog } from "./export-log";

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
  return storeRun(db, options.rules, runReplay(read.events, options.rules, read.badLines), { digest, bytes }, options.now);
}

/** Replay the live suggestions and loads of the last 7 days (what `jev export-log` writes) under `rules`, and store the run. */
export async function replayLiveService(db: Db, rules: RulesConfig, now = Date.now()): Promise<ReplayRun> {
  const hash = createHash("sha256");
  let bytes = 0;
  const { lines } = exportReplayLog(db, {}, now);
  const hashed = (function* () {
    for (const line of lines) {
      hash.update(`${line}\n`);
      bytes += Buffer.byteLength(line) + 1;
      yield line;
    }
  })();
  const read = await readReplayLog(hashed);
  return storeRun(db, rules, runReplay(read.events, rules, read.badLines), { digest: hash.digest("hex"), bytes }, now);
}

function storeRun(db: Db, rules: RulesConfig, report: ReplayReport, log: { digest: string; bytes: number }, now = Date.now()): ReplayRun {
  const row = {
    at: now,
    rules: JSON.stringify(rules),
    report: JSON.stringify(report),
    logDigest: log.digest,
    events: report.events,
    badLines: report.bad_lines.count,
    logBytes: log.bytes,
  };
  return toRun({ id: insertReplayRun(db, row), ...row });
}

export function listReplayRunsService(db: Db, limit = 50): ReplayRun[] {
  return listReplayRuns(db, limit).map(toRun);
}

export function replayRunService(db: Db, id: number): ReplayRun {
  const row = getReplayRun(db, id);
  if (!row) throw new JevError("not_found", `no replay run ${id}`);
  return toRun(row);
}

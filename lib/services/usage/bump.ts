import type { Db } from "../../../db/client";
import { inTransaction } from "../../../db/dialect";
import { addToSnapshot, type Counters, insertUsageEvents } from "../../../db/queries/usage-events";
import { countedRequests, rememberRequests } from "../../../db/queries/usage-requests";
import { getOrCreate } from "../../base/collections";
import { isDiskFull, JevError } from "../../base/errors";
import { GroupCommit } from "../../base/group-commit";
import { processWide } from "../../base/process-state";
import { mutateUsage, readUsage } from "../../hermes/usage-file";
import { backfilled, bumpPatch, bumpUse, bumpView, type FullUsageRecord, recordOf } from "../../hermes/usage-record";
import type { UsageKind } from "../../vocab/curator";
import type { ServiceCtx } from "../context";
import { curatedHome } from "../curator/home";
import { forgetRequest, rememberRequest, seenRequest } from "./internal/request-ids";

const BUMPS = { use: bumpUse, view: bumpView, patch: bumpPatch } as const;
const COLUMN: Record<UsageKind, keyof Counters> = { use: "uses", view: "views", patch: "patches" };

/** Hermes's own longest skill name (skill_manager_tool.py's MAX_NAME_LENGTH). */
const MAX_SKILL_NAME = 64;

/**
 * Why a name could not be a skill folder's, or null when it could: what a
 * usage bump may add to `.usage.json` (any token holder can send one). A
 * name no skill has yet is still counted, as Hermes counts it; a path, a
 * hidden folder, a control character or a 200-character name is not.
 */
export function skillFolderNameProblem(name: string): string | null {
  if (!name.trim()) return "a skill name";
  if (name.length > MAX_SKILL_NAME) return `a skill name is at most ${MAX_SKILL_NAME} characters`;
  if (/[/\\]/.test(name) || name === "." || name === "..") return "a skill name, not a path";
  if (name.startsWith(".")) return "a skill name cannot start with a dot (hidden folders are not skills)";
  if ([...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return "a skill name has no control characters";
  return null;
}

/**
 * `POST /api/skills/:name/usage`: bump any skill's Hermes record under the shared lock and answer it once
 * `.usage.json` holds it (the file is the source of truth), then record the event in jev's history. With a
 * `requestId`, a retry of a bump already counted is answered with the record as it is, not counted again.
 */
// Bumps that arrive while a write is under way go together in the next one (one lock, one fsync, the file
// rewritten whole): that keeps many agents reporting at once fast. Under steady load a write waits a moment for
// the callers the previous one just answered, else batches alternate 1, 7, 1, 7… If jev's history cannot be
// written after the file was (a full disk), the bump is still done, and the next scan records it as Hermes's own.
export function bumpUsage(ctx: ServiceCtx, input: { name: string; kind: UsageKind; requestId?: string }): Promise<FullUsageRecord> {
  const { name, kind, requestId } = input;
  const problem = skillFolderNameProblem(name);
  if (problem) return Promise.reject(new JevError("bad_request", `name: ${problem}`, "name"));
  const { db } = ctx;
  const home = curatedHome(ctx.config);
  const now = ctx.clock();
  if (requestId === undefined) return enqueueBump(db, home, { name, kind, now });
  const first = seenRequest(home, requestId, now);
  if (first) return first.outcome.then(() => currentRecord(home, name, now));
  const outcome = (async () => {
    if ((await countedRequests(db, home, [requestId])).has(requestId)) return currentRecord(home, name, now);
    return enqueueBump(db, home, { name, kind, now, requestId });
  })();
  rememberRequest(home, requestId, now, outcome);
  outcome.catch(() => forgetRequest(home, requestId)); // not counted: a retry may count it
  return outcome;
}

/** The skill's record as the file holds it now (the answer to a retry of a bump already counted). */
function currentRecord(home: string, name: string, now: number): FullUsageRecord {
  return backfilled(recordOf(readUsage(home).map, name), now);
}

function enqueueBump(db: Db, home: string, bump: PendingBump): Promise<FullUsageRecord> {
  const queue = getOrCreate(
    getOrCreate(bumpQueues, db, () => new Map()),
    home,
    () => new GroupCommit((batch: PendingBump[]) => writeBumps(db, home, batch)),
  );
  return queue.add(bump);
}

interface PendingBump {
  name: string;
  kind: UsageKind;
  now: number;
  requestId?: string;
}
/** Bumps waiting for the next write, per database and home; process-wide (the front door's copy of this module and Next's share them). */
const bumpQueues = processWide("jev.usageBumpQueues", () => new WeakMap<Db, Map<string, GroupCommit<PendingBump, FullUsageRecord>>>());

/** One write of the file for a batch of bumps (a refusal refuses the batch: the file was not written, nothing was counted). */
async function writeBumps(db: Db, home: string, batch: PendingBump[]): Promise<FullUsageRecord[]> {
  const records = await mutateUsage(
    home,
    (map) => ({
      write: true,
      result: batch.map((b) => {
        BUMPS[b.kind](map, b.name, b.now);
        return backfilled(recordOf(map, b.name), b.now);
      }),
    }),
    { now: batch[0].now },
  );
  await recordBumps(db, home, batch);
  return records;
}

/**
 * jev's history of bumps already in the file: the events, the snapshot that
 * keeps a scan from counting them again, and their request ids, in one
 * transaction. Failing, it is left to the next scan (which finds the bumps in
 * the file and records them as Hermes's own); the bumps stay done.
 */
async function recordBumps(db: Db, home: string, batch: PendingBump[]): Promise<void> {
  try {
    await inTransaction(db, async (tx) => {
      await insertUsageEvents(
        tx,
        batch.map((b) => ({ home, skill: b.name, kind: b.kind, at: b.now, count: 1, source: "curator" as const })),
      );
      for (const b of batch) await addToSnapshot(tx, home, b.name, COLUMN[b.kind], 1);
      await rememberRequests(
        tx,
        home,
        batch.flatMap((b) => (b.requestId ? [b.requestId] : [])),
        batch[0].now,
      );
    });
  } catch (err) {
    const now = Date.now();
    if (now - lastHistoryWarning > 60_000) {
      lastHistoryWarning = now;
      console.error(
        `[jev] usage bumps saved in .usage.json, but not in jev's history (${isDiskFull(err) ? "disk full" : err instanceof Error ? err.name : "error"}); the next scan records them`,
      );
    }
  }
}
let lastHistoryWarning = 0;

import { createHash } from "node:crypto";
import { inTransaction } from "../../../db/dialect";
import { claimImportKey } from "../../../db/queries/import-keys";
import { forgetHistory } from "../../../db/queries/shown-history";
import { insertSuggestion, recordFeedback } from "../../../db/queries/suggestions";
import { MINUTE_MS } from "../../base/time";
import { readSkillFeedbackFile } from "../../hermes/skill-feedback-file";
import type { ServiceCtx } from "../context";
import { liveRules } from "../rules/rule-settings";
import { refreshUsageHistory, type UsageScan } from "../usage/refresh-history";

export interface ImportReport {
  file: string;
  records: number;
  imported: number;
  /** Records imported by an earlier run: counted once, never twice. */
  already: number;
  /** `skills/.usage.json`: what its counters grew by since the last import, as usage events (none the second time). */
  usage: UsageScan;
}

const keyOf = (r: { skill: string; at: string; loaded: boolean; session?: string }) =>
  createHash("sha256")
    .update(JSON.stringify(["skill-feedback", r.session ?? null, r.skill, r.at, r.loaded]))
    .digest("base64url");

/**
 * `jev import hermes`: the home's `.usage.json` counters become usage events (only what grew since the last import),
 * and each record of `jev/skill-feedback.json` becomes a suggestion shown to a client that reports loads, and, when
 * loaded, a load (credited by the same attribution as live). Records already imported are skipped by a key of their
 * content, so running it twice adds nothing.
 */
export async function importHermes(ctx: ServiceCtx, input: { home?: string } = {}): Promise<ImportReport> {
  const { db, config } = ctx;
  const hermesHome = input.home ?? config.hermesHome;
  const { file, records } = readSkillFeedbackFile(hermesHome);
  const attributionMs = liveRules(config).attribution_minutes * MINUTE_MS;
  let imported = 0;
  await inTransaction(db, async (tx) => {
    for (const r of records) {
      const at = Date.parse(r.at);
      if (!(await claimImportKey(tx, keyOf(r), ctx.clock()))) continue;
      imported++;
      // A record without a session gets one of its own: its load can only credit itself.
      const sessionId = r.session ?? `hermes-import-${keyOf(r).slice(0, 12)}`;
      await insertSuggestion(tx, { decisionId: null, at, sessionId, skill: r.skill, reportsLoads: true });
      if (r.loaded) await recordFeedback(tx, { sessionId, skill: r.skill, event: "loaded", at }, attributionMs);
    }
  });
  forgetHistory(db);
  const usage = await refreshUsageHistory(ctx, { home: hermesHome });
  return { file, records: records.length, imported, already: records.length - imported, usage };
}

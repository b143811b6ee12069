import { toJevError } from "../../base/errors";
import { loadCuratorHome } from "../../curator/curator-home";
import { type PruneCandidate, pruneCandidates } from "../../curator/prune-adopt";
import { cronReferencedSkills } from "../../hermes/cron-jobs";
import type { ServiceCtx } from "../context";
import { homeOptionsOf, requireHome } from "./home";
import { actOnSkill } from "./skill-actions";

/** Prune's candidates (curator spec §6.4): unpinned curated skills idle `days` or more; the home's archive_after_days by default. */
export async function pruneCandidatesOf(ctx: ServiceCtx, input: { days?: number } = {}): Promise<{ days: number; candidates: PruneCandidate[] }> {
  const home = requireHome(ctx.config);
  const h = await loadCuratorHome(home, homeOptionsOf(ctx.config));
  const days = input.days ?? h.config.archiveAfterDays;
  return { days, candidates: pruneCandidates(h, days, ctx.clock(), cronReferencedSkills(home)) };
}

/** `jev curator prune`: archive each candidate as `archive` would (each a row of the history); one refusal does not stop the rest. */
export async function pruneSkills(ctx: ServiceCtx, names: string[]): Promise<{ archived: number; failures: { name: string; message: string }[] }> {
  const failures: { name: string; message: string }[] = [];
  for (const name of names) {
    try {
      await actOnSkill(ctx, { action: "archive", name });
    } catch (err) {
      failures.push({ name, message: toJevError(err).message });
    }
  }
  return { archived: names.length - failures.length, failures };
}

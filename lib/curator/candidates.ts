import { disabledOn } from "../hermes/config-yaml";
import { cronReferencedSkills } from "../hermes/cron-jobs";
import { curationScope } from "./curation-scope";
import type { CuratorHome } from "./curator-home";
import { type CuratedRow, curatedReport } from "./provenance";

/** Names hidden by config: `skills.disabled` plus the platform's `skills.platform_disabled` (platform: argument, else HERMES_PLATFORM). */
export function disabledNames(h: CuratorHome, platform = process.env.HERMES_PLATFORM): Set<string> {
  return disabledOn(h.skillsConfig, platform);
}

/** The consolidation pass's candidates (§8.3, §8.5): the managed set (curation-scope.ts) minus bundled and disabled names, pinned ones shown as such. */
export function candidateRows(h: CuratorHome, now: number, platform?: string): CuratedRow[] {
  const disabled = disabledNames(h, platform);
  const { managed } = curationScope(h);
  return curatedReport(h, now).filter((r) => managed.has(r.name) && r.provenance !== "bundled" && !disabled.has(r.name));
}

/** The candidate list in its exact LLM-readable format: header, blank line, a line per row, two spaces between fields, no trailing newline. */
export function candidateList(h: CuratorHome, now: number, platform?: string): string {
  const rows = candidateRows(h, now, platform);
  if (rows.length === 0) return "No agent-created skills to review.";
  const cron = cronReferencedSkills(h.home);
  const lines = rows.map((r) =>
    [
      `- ${r.name}`,
      `provenance=${r.provenance}`,
      `state=${r.state}`,
      `pinned=${r.pinned ? "yes" : "no"}`,
      `cron=${cron.has(r.name) ? "yes" : "no"}`,
      `activity=${r.activity_count}`,
      `use=${r.use_count}`,
      `view=${r.view_count}`,
      `patches=${r.patch_count}`,
      `last_activity=${r.last_activity_at ?? "never"}`,
    ].join("  "),
  );
  return [`Agent-created skills (${rows.length}):`, "", ...lines].join("\n");
}

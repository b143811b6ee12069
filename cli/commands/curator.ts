import { expandPath } from "../../lib/catalog/expand-path";
import { loadConfig } from "../../lib/config";
import { formatStatus } from "../../lib/curator/status";
import { stopSentenceEncoder } from "../../lib/services/catalog";
import type { ServiceCtx } from "../../lib/services/context";
import {
  adoptSkills,
  applyConsolidation,
  archivedNames,
  consolidationHistory,
  consolidationPreview,
  curatorAction,
  curatorStatusOf,
  curatorUsageReport,
  pruneCandidatesOf,
  pruneSkills,
  requireHome,
  runCuratorIfDue,
  skillOverlaps,
  undoConsolidationInto,
  unmanagedNames,
  unmanagedReport,
} from "../../lib/services/curator";
import { CuratorAction } from "../../lib/vocab/curator";
import { cliCtx } from "../context";
import { parseFlags, UsageError } from "../usage";

const SUBCOMMANDS = [
  "status",
  "usage",
  "run",
  "pause",
  "resume",
  "pin",
  "unpin",
  "archive",
  "restore",
  "list-archived",
  "prune",
  "adopt",
  "list-unmanaged",
  "overlaps",
  "consolidate",
  "consolidations",
] as const;
const WITH_NAME = new Set(["pin", "unpin", "archive", "restore"]);

/**
 * `jev curator …`: Hermes's curator commands on a Hermes home. Refusals
 * (bundled, hub, external, pinned, not found, name taken) print one line and
 * exit 1, as Hermes does; bad usage exits 2.
 */
export async function curatorCommand(args: string[], out: (line: string) => void): Promise<number> {
  const [sub, ...rest] = args;
  if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) throw new UsageError(`curator needs one of: ${SUBCOMMANDS.join(", ")}`);
  // Skill names are the arguments that are neither flags nor a flag's value.
  const valued = new Set(["--hermes-home", "--home", "--days", "--consolidation", "--id"]);
  const nameAt = rest.map((a, i) => !a.startsWith("-") && !valued.has(rest[i - 1]));
  const positionals = rest.filter((_, i) => nameAt[i]);
  // `restore --consolidation UMBRELLA` undoes a consolidation whole, and names no skill.
  const undoing = sub === "restore" && rest.some((a) => a === "--consolidation" || a.startsWith("--consolidation="));
  const withName = WITH_NAME.has(sub) && !undoing;
  const nameArg = withName ? positionals[0] : undefined;
  if (withName && !nameArg) throw new UsageError(`curator ${sub} needs a skill name`);
  const allowed = sub === "adopt" ? Number.POSITIVE_INFINITY : withName ? 1 : 0;
  if (positionals.length > allowed) throw new UsageError(`curator ${sub}: unexpected '${positionals[allowed]}'`);
  const flags = parseFlags(
    rest.filter((_, i) => !nameAt[i]),
    {
      "hermes-home": { type: "string" },
      home: { type: "string" },
      json: { type: "boolean" },
      "dry-run": { type: "boolean" },
      days: { type: "string" },
      yes: { type: "boolean", short: "y" },
      "all-unmanaged": { type: "boolean" },
      apply: { type: "boolean" },
      consolidate: { type: "boolean" },
      id: { type: "string" },
      consolidation: { type: "string" },
    },
  );
  const base = loadConfig();
  const dir = flags["hermes-home"] ?? flags.home;
  const ctx = cliCtx(dir ? { ...base, hermesHome: expandPath(dir, process.cwd()) } : base);
  if (sub === "overlaps") return overlaps(ctx, flags, out); // any agent's skills: no Hermes home needed
  requireHome(ctx.config);
  if (sub === "consolidate") return flags.apply ? applyPreview(ctx, flags, out) : consolidate(ctx, flags, out);
  if (sub === "consolidations") return listConsolidations(ctx, flags, out);
  if (undoing) {
    if (!flags.consolidation?.trim()) throw new UsageError("curator restore --consolidation needs the umbrella's name");
    const undone = await undoConsolidationInto(ctx, { umbrella: flags.consolidation });
    out(flags.json ? JSON.stringify(undone) : undone.message);
    return 0;
  }
  if (sub !== "run" && sub !== "pause" && sub !== "resume") await runCuratorIfDue(ctx); // as Hermes's CLI does on start: a due run happens first
  switch (sub) {
    case "status": {
      const status = await curatorStatusOf(ctx);
      out(flags.json ? JSON.stringify(status) : formatStatus(status, ctx.clock()));
      return 0;
    }
    case "usage": {
      const rows = await curatorUsageReport(ctx);
      if (flags.json) out(JSON.stringify(rows));
      else
        for (const r of rows)
          out(
            `${r.name}  provenance=${r.provenance}  state=${r.state}  pinned=${r.pinned ? "yes" : "no"}  use=${r.use_count}  view=${r.view_count}  patches=${r.patch_count}  last_activity=${r.last_activity_at ?? "never"}`,
          );
      return 0;
    }
    case "list-archived": {
      const names = archivedNames(ctx);
      if (flags.json) out(JSON.stringify(names));
      else for (const n of names) out(n);
      return 0;
    }
    case "list-unmanaged": {
      const rows = await unmanagedReport(ctx);
      if (flags.json) out(JSON.stringify(rows));
      else for (const r of rows) out(`${r.name}  ${r.has_provenance_key ? "created in the foreground" : "pre-dates the marker"}`);
      return 0;
    }
    case "prune":
      return prune(ctx, flags, out);
    case "adopt":
      return adopt(ctx, positionals, flags, out);
    default: {
      const action = CuratorAction.parse(sub);
      const result = await curatorAction(ctx, { action, name: nameArg, dryRun: flags["dry-run"], consolidate: flags.consolidate });
      out(flags.json ? JSON.stringify(result) : result.message);
      return 0;
    }
  }
}

/** How long `jev curator overlaps` waits for vectors it lacks: a cold home of 900 skills takes about half a minute on 2 cores. */
const OVERLAPS_WAIT_MS = 120_000;

const MEANING_READ = {
  read: "words and meaning",
  building: "words only: the skills' vectors are still building",
  off: "words only: the sentence encoder is off",
} as const;

/** `jev curator overlaps [--json]`: skills that explain each other, and names in several roots, with the evidence. */
async function overlaps(ctx: ServiceCtx, flags: Flags, out: (line: string) => void): Promise<number> {
  // A command may wait for the skills' vectors (kept in the database for the next run and the server).
  const found = await skillOverlaps(ctx, { waitMs: OVERLAPS_WAIT_MS }).finally(stopSentenceEncoder);
  if (flags.json) {
    out(JSON.stringify(found));
    return 0;
  }
  const groups = found.clusters.length === 1 ? "1 group overlaps" : `${found.clusters.length} groups overlap`;
  const copies = found.copies.length === 1 ? "1 name is" : `${found.copies.length} names are`;
  out(`${found.skills} skills read in ${found.ms} ms (${MEANING_READ[found.meaning]}): ${groups}, ${copies} in more than one root`);
  for (const c of found.clusters) {
    out(`  ${c.pairs[0].overlap.toFixed(2)}  ${c.skills.map((s) => s.name).join(", ")}`);
    if (c.sharedTerms.length) out(`        shared: ${c.sharedTerms.join(", ")}`);
    else out("        same meaning, few shared words");
  }
  for (const c of found.copies) out(`  copies  ${c.skills[0].name}: ${c.skills.map((s) => s.path).join("  ")}`);
  if (found.clusters.length + found.copies.length === 0) out("  no skills overlap");
  return 0;
}

/** `jev curator consolidate [--json]`: the consolidation pass's plans from the remote judge, checked; a preview, nothing written. */
async function consolidate(ctx: ServiceCtx, flags: Flags, out: (line: string) => void): Promise<number> {
  const preview = await consolidationPreview(ctx);
  if (flags.json) {
    out(JSON.stringify(preview));
    return 0;
  }
  const groups = preview.clusters.length === 1 ? "1 overlapping group" : `${preview.clusters.length} overlapping groups`;
  out(
    `${groups} of ${preview.home}'s skills, ${preview.requests} question(s) to the judge (${preview.judgeRequests} request(s), ${preview.judgeConnections} new connection(s)): ${preview.plans.length} plan(s), nothing changed (a preview)`,
  );
  for (const plan of preview.plans) {
    const umbrella = plan.umbrella.create ? `a new '${plan.umbrella.name}' (${plan.umbrella.description})` : `'${plan.umbrella.name}'`;
    out(`  group ${plan.cluster}: ${umbrella} absorbs ${plan.absorb.map((a) => `${a.skill} (as a ${a.as})`).join(", ")}`);
    out(`           ${plan.reason}`);
    const change = preview.changes.find((c) => c.cluster === plan.cluster);
    if (!change) continue;
    for (const line of change.umbrella.diff.trimEnd().split("\n")) out(`    ${line}`);
    for (const r of change.references) out(`    writes ${r.file}`);
    for (const a of change.archive) out(`    archives ${a.folder}`);
    for (const c of change.cron) out(`    cron job ${c.job}: ${c.before.join(", ")} -> ${c.after.join(", ")}`);
  }
  for (const r of preview.refused) out(`  group ${r.cluster} refused: ${r.reason}`);
  if (preview.changes.length) out(`apply it (exactly this, preview ${preview.id}) with: jev curator consolidate --apply`);
  return 0;
}

/** `jev curator consolidate --apply [--id ID]`: carry out the saved preview; refused, changing nothing, when the home changed since. */
async function applyPreview(ctx: ServiceCtx, flags: Flags & { id?: string }, out: (line: string) => void): Promise<number> {
  const done = await applyConsolidation(ctx, { id: flags.id });
  if (flags.json) {
    out(JSON.stringify(done));
    return 0;
  }
  out(done.message);
  for (const a of done.applied) for (const l of a.left) out(`  '${l.name}' stays a skill of its own: ${l.problem}`);
  if (done.reportPath) out(`report: ${done.reportPath}`);
  for (const a of done.applied) out(`undo: jev curator restore --consolidation ${a.umbrella}`);
  return 0;
}

/** `jev curator consolidations [--json]`: the consolidations applied to the home, newest first, and which were undone. */
async function listConsolidations(ctx: ServiceCtx, flags: Flags, out: (line: string) => void): Promise<number> {
  const rows = await consolidationHistory(ctx);
  if (flags.json) {
    out(JSON.stringify(rows));
    return 0;
  }
  if (!rows.length) out("no consolidations yet (jev curator consolidate previews one)");
  for (const r of rows)
    out(
      `${new Date(r.at).toISOString().slice(0, 16).replace("T", " ")}  ${r.umbrella} <- ${r.absorbed.join(", ") || "(none yet)"}${r.undoneAt ? "  (undone)" : r.interrupted ? `  (interrupted: jev curator restore --consolidation ${r.umbrella} takes back what it did)` : ""}`,
    );
  return 0;
}

type Flags = { "dry-run"?: boolean; days?: string; yes?: boolean; "all-unmanaged"?: boolean; json?: boolean };

/** Ask on the terminal; anything but y or yes (or no terminal) is no. */
async function confirmed(question: string): Promise<boolean> {
  const { createInterface } = await import("node:readline/promises");
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await Promise.race([rl.question(`${question} [y/N] `), new Promise<string>((resolve) => rl.once("close", () => resolve("")))]);
    return /^(y|yes)$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}

/** `jev curator prune [--days N] [--dry-run] [-y]`: archive every unpinned curated skill idle N days or more (§6.4). */
async function prune(ctx: ServiceCtx, flags: Flags, out: (line: string) => void): Promise<number> {
  const days = flags.days === undefined ? undefined : Number(flags.days);
  if (days !== undefined && (!Number.isInteger(days) || days < 1)) throw new UsageError(`--days must be >= 1 (got ${flags.days})`);
  const { days: idle, candidates } = await pruneCandidatesOf(ctx, { days });
  if (candidates.length === 0) {
    out(`nothing to prune (no unpinned skills idle >= ${idle}d)`);
    return 0;
  }
  for (const c of candidates) out(`  ${c.name}  idle ${c.idleDays}d${c.cron ? "  cron=yes" : ""}`);
  if (flags["dry-run"]) {
    out("(dry run — no changes made)");
    return 0;
  }
  if (!flags.yes && !(await confirmed(`archive these ${candidates.length} skills?`))) {
    out("aborted");
    return 1;
  }
  const { archived, failures } = await pruneSkills(
    ctx,
    candidates.map((c) => c.name),
  );
  out(`archived ${archived}/${candidates.length}`);
  for (const f of failures) out(`  ${f.name}: ${f.message}`);
  return failures.length ? 1 : 0;
}

/** `jev curator adopt NAME... | --all-unmanaged [--dry-run] [-y]`: put local skills under curator management (§6.5). */
async function adopt(ctx: ServiceCtx, names: string[], flags: Flags, out: (line: string) => void): Promise<number> {
  if (flags["all-unmanaged"] && names.length) throw new UsageError("give skill names or --all-unmanaged, not both");
  const targets = flags["all-unmanaged"] ? await unmanagedNames(ctx) : names;
  if (targets.length === 0)
    throw new UsageError(flags["all-unmanaged"] ? "no unmanaged skills to adopt" : "curator adopt needs skill names or --all-unmanaged");
  if (flags["dry-run"]) {
    for (const n of targets) out(`  would adopt ${n}`);
    return 0;
  }
  if (targets.length > 1 && !flags.yes && !(await confirmed(`adopt these ${targets.length} skills?`))) {
    out("aborted");
    return 1;
  }
  const outcomes = await adoptSkills(ctx, targets);
  for (const o of outcomes) out(o.message);
  return outcomes.some((o) => !o.ok) ? 1 : 0;
}

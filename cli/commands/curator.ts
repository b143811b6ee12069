import path from "node:path";
import { getDb } from "../../db/client";
import { expandPath } from "../../lib/catalog/expand-path";
import { type JevConfig, loadConfig } from "../../lib/config";
import { listArchived } from "../../lib/curator/archive";
import { loadCuratorHome } from "../../lib/curator/curator-home";
import { unmanagedList, usageReport } from "../../lib/curator/provenance";
import { adoptSkill, pruneCandidates } from "../../lib/curator/prune-adopt";
import { maybeRun } from "../../lib/curator/run-curator";
import { curatorStatus, formatStatus } from "../../lib/curator/status";
import { cronReferencedSkills } from "../../lib/hermes/cron-jobs";
import { curatorActionService, requireHome } from "../../lib/services/curator-actions";
import { scanHermesUsage } from "../../lib/services/skill-usage";
import { CuratorAction } from "../../lib/vocab/curator";
import { parseFlags, UsageError } from "../usage";

const SUBCOMMANDS = ["status", "usage", "run", "pin", "unpin", "archive", "restore", "list-archived", "prune", "adopt", "list-unmanaged"] as const;
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
  const valued = new Set(["--hermes-home", "--home", "--days"]);
  const nameAt = rest.map((a, i) => !a.startsWith("-") && !valued.has(rest[i - 1]));
  const positionals = rest.filter((_, i) => nameAt[i]);
  const nameArg = WITH_NAME.has(sub) ? positionals[0] : undefined;
  if (WITH_NAME.has(sub) && !nameArg) throw new UsageError(`curator ${sub} needs a skill name`);
  const allowed = sub === "adopt" ? Number.POSITIVE_INFINITY : WITH_NAME.has(sub) ? 1 : 0;
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
    },
  );
  const base = loadConfig();
  const dir = flags["hermes-home"] ?? flags.home;
  const config: JevConfig = dir ? { ...base, hermesHome: expandPath(dir, process.cwd()) } : base;
  const home = requireHome(config);
  const db = getDb();
  const now = Date.now();
  const homeOptions = { protectedNames: config.protectedSkills };
  if (sub !== "run") await maybeRun(home, { homeOptions }); // as Hermes's CLI does on start: a due run happens first
  switch (sub) {
    case "status": {
      const status = curatorStatus(await loadCuratorHome(home, homeOptions), now);
      out(flags.json ? JSON.stringify(status) : formatStatus(status, now));
      return 0;
    }
    case "usage": {
      await scanHermesUsage(db, home, now);
      const rows = usageReport(await loadCuratorHome(home, homeOptions), now);
      if (flags.json) out(JSON.stringify(rows));
      else
        for (const r of rows)
          out(
            `${r.name}  provenance=${r.provenance}  state=${r.state}  pinned=${r.pinned ? "yes" : "no"}  use=${r.use_count}  view=${r.view_count}  patches=${r.patch_count}  last_activity=${r.last_activity_at ?? "never"}`,
          );
      return 0;
    }
    case "list-archived": {
      const names = listArchived(path.join(home, "skills"));
      if (flags.json) out(JSON.stringify(names));
      else for (const n of names) out(n);
      return 0;
    }
    case "list-unmanaged": {
      const rows = unmanagedList(await loadCuratorHome(home, homeOptions));
      if (flags.json) out(JSON.stringify(rows));
      else for (const r of rows) out(`${r.name}  ${r.has_provenance_key ? "created in the foreground" : "pre-dates the marker"}`);
      return 0;
    }
    case "prune":
      return prune(home, flags, homeOptions, db, config, out);
    case "adopt":
      return adopt(home, positionals, flags, homeOptions, out);
    default: {
      const action = CuratorAction.parse(sub);
      const result = await curatorActionService(db, config, action, { name: nameArg, dryRun: flags["dry-run"] }, now);
      out(flags.json ? JSON.stringify(result) : result.message);
      return 0;
    }
  }
}

type Flags = { "dry-run"?: boolean; days?: string; yes?: boolean; "all-unmanaged"?: boolean; json?: boolean };
type HomeOptions = { protectedNames: string[] };

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
async function prune(
  home: string,
  flags: Flags,
  homeOptions: HomeOptions,
  db: ReturnType<typeof getDb>,
  config: JevConfig,
  out: (line: string) => void,
): Promise<number> {
  const h = await loadCuratorHome(home, homeOptions);
  const days = flags.days === undefined ? h.config.archiveAfterDays : Number(flags.days);
  if (!Number.isInteger(days) || days < 1) throw new UsageError(`--days must be >= 1 (got ${flags.days})`);
  const candidates = pruneCandidates(h, days, Date.now(), cronReferencedSkills(home));
  if (candidates.length === 0) {
    out(`nothing to prune (no unpinned skills idle >= ${days}d)`);
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
  const failures: string[] = [];
  for (const c of candidates) {
    try {
      await curatorActionService(db, config, "archive", { name: c.name });
    } catch (err) {
      failures.push(`  ${c.name}: ${err instanceof Error ? err.message : "failed"}`);
    }
  }
  out(`archived ${candidates.length - failures.length}/${candidates.length}`);
  for (const f of failures) out(f);
  return failures.length ? 1 : 0;
}

/** `jev curator adopt NAME... | --all-unmanaged [--dry-run] [-y]`: put local skills under curator management (§6.5). */
async function adopt(home: string, names: string[], flags: Flags, homeOptions: HomeOptions, out: (line: string) => void): Promise<number> {
  if (flags["all-unmanaged"] && names.length) throw new UsageError("give skill names or --all-unmanaged, not both");
  const h = await loadCuratorHome(home, homeOptions);
  const targets = flags["all-unmanaged"] ? unmanagedList(h).map((u) => u.name) : names;
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
  let failed = 0;
  for (const name of targets) {
    const result = await adoptSkill(await loadCuratorHome(home, homeOptions), name, Date.now());
    out(result.message);
    if (!result.ok) failed++;
  }
  return failed ? 1 : 0;
}

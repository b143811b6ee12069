import { getDb } from "../../db/client";
import { expandPath } from "../../lib/catalog/expand-path";
import { type JevConfig, loadConfig } from "../../lib/config";
import { loadCuratorHome } from "../../lib/curator/curator-home";
import { listArchived } from "../../lib/curator/moves";
import { usageReport } from "../../lib/curator/provenance";
import { maybeRun } from "../../lib/curator/run-curator";
import { curatorStatus, formatStatus } from "../../lib/curator/status";
import { curatorActionService, requireHome } from "../../lib/services/curator-actions";
import { scanHermesUsage } from "../../lib/services/skill-usage";
import { CuratorAction } from "../../lib/vocab/curator";
import { parseFlags, UsageError } from "../usage";

const SUBCOMMANDS = ["status", "usage", "run", "pin", "unpin", "archive", "restore", "list-archived"] as const;
const WITH_NAME = new Set(["pin", "unpin", "archive", "restore"]);

/**
 * `jev curator …`: Hermes's curator commands on a Hermes home. Refusals
 * (bundled, hub, external, pinned, not found, name taken) print one line and
 * exit 1, as Hermes does; bad usage exits 2.
 */
export async function curatorCommand(args: string[], out: (line: string) => void): Promise<number> {
  const [sub, ...rest] = args;
  if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) throw new UsageError(`curator needs one of: ${SUBCOMMANDS.join(", ")}`);
  const positionals = rest.filter((a) => !a.startsWith("-"));
  const nameArg = WITH_NAME.has(sub) ? positionals[0] : undefined;
  if (WITH_NAME.has(sub) && !nameArg) throw new UsageError(`curator ${sub} needs a skill name`);
  const flagArgs = nameArg ? rest.filter((a) => a !== nameArg) : rest;
  const flags = parseFlags(flagArgs, {
    "hermes-home": { type: "string" },
    home: { type: "string" },
    json: { type: "boolean" },
    "dry-run": { type: "boolean" },
  });
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
      const status = curatorStatus(loadCuratorHome(home, homeOptions), now);
      out(flags.json ? JSON.stringify(status) : formatStatus(status, now));
      return 0;
    }
    case "usage": {
      scanHermesUsage(db, home, now);
      const rows = usageReport(loadCuratorHome(home, homeOptions), now);
      if (flags.json) out(JSON.stringify(rows));
      else
        for (const r of rows)
          out(
            `${r.name}  provenance=${r.provenance}  state=${r.state}  pinned=${r.pinned ? "yes" : "no"}  use=${r.use_count}  view=${r.view_count}  patches=${r.patch_count}  last_activity=${r.last_activity_at ?? "never"}`,
          );
      return 0;
    }
    case "list-archived": {
      const names = listArchived(loadCuratorHome(home, homeOptions));
      if (flags.json) out(JSON.stringify(names));
      else for (const n of names) out(n);
      return 0;
    }
    default: {
      const action = CuratorAction.parse(sub);
      const result = await curatorActionService(db, config, action, { name: nameArg, dryRun: flags["dry-run"] }, now);
      out(flags.json ? JSON.stringify(result) : result.message);
      return 0;
    }
  }
}

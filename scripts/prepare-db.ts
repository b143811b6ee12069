// Run by scripts/start.mjs in a short-lived process: check the configuration,
// migrate the database and make sure an API token exists, then print the
// banner, so the long-running launcher never loads the database code.
import path from "node:path";
import { closeDb, getDb } from "../db/client";
import { migratePostgres } from "../db/client-pg";
import { ensureApiToken, shownToken, tokenSources } from "../lib/auth/api-token";
import { defaultRootCandidates } from "../lib/catalog/roots";
import { ConfigError, type JevConfig, loadConfig, localServerUrl } from "../lib/config";
import { catalogSource, defaultCatalog } from "../lib/services/catalog";
import { curatorStartNotice } from "../lib/services/curator";

let config: JevConfig;
try {
  config = loadConfig();
} catch (err) {
  console.error(`jev: bad configuration: ${err instanceof ConfigError ? err.message : "unreadable environment"}`);
  process.exit(1);
}
if ("problem" in config.judge) {
  console.error(`jev: ${config.judge.problem}`);
  process.exit(1);
}

let token: { token?: string; generated: boolean };
let tokenShown = false;
try {
  if (config.databaseUrl) await migratePostgres(config.databaseUrl);
  token = await ensureApiToken(getDb(), tokenSources(config));
  tokenShown = token.generated || (await shownToken(getDb(), tokenSources(config))) !== null;
} catch {
  console.error(
    config.databaseUrl
      ? "jev: cannot reach or migrate the PostgreSQL database DATABASE_URL names (is it up, and does the database exist?)"
      : `jev: cannot open or migrate the database at ${config.dbFile} (set JEV_DB to a writable path)`,
  );
  process.exit(1);
}
await closeDb();
const url = localServerUrl(config, "localhost");
const tokenLine = token.generated
  ? `  export JEV_API_TOKEN=${token.token}      # generated now and shown once (npx jev token prints it again); set JEV_API_TOKEN to choose your own`
  : config.apiToken
    ? "  # JEV_API_TOKEN is set in this environment"
    : tokenShown
      ? "  export JEV_API_TOKEN=$(npx jev token)    # the token generated at first start"
      : "  # the database keeps only the token's hash and its file is gone: npx jev token --new makes a new one";
console.log(`
jev: database ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : config.dbFile}
jev: dashboard ${url}/
${await skillsLine(config)}${await curatorLine(config)}
${tokenLine}
  curl -s ${url}/api/pick-skill -H "Authorization: Bearer $JEV_API_TOKEN" -d '{"turn": "merge these two PDF files into one", "session_id": "try-it"}'
`);

/** With a Hermes home: that jev runs its curator, when, and how to pause it (nothing moves unannounced). */
async function curatorLine(config: JevConfig): Promise<string> {
  const notice = await curatorStartNotice({ config, clock: Date.now }).catch(() => null);
  return notice ? `${notice}\n` : "";
}

/** How many skills the server will rank, from where; with none, where it looked and the one next step. */
async function skillsLine(config: JevConfig): Promise<string> {
  const { cards, unread } = await defaultCatalog(config).catch(() => ({ cards: [], unread: false }));
  if (unread) return "jev: skills: the default roots are over the walk budget (20,000 folders or 3 s): nothing is ranked\n";
  if (cards.length > 0) {
    const roots = catalogSource({}, config).roots.filter((root) => cards.some((c) => c.path.startsWith(root + path.sep)));
    return `jev: ${cards.length} skills found${roots.length ? ` in ${roots.join(", ")}` : ""}\n`;
  }
  const lookedIn = defaultRootCandidates({ hermesHome: config.hermesHome, env: config.pathVars }).join(", ");
  return [
    `jev: no skills found yet (looked in ${lookedIn})`,
    "jev: next step: put your skills (folders with a SKILL.md) in ~/.claude/skills or ~/.agents/skills, or set HERMES_HOME;",
    "     or try it with demo skills now: npm run demo   (this server answers from them at once; npm run demo -- --remove takes them out)",
    "",
  ].join("\n");
}

// Run by scripts/start.mjs in a short-lived process: check the configuration,
// migrate the database and make sure an API token exists, then print the
// banner, so the long-running launcher never loads the database code.
import { closeDb, getDb } from "../db/client";
import { migratePostgres } from "../db/client-pg";
import { ensureApiToken, shownToken, tokenSources } from "../lib/auth/api-token";
import { ConfigError, type JevConfig, loadConfig, localServerUrl } from "../lib/config";

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

${tokenLine}
  curl -s ${url}/api/pick-skill -H "Authorization: Bearer $JEV_API_TOKEN" -d '{"turn": "convert this docx to pdf", "session_id": "demo"}'
`);

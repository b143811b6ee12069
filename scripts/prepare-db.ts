// Run by scripts/start.mjs in a short-lived process: migrate the database and
// make sure an API token exists (printed once), so the long-running launcher
// never loads the database code.
import { getDb, resolveDbFile } from "../db/client";
import { ensureApiToken } from "../lib/auth/api-token";
import { judgeFromEnv } from "../lib/judges/create-judge";

const judge = judgeFromEnv();
if ("problem" in judge) {
  console.error(`jev: ${judge.problem}`);
  process.exit(1);
}

let token;
try {
  token = ensureApiToken(getDb());
} catch {
  console.error(`jev: cannot open or migrate the database at ${resolveDbFile()} (set JEV_DB to a writable path)`);
  process.exit(1);
}
console.log(`jev: database ${resolveDbFile()}`);
if (token.generated) {
  console.log(`jev: generated an API token (shown once; set JEV_API_TOKEN to choose your own):\n\n  ${token.token}\n`);
}

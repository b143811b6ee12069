import { getDb } from "../../db/client";
import { ensureApiToken, rotateApiToken, shownToken, tokenSources } from "../../lib/auth/api-token";
import { JevError } from "../../lib/base/errors";
import { loadConfig } from "../../lib/config";
import { parseFlags, UsageError } from "../usage";

/**
 * `jev token`: the bearer token agents send, for `export JEV_API_TOKEN=$(npx
 * jev token)`. The database keeps only its hash, so the token shown is the
 * one in its own file (`<JEV_DB>.token`); `--new` makes a new one.
 */
export async function tokenCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { new: { type: "boolean" } });
  const config = loadConfig();
  const sources = tokenSources(config);
  const db = getDb();
  if (flags.new) {
    if (config.apiToken) throw new UsageError("JEV_API_TOKEN is set: change that variable to change the token");
    out(await rotateApiToken(db, sources));
    return 0;
  }
  const generated = await ensureApiToken(db, sources);
  const token = generated.token ?? (await shownToken(db, sources));
  if (!token) {
    throw new JevError(
      "not_found",
      `the token is kept only as a hash, and its file (${config.tokenFile}) is gone or no longer matches; \`jev token --new\` makes a new one (agents then need it)`,
    );
  }
  out(token);
  return 0;
}

import { getDb } from "../../db/client";
import { ensureApiToken } from "../../lib/auth/api-token";
import { loadConfig } from "../../lib/config";
import { parseFlags } from "../usage";

/** `jev token`: the bearer token agents send, for `export JEV_API_TOKEN=$(npx jev token)`. */
export async function tokenCommand(args: string[], out: (line: string) => void): Promise<number> {
  parseFlags(args, {});
  const config = loadConfig();
  out((await ensureApiToken(getDb(), config.apiToken)).token);
  return 0;
}

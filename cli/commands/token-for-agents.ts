import { getDb } from "../../db/client";
import { ensureApiToken, shownToken, tokenSources } from "../../lib/auth/api-token";
import type { loadConfig } from "../../lib/config";

/** The token agents send, when jev can show it (the env's, or the token file's, made on first use); null when only its hash is left. */
export async function tokenForAgents(config: ReturnType<typeof loadConfig>): Promise<string | null> {
  if (config.apiToken) return config.apiToken;
  const sources = tokenSources(config);
  const db = getDb();
  const generated = await ensureApiToken(db, sources);
  return generated.token ?? (await shownToken(db, sources));
}

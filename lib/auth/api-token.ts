import crypto from "node:crypto";
import type { Db } from "../../db/client";
import { getSetting, setSettingOnce } from "../../db/queries/settings";

const TOKEN_KEY = "api_token";

/**
 * The bearer token agents send: `JEV_API_TOKEN` when set, else one generated
 * on first start and kept in the database. `generated` is true only for the
 * call that created it, so it is printed exactly once.
 */
export async function ensureApiToken(db: Db, configured: string | undefined): Promise<{ token: string; generated: boolean }> {
  if (configured) return { token: configured, generated: false };
  const known = storedTokens.get(db.jev.key);
  if (known) return { token: known, generated: false };
  const existing = await getSetting(db, TOKEN_KEY);
  if (existing) {
    storedTokens.set(db.jev.key, existing);
    return { token: existing, generated: false };
  }
  const fresh = `jev_${crypto.randomBytes(24).toString("base64url")}`;
  const stored = await setSettingOnce(db, TOKEN_KEY, fresh);
  storedTokens.set(db.jev.key, stored);
  return { token: stored, generated: stored === fresh };
}

/** The stored token never changes once written: read it once per database. */
const storedTokens = new Map<string, string>();

/** Constant-time check of an `Authorization: Bearer …` header. */
export function isAuthorized(header: string | null, token: string): boolean {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

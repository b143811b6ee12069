import crypto from "node:crypto";
import type { Db } from "../../db/client";
import { deleteSetting, getSetting, setSetting, setSettingOnce } from "../../db/queries/settings";
import { type MaybePromise, thenMaybe } from "../base/maybe-promise";
import { readTokenFile, writeTokenFile } from "./token-file";

/**
 * The bearer token agents send: `JEV_API_TOKEN` when set, else one generated on first start. The database keeps only
 * its SHA-256 (the token is 24 random bytes, so a fast hash is enough), so a copy of the database, in a backup or a
 * PostgreSQL a team shares, carries nothing that opens the API. The token itself is shown once and kept in a file of
 * its own, readable by its owner only (`<JEV_DB>.token`), for `jev token` to print again.
 */
const HASH_KEY = "api_token_sha256";
/** Where releases before the hash kept the token itself: moved to the hash and the file on first read. */
const LEGACY_KEY = "api_token";

export interface TokenSources {
  /** `JEV_API_TOKEN`. */
  configured?: string;
  /** The file the generated token is kept in (`<JEV_DB>.token`). */
  tokenFile: string;
}

const sha256 = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Make sure a token exists. `token` is given only to the call that generated
 * it, so it is printed exactly once; `hash` is what requests are checked
 * against.
 */
export async function ensureApiToken(db: Db, sources: TokenSources): Promise<{ generated: boolean; token?: string }> {
  if (sources.configured) return { generated: false };
  if (await storedHash(db, sources)) return { generated: false };
  const fresh = `jev_${crypto.randomBytes(24).toString("base64url")}`;
  const stored = await setSettingOnce(db, HASH_KEY, sha256(fresh));
  if (stored !== sha256(fresh)) return { generated: false }; // another process generated one first
  try {
    await writeTokenFile(sources.tokenFile, fresh);
  } catch (err) {
    await deleteSetting(db, HASH_KEY); // a hash nobody holds the token of would lock every client out
    throw err;
  }
  forgetStoredHash(db);
  return { generated: true, token: fresh };
}

/** Replace the generated token with a new one (`jev token --new`): the old one stops working within a few seconds. */
export async function rotateApiToken(db: Db, sources: TokenSources): Promise<string> {
  const fresh = `jev_${crypto.randomBytes(24).toString("base64url")}`;
  await writeTokenFile(sources.tokenFile, fresh); // first: should it fail, the old token still works
  await setSetting(db, HASH_KEY, sha256(fresh));
  forgetStoredHash(db);
  return fresh;
}

/**
 * The token to show the user (`jev token`): JEV_API_TOKEN, or the file's
 * when it still matches the stored hash; null when neither can be shown.
 */
export async function shownToken(db: Db, sources: TokenSources): Promise<string | null> {
  if (sources.configured) return sources.configured;
  const fromFile = readTokenFile(sources.tokenFile);
  const hash = await storedHash(db, sources);
  return fromFile && hash && sameHash(sha256(fromFile), hash) ? fromFile : null;
}

/** Whether `presented` is the API token, compared in constant time; in the caller's turn while the stored hash is kept. */
export function tokenMatches(db: Db, sources: TokenSources, presented: string): MaybePromise<boolean> {
  return thenMaybe(expectedHash(db, sources), (expected) => {
    if (expected === null) return false;
    const want = bytesOfHash(expected);
    return want.length === SHA256_BYTES && crypto.timingSafeEqual(crypto.hash("sha256", presented, "buffer"), want);
  });
}

const SHA256_BYTES = 32;

/**
 * Every request is checked against the same hash: the last one is kept, as
 * hex and as bytes, and so is the hash of the last `JEV_API_TOKEN` (which the
 * process holds anyway).
 */
let lastHash = { hex: "", bytes: Buffer.alloc(0) };
let lastConfigured = { token: "", hex: "" };

function bytesOfHash(hex: string): Buffer {
  if (lastHash.hex !== hex) lastHash = { hex, bytes: Buffer.from(hex, "hex") };
  return lastHash.bytes;
}

function hashOfConfigured(token: string): string {
  if (lastConfigured.token !== token) lastConfigured = { token, hex: sha256(token) };
  return lastConfigured.hex;
}

/** The hash a presented token must have; a database no start has prepared gets its token now, as at start. */
function expectedHash(db: Db, sources: TokenSources): MaybePromise<string | null> {
  if (sources.configured) return hashOfConfigured(sources.configured);
  return keptHash(db) ?? readExpectedHash(db, sources);
}

async function readExpectedHash(db: Db, sources: TokenSources): Promise<string | null> {
  const stored = await storedHash(db, sources);
  if (stored) return stored;
  await ensureApiToken(db, sources);
  return storedHash(db, sources);
}

/** Constant-time check of an `Authorization: Bearer …` header. */
export function isAuthorized(db: Db, sources: TokenSources, header: string | null): MaybePromise<boolean> {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? tokenMatches(db, sources, match[1]) : false;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}

/**
 * The stored hash, read at most every few seconds per database: every
 * request checks it, and a rotation (by the CLI, or another instance of a
 * fleet) must still reach a running server.
 */
const HASH_TTL_MS = 5_000;
// copy-local: a 5-second memo of a token hash; each copy of lib/ hashes its own.
const hashes = new Map<string, { hash: string; at: number }>();

/** The stored hash while it is kept (read within HASH_TTL_MS), else undefined. */
function keptHash(db: Db): string | undefined {
  const hit = hashes.get(db.jev.key);
  return hit && Date.now() - hit.at < HASH_TTL_MS ? hit.hash : undefined;
}

async function storedHash(db: Db, sources: TokenSources): Promise<string | null> {
  const kept = keptHash(db);
  if (kept) return kept;
  let hash = await getSetting(db, HASH_KEY);
  if (!hash) hash = await moveLegacyToken(db, sources);
  if (hash) hashes.set(db.jev.key, { hash, at: Date.now() });
  return hash;
}

/** A token kept in plain text by an earlier release: the same token goes on working, kept as a hash and in the file. */
async function moveLegacyToken(db: Db, sources: TokenSources): Promise<string | null> {
  const legacy = await getSetting(db, LEGACY_KEY);
  if (!legacy) return null;
  try {
    if (!readTokenFile(sources.tokenFile)) await writeTokenFile(sources.tokenFile, legacy);
  } catch {
    return sha256(legacy); // the file cannot be written here: keep the old row until it can, rather than lose the token
  }
  const hash = await setSettingOnce(db, HASH_KEY, sha256(legacy));
  await deleteSetting(db, LEGACY_KEY);
  return hash;
}

function forgetStoredHash(db: Db): void {
  hashes.delete(db.jev.key);
}

/** Where a configuration says the token comes from. */
export const tokenSources = (config: { apiToken?: string; tokenFile: string }): TokenSources => ({ configured: config.apiToken, tokenFile: config.tokenFile });

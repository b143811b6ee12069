import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Db, openDb } from "../../db/client";
import { getSetting, setSetting } from "../../db/queries/settings";
import { tempDir } from "../testing/factories";
import { ensureApiToken, isAuthorized, rotateApiToken, shownToken, type TokenSources, tokenMatches } from "./api-token";

let tmp: ReturnType<typeof tempDir>;
let dbFile: string;
let sources: TokenSources;
const open = (): Db => openDb(dbFile);
beforeEach(() => {
  tmp = tempDir("jev-token-");
  dbFile = path.join(tmp.dir, "data", "jev.db");
  sources = { tokenFile: `${dbFile}.token` };
});
afterEach(() => tmp.cleanup());

describe("API token", () => {
  it("is generated once, shown once; the database keeps only its hash, the token sits in a file only its owner reads", async () => {
    const db = open();
    const first = await ensureApiToken(db, sources);
    expect(first.generated).toBe(true);
    expect(first.token).toMatch(/^jev_[\w-]{32}$/);
    expect(await ensureApiToken(open(), sources)).toEqual({ generated: false });
    expect(await shownToken(open(), sources)).toBe(first.token);
    const stored = await getSetting(db, "api_token_sha256");
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(await getSetting(db, "api_token")).toBeNull();
    const bytes = fs.readFileSync(dbFile).toString("latin1") + (fs.existsSync(`${dbFile}-wal`) ? fs.readFileSync(`${dbFile}-wal`).toString("latin1") : "");
    expect(bytes).not.toContain(first.token);
    expect(fs.statSync(sources.tokenFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dbFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(dbFile)).mode & 0o777).toBe(0o700);
  });

  it("checks bearer headers against the hash, exactly", async () => {
    const db = open();
    const { token } = await ensureApiToken(db, sources);
    expect(await isAuthorized(db, sources, `Bearer ${token}`)).toBe(true);
    expect(await isAuthorized(db, sources, `bearer ${token}`)).toBe(true);
    for (const h of [null, "", token!, `Bearer ${token}x`, `Bearer ${token?.slice(1)}`, `Basic ${token}`, `Bearer ${token} extra`])
      expect(await isAuthorized(db, sources, h)).toBe(false);
  });

  it("JEV_API_TOKEN wins: nothing is generated or stored", async () => {
    const db = open();
    const configured = { ...sources, configured: "mine-mine" };
    expect(await ensureApiToken(db, configured)).toEqual({ generated: false });
    expect(await tokenMatches(db, configured, "mine-mine")).toBe(true);
    expect(await tokenMatches(db, configured, "mine-mind")).toBe(false);
    expect(await shownToken(db, configured)).toBe("mine-mine");
    expect(fs.existsSync(sources.tokenFile)).toBe(false);
    // The hash of the last JEV_API_TOKEN is kept: another value is hashed afresh, and the old one no longer opens.
    const changed = { ...sources, configured: "theirs" };
    expect(await tokenMatches(db, changed, "theirs")).toBe(true);
    expect(await tokenMatches(db, changed, "mine-mine")).toBe(false);
  });

  it("a stored hash that is not a SHA-256 in hex opens nothing, and throws nothing", async () => {
    for (const [i, bad] of ["abc", "zz".repeat(32), "00".repeat(31), "00".repeat(33)].entries()) {
      const db = openDb(path.join(tmp.dir, `bad-${i}.db`)); // a database of its own: the stored hash is kept a few seconds per database
      await setSetting(db, "api_token_sha256", bad);
      for (const presented of ["", "abc", "jev_token"]) expect(await tokenMatches(db, sources, presented)).toBe(false);
    }
  });

  it("a token an earlier release stored in plain text keeps working, moved to the hash and the file", async () => {
    const db = open();
    await setSetting(db, "api_token", "jev_legacy-token-value");
    expect(await tokenMatches(db, sources, "jev_legacy-token-value")).toBe(true);
    expect(await getSetting(db, "api_token")).toBeNull();
    expect(await shownToken(db, sources)).toBe("jev_legacy-token-value");
  });

  it("--new replaces it: the old token stops working, and a file that no longer matches is never shown", async () => {
    const db = open();
    const { token: old } = await ensureApiToken(db, sources);
    const fresh = await rotateApiToken(db, sources);
    expect(fresh).not.toBe(old);
    expect(await tokenMatches(db, sources, fresh)).toBe(true);
    expect(await tokenMatches(db, sources, old!)).toBe(false);
    fs.writeFileSync(sources.tokenFile, "jev_someone-elses\n");
    expect(await shownToken(db, sources)).toBeNull();
  });
});

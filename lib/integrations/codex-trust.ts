import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { readSmallTextSync } from "../fs/regular-file";
import { isJevHookGroup } from "./claude-settings";

/*
 * Codex runs a hook only once the user trusted it (checked against Codex 0.171.0's `codex app-server` `hooks/list`).
 * It keys each handler by position, `<hooks file>:<event in snake case>:<group>:<handler>`, and records trust in
 * config.toml as `[hooks.state."<key>"] trusted_hash = "sha256:…"`: a hash of the handler as configured. A changed
 * handler (jev's new `timeout`) has a new hash, so Codex calls it "modified" and runs it only once trusted again.
 * How Codex computes the hash is its own; jev instead remembers the hashes that stood when it changed its hooks
 * (`$CODEX_HOME/jev/superseded-trust`): while config.toml still holds one of those, the trust is of the old hooks.
 */

type Json = Record<string, unknown>;

/** Where jev keeps the trusted hashes its last change of the hooks superseded. */
export const supersededTrustFile = (jevDir: string) => path.join(jevDir, "superseded-trust");

const snakeCase = (event: string) => event.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** A hooks file's settings as Codex reads them: none when it is missing or not JSON. */
function hooksSettings(hooksFile: string): Json {
  try {
    const parsed = JSON.parse(readSmallTextSync(hooksFile, 1_000_000) ?? "{}");
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** jev's handlers in a hooks file's settings, as written (Codex reads each one's `timeout`). */
function jevHandlers(settings: Json): Json[] {
  const hooks = settings.hooks;
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) return [];
  return Object.values(hooks as Json)
    .flatMap((groups) => (Array.isArray(groups) ? groups : []))
    .filter(isJevHookGroup)
    .flatMap((g) => (g as { hooks: Json[] }).hooks);
}

/** Codex's keys of jev's handlers in a hooks file's settings. */
function jevHandlerKeys(hooksFile: string, settings: Json): string[] {
  const hooks = settings.hooks;
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) return [];
  const keys: string[] = [];
  for (const [event, groups] of Object.entries(hooks as Json)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, g) => {
      if (!isJevHookGroup(group)) return;
      const handlers = (group as Json).hooks as unknown[];
      for (let h = 0; h < handlers.length; h++) keys.push(`${hooksFile}:${snakeCase(event)}:${g}:${h}`);
    });
  }
  return keys;
}

/** config.toml's `hooks.state` trusted hashes, by key (empty when the file is missing or not TOML). */
function trustedHashes(configToml: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!configToml) return out;
  let parsed: Json;
  try {
    parsed = parseToml(configToml) as Json;
  } catch {
    return out;
  }
  const state = (parsed.hooks as Json | undefined)?.state;
  if (typeof state !== "object" || state === null) return out;
  for (const [key, entry] of Object.entries(state as Json)) {
    const hash = (entry as Json | null)?.trusted_hash;
    if (typeof hash === "string" && hash) out.set(key, hash);
  }
  return out;
}

/** The hashes a change of jev's hooks superseded (none recorded: an empty set). */
export function supersededHashes(jevDir: string): Set<string> {
  const text = readSmallTextSync(supersededTrustFile(jevDir), 64 * 1024) ?? "";
  return new Set(
    text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
  );
}

/** Whether Codex will run jev's hooks: each handler's trust current, some only trusted as they were before jev changed them, or none. */
export type CodexTrust = "trusted" | "outdated" | "untrusted";

function codexTrust(keys: readonly string[], trusted: ReadonlyMap<string, string>, superseded: ReadonlySet<string>): CodexTrust {
  const hashes = keys.map((k) => trusted.get(k));
  if (hashes.some((h) => h !== undefined && superseded.has(h))) return "outdated";
  return keys.length > 0 && hashes.every((h) => h !== undefined) ? "trusted" : "untrusted";
}

/** jev's hooks in a Codex home as Codex sees them: the trusted hashes config.toml holds for them, and what they add up to. */
export interface JevCodexHooks {
  /** The trusted hash of each of jev's handlers that has one. */
  trustedHashes: string[];
  trust: CodexTrust;
  /** A handler with no `timeout` (an older jev wrote `timeoutSec`, which Codex does not read: it then allows 600 s). */
  timeoutUnread: boolean;
}

export function jevCodexHooks(codexHome: string, hooksFile: string): JevCodexHooks {
  const settings = hooksSettings(hooksFile);
  const keys = jevHandlerKeys(hooksFile, settings);
  const trusted = trustedHashes(readSmallTextSync(path.join(codexHome, "config.toml"), 1_000_000));
  return {
    trustedHashes: keys.flatMap((key) => trusted.get(key) ?? []),
    trust: codexTrust(keys, trusted, supersededHashes(path.join(codexHome, "jev"))),
    timeoutUnread: jevHandlers(settings).some((h) => h?.timeout === undefined),
  };
}

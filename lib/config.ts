import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { processWide } from "./base/process-state";
import { expandPath } from "./catalog/expand-path";
import { type OwnEncoder, readOwnEncoder } from "./judges/local/dense/model-folder";
import { chatEndpoint, REMOTE_DEFAULTS, type RemoteJudgeConfig } from "./judges/remote/remote-config";
import { JUDGE_KINDS, type JudgeKind } from "./vocab/judges";
import { DEFAULT_META_SKILLS } from "./vocab/limits";

/**
 * Every environment variable jev reads, parsed once with zod (interfaces.md,
 * "Configuration"). Code takes a `JevConfig`, never `process.env`, so tests
 * pass their own and nothing reads a variable in a second place.
 */
const EnvSchema = z.object({
  JEV_DB: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//i, "must be a postgres:// or postgresql:// URL (unset it to use the SQLite file JEV_DB)")
    .optional(),
  HERMES_HOME: z.string().min(1).optional(),
  HOME: z.string().min(1).optional(),
  JEV_API_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
  JEV_JUDGE: z.string().optional(),
  JEV_JUDGE_URL: z.string().optional(),
  JEV_JUDGE_MODEL: z.string().optional(),
  JEV_JUDGE_KEY: z.string().optional(),
  JEV_JUDGE_TIMEOUT_MS: z.coerce.number().int("must be whole milliseconds").min(100).max(600_000).optional(),
  JEV_JUDGE_DEADLINE_MS: z.coerce.number().int("must be whole milliseconds").min(100).max(600_000).optional(),
  JEV_META_SKILLS: z.string().optional(),
  JEV_RETENTION_DAYS: z.coerce.number().int("must be a whole number of days").min(1).max(3650).default(30),
  JEV_SKILL_FEEDBACK: z.enum(["on", "off"], "must be on or off").optional(),
  JEV_ENCODER: z.enum(["on", "off"], "must be on or off").default("on"),
  JEV_ENCODER_MODEL: z.string().optional(),
  JEV_ALLOWED_ROOTS: z.string().optional(),
  JEV_ALLOWED_HOSTS: z.string().optional(),
  JEV_RULES: z.string().min(1).optional(),
  JEV_PROTECTED_SKILLS: z.string().optional(),
  /** Read where the curator loads a home (lib/hermes/hermes-version.ts): the Hermes release in use. */
  JEV_HERMES_VERSION: z.string().max(64).optional(),
  JEV_REPLAY_MAX_MB: z.coerce.number().int("must be a whole number of MB").min(1).max(100_000).default(200),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
});

export interface JevConfig {
  /** SQLite file: `JEV_DB`, default `data/jev.db` under the package folder. */
  dbFile: string;
  /** `DATABASE_URL`: PostgreSQL instead of the SQLite file, for several instances behind one address. */
  databaseUrl?: string;
  /** `$HERMES_HOME`, default `~/.hermes`, expanded and absolute. */
  hermesHome: string;
  /** `$HOME`, for `~` in paths and the default roots. */
  home: string;
  /** `JEV_API_TOKEN` when set; otherwise one is generated (its hash kept in the DB, the token in `tokenFile`). */
  apiToken?: string;
  /** Where a generated token is kept for `jev token`: `<JEV_DB>.token`, readable by its owner only. */
  tokenFile: string;
  /** The judge to ask (with how to reach a remote one), or why it cannot be used (every selection then fails open). */
  judge: { kind: "local" } | { kind: "openai"; remote: RemoteJudgeConfig } | { problem: string; raw: string };
  /** `JEV_ENCODER`: whether the local judge runs its sentence encoder beside the lexical evidence (default on). */
  encoder: "on" | "off";
  /** `JEV_ENCODER_MODEL`: a team's own trained encoder (a model folder with its decision.json), else null for jev's. */
  encoderModel: OwnEncoder | null;
  /** Selector-only skills removed before ranking. */
  metaSkills: string[];
  /** Decision rows older than this many days are deleted. */
  retentionDays: number;
  /** Rule 2's switch when forced by `JEV_SKILL_FEEDBACK`; undefined = follow the engine state file. */
  skillFeedback?: "on" | "off";
  /**
   * `JEV_ALLOWED_ROOTS` (colon-separated, `~` expanded): the only folders API
   * clients may pass as `roots`, and where symlinks in a walk may lead. Null:
   * the default roots and the folders under the server user's home.
   */
  allowedRoots: string[] | null;
  /**
   * `JEV_ALLOWED_HOSTS` (comma-separated): host names the server answers
   * besides localhost, IP addresses and HOST (a reverse proxy's, a fleet's);
   * `.example.com` allows every name under it, `*` any name.
   */
  allowedHosts: string[];
  /** The live suggestion rules' file (`JEV_RULES`, default `$HERMES_HOME/jev/rules.json`); missing means the defaults. */
  rulesFile: string;
  /** `JEV_PROTECTED_SKILLS` (comma-separated): names the curator never manages, on top of the Hermes release's (lib/hermes/curator-defaults.ts). */
  protectedSkills: string[];
  /** `JEV_REPLAY_MAX_MB` (default 200) in bytes: the largest replay log POST /api/replay reads. */
  replayMaxBytes: number;
  /** Where `npm start` serves. */
  port: number;
  host: string;
  /** The environment, only for `$VAR` in Hermes's `external_dirs` (Hermes expands them the same way). */
  pathVars: EnvVars;
}

/** The URL a client on this machine reaches the server at: HOST and PORT, a wildcard host read as `loopback`. */
export function localServerUrl(config: { host: string; port: number }, loopback = "127.0.0.1"): string {
  const host = ["0.0.0.0", "::", "[::]"].includes(config.host) ? loopback : config.host;
  return `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${config.port}`;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** An environment: `process.env`, or a test's own. */
export type EnvVars = Readonly<Record<string, string | undefined>>;

function parseJudge(e: z.infer<typeof EnvSchema>): JevConfig["judge"] {
  const kind = (e.JEV_JUDGE || "local").trim();
  if (!(JUDGE_KINDS as readonly string[]).includes(kind)) return { problem: `JEV_JUDGE must be one of ${JUDGE_KINDS.join(", ")}`, raw: kind };
  if ((kind as JudgeKind) === "local") return { kind: "local" };
  const endpoint = chatEndpoint(e.JEV_JUDGE_URL);
  if (typeof endpoint === "string") return { problem: endpoint, raw: kind };
  const model = e.JEV_JUDGE_MODEL?.trim();
  if (!model) return { problem: "JEV_JUDGE_MODEL is required for JEV_JUDGE=openai (the model name the endpoint serves)", raw: kind };
  const requestTimeoutMs = e.JEV_JUDGE_TIMEOUT_MS ?? REMOTE_DEFAULTS.requestTimeoutMs;
  const turnDeadlineMs = e.JEV_JUDGE_DEADLINE_MS ?? Math.max(REMOTE_DEFAULTS.turnDeadlineMs, requestTimeoutMs);
  return { kind: "openai", remote: { endpoint, model, key: e.JEV_JUDGE_KEY?.trim() || undefined, requestTimeoutMs, turnDeadlineMs } };
}

/** The folder JEV_ENCODER_MODEL names, read now: a folder the worker could not load is an error at start, not a quiet fallback. */
function ownEncoder(dir: string): OwnEncoder {
  const read = readOwnEncoder(path.resolve(dir));
  if ("problem" in read) throw new ConfigError(`JEV_ENCODER_MODEL: ${read.problem}`);
  return read;
}

let packageRootMemo: string | undefined;

/**
 * The folder holding jev's package.json: from this file when run from source
 * (CLI, tests), else the working directory (`npm start` serves from there).
 */
/** jev's npm package name (`jev` on npm is another project's), by which its own folder is recognised. */
export const PACKAGE_NAME = "jev-skills";

export function packageRoot(): string {
  if (packageRootMemo) return packageRootMemo;
  const candidates: string[] = [];
  try {
    candidates.push(path.resolve(path.dirname(new URL(import.meta.url).pathname), ".."));
  } catch {
    // bundled: import.meta.url is not a file URL
  }
  candidates.push(process.cwd());
  const isJev = (dir: string) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name === PACKAGE_NAME;
    } catch {
      return false;
    }
  };
  packageRootMemo = candidates.find(isJev) ?? process.cwd();
  return packageRootMemo;
}

const KEYS = Object.keys(EnvSchema.shape) as (keyof z.infer<typeof EnvSchema>)[];
// copy-local: parsed configurations by their environment; the same text parses the same in either copy.
const memo = new Map<string, JevConfig>();

/**
 * The config of a server that has started (see settleConfig), shared by
 * every bundle of this module in the process (the front door has its own).
 */
const settled = processWide("jev.settledConfig", () => ({ config: null as JevConfig | null }));

/**
 * Read the environment once more and keep it as this process's config: for `npm start`'s server once Next.js has
 * loaded its env files, whose environment nobody changes after. Every request checks its token against the config,
 * and reading the environment is a call into Node per variable (about 25) plus a key built from them; with it
 * settled, `loadConfig()` is a field read. Not for `npm run dev`, which reloads env files as they change.
 */
export function settleConfig(): JevConfig {
  settled.config = null;
  settled.config = loadConfig();
  return settled.config;
}

/** Read the environment on every `loadConfig()` again (a test that settled it). */
export function unsettleConfig(): void {
  settled.config = null;
}

/** Parse the environment (memoised on the values read); throws ConfigError naming the variable. */
export function loadConfig(env: EnvVars = process.env): JevConfig {
  if (settled.config !== null && env === process.env) return settled.config;
  const values = KEYS.map((k) => env[k]);
  const key = JSON.stringify(values);
  const hit = memo.get(key);
  if (hit) return hit;
  const parsed = EnvSchema.safeParse(Object.fromEntries(KEYS.map((k, i) => [k, values[i] === "" && k !== "JEV_META_SKILLS" ? undefined : values[i]])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue.path.join(".")}: ${issue.message}`);
  }
  const e = parsed.data;
  const home = e.HOME || os.homedir();
  const config: JevConfig = {
    dbFile: e.JEV_DB ? path.resolve(e.JEV_DB) : path.join(packageRoot(), "data", "jev.db"),
    databaseUrl: e.DATABASE_URL,
    hermesHome: expandPath(e.HERMES_HOME || "~/.hermes", process.cwd(), { ...env, HOME: home }),
    home,
    apiToken: e.JEV_API_TOKEN,
    tokenFile: "",
    judge: parseJudge(e),
    encoder: e.JEV_ENCODER,
    encoderModel: e.JEV_ENCODER_MODEL ? ownEncoder(expandPath(e.JEV_ENCODER_MODEL, process.cwd(), { ...env, HOME: home })) : null,
    metaSkills:
      e.JEV_META_SKILLS === undefined
        ? [...DEFAULT_META_SKILLS]
        : e.JEV_META_SKILLS.split(",")
            .map((s) => s.trim())
            .filter(Boolean),
    retentionDays: e.JEV_RETENTION_DAYS,
    skillFeedback: e.JEV_SKILL_FEEDBACK,
    allowedRoots:
      e.JEV_ALLOWED_ROOTS === undefined
        ? null
        : e.JEV_ALLOWED_ROOTS.split(":")
            .filter((p) => p.trim())
            .map((p) => expandPath(p, process.cwd(), { ...env, HOME: home })),
    allowedHosts: (e.JEV_ALLOWED_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean),
    rulesFile: "",
    replayMaxBytes: e.JEV_REPLAY_MAX_MB * 1_000_000,
    protectedSkills: (e.JEV_PROTECTED_SKILLS ?? "")
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean),
    port: e.PORT,
    host: e.HOST,
    pathVars: env,
  };
  config.tokenFile = `${config.dbFile}.token`;
  config.rulesFile = e.JEV_RULES
    ? path.resolve(expandPath(e.JEV_RULES, process.cwd(), { ...env, HOME: home }))
    : path.join(config.hermesHome, "jev", "rules.json");
  if (memo.size > 32) memo.clear();
  memo.set(key, config);
  return config;
}

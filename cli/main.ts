import { JevError } from "../lib/base/errors";
import { COMMAND_USAGE, USAGE, UsageError } from "./usage";

type Command = (args: string[], out: (line: string) => void) => Promise<number>;

/** Loaded on use: help and usage errors should not pay for the engine and database modules. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  "pick-skill": async () => (await import("./commands/pick-skill")).pickSkillCommand,
  eval: async () => (await import("./commands/eval")).evalCommand,
  feedback: async () => (await import("./commands/feedback")).feedbackCommand,
  token: async () => (await import("./commands/token")).tokenCommand,
  replay: async () => (await import("./commands/replay")).replayCommand,
  "export-log": async () => (await import("./commands/export-log")).exportLogCommand,
  import: async () => (await import("./commands/import")).importCommand,
  curator: async () => (await import("./commands/curator")).curatorCommand,
  integrate: async () => (await import("./commands/integrate")).integrateCommand,
  doctor: async () => (await import("./commands/doctor")).doctorCommand,
  start: async () => (await import("./commands/start")).startCommand,
  settings: async () => (await import("./commands/agent-settings")).settingsCommand,
  db: async () => (await import("./commands/db")).dbCommand,
  mcp: async () => (await import("./commands/mcp")).mcpCommand,
  openapi: async () => (await import("./commands/openapi")).openapiCommand,
};

const isHelp = (arg: string | undefined) => arg === "--help" || arg === "-h" || arg === "help";

/**
 * Entry point of `jev`. Exit codes: 0 done, 2 bad usage or bad input, 1 any
 * other failure; always one line on stderr, never a stack trace.
 */
export async function main(argv: string[], out: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || isHelp(command)) {
    (command ? console.log : console.error)(USAGE);
    return command ? 0 : 2;
  }
  const load = COMMANDS[command];
  if (!load) {
    console.error(`jev: unknown command '${command}' (try jev --help)`);
    return 2;
  }
  if (rest.some(isHelp)) {
    console.log(`usage:\n  ${COMMAND_USAGE[command]}`);
    return 0;
  }
  try {
    // One call per process: a change watch would never pay off (`jev mcp` lives on, and its relay never walks).
    const unwatched = command === "mcp" ? null : import("../lib/catalog/discover").then((m) => m.setDiscoveryWatching(false));
    const [run] = await Promise.all([load(), unwatched]);
    // On PostgreSQL (a fleet) the schema is brought up to date before a command reads it, as the server does at start.
    if (process.env.DATABASE_URL && command !== "db") await (await import("../db/client-pg")).migratePostgres(process.env.DATABASE_URL);
    return await run(rest, out);
  } catch (err) {
    // ConfigError by name: importing lib/config here would make `jev --help` load zod.
    if (err instanceof UsageError || (err instanceof Error && err.name === "ConfigError")) {
      console.error(`jev ${command}: ${err.message}`);
      return 2;
    }
    if (err instanceof JevError) {
      console.error(`jev ${command}: ${err.message}`);
      return err.code === "bad_request" ? 2 : 1;
    }
    console.error(`jev ${command}: failed (${err instanceof Error ? err.name : "error"})`);
    return 1;
  } finally {
    // A PostgreSQL pool would keep the process alive (a SQLite file closes with the process).
    const open = (globalThis as { jevDb?: { db: { jev: { dialect: string } } } }).jevDb;
    if (open?.db.jev.dialect === "postgres") await (await import("../db/client")).closeDb();
  }
}

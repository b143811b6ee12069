import { type ParseArgsConfig, parseArgs } from "node:util";

/** Bad command-line usage: exit code 2 with one line. */
export class UsageError extends Error {}

/** One usage line per command: `jev --help` prints them all, `jev <command> --help` its own. */
export const COMMAND_USAGE: Record<string, string> = {
  "pick-skill": `jev pick-skill --turn TEXT|- [--root DIR]... [--session ID] [--loaded NAME]... [--loadable NAME]... [--hidden NAME]... [--agent NAME] [--platform NAME] [--feedback]
      Which skill to load for one turn: the reply JSON, one line. --feedback says this client reports loads (rule 2 may apply);
      --platform leaves out the skills Hermes's skills.platform_disabled hides on that platform.`,
  feedback: `jev feedback --session ID --skill NAME --event loaded|rejected [--at ISO-8601]
      Report that the agent loaded (or rejected) a skill in a session; prints {"ok": true}.`,
  eval: `jev eval (--catalog CATALOG.jsonl | --root DIR...) --cases CASES.jsonl [--cases-out FILE] [--progress] [--judge lexical|local]
      Selection-quality metrics of the configured judge on your cases, one JSON object; --judge lexical is the local judge
      without its sentence encoder, --judge local with it (its skill vectors are built first, and kept in the database).`,
  replay: `jev replay --log LOG.jsonl [--rules RULES.json] [--sweep GRID.json] [--json] [--strict]
      A recorded log of suggestions and loads before and after the suggestion rules; --sweep tries every combination of the
      grid's values and marks the frontier of suggestions removed against loads lost; --strict stops at the first bad line.`,
  "export-log": `jev export-log [--from DAY|TIME] [--to DAY|TIME] [--out FILE]
      The live suggestions and loads (default: the last 7 days) as a replay log for jev replay.`,
  import: `jev import hermes [--hermes-home DIR]   (--home is accepted too)
      Import a Hermes home's history: skills/.usage.json counters as usage events, and what the Hermes plugin recorded in
      jev/skill-feedback.json while the server was down; running it again adds nothing.`,
  curator: `jev curator status|usage|run [--dry-run] [--consolidate]|pause|resume|pin NAME|unpin NAME|archive NAME|restore NAME|list-archived|list-unmanaged [--hermes-home DIR] [--json]
      jev curator prune [--days N] [--dry-run] [-y]    jev curator adopt NAME...|--all-unmanaged [--dry-run] [-y]
      jev curator overlaps [--json]: skills that explain each other (jev's own index, no model) and names in several roots
      jev curator consolidate [--json]: the remote judge's plans to merge a Hermes home's overlapping skills, checked (a preview)
      jev curator consolidate --apply [--id ID]: carry out that preview    jev curator consolidations [--json]
      jev curator restore --consolidation UMBRELLA: undo a consolidation whole
      Curate a Hermes home as Hermes's own curator does: lifecycle (active, stale, archived), pins, archive and restore.`,
  integrate: `jev integrate claude-code [--print] [--settings FILE] [--url URL] [--remove]    jev integrate codex [--print] [--hooks FILE] [--url URL] [--remove]
      jev integrate hermes [--hermes-home DIR] [--url URL] [--print] [--remove]
      jev integrate claude-code|codex|gemini --mcp [--config FILE] [--url URL] [--print] [--remove]
      Add jev's hooks to Claude Code's settings (default ~/.claude/settings.json) or Codex's hooks.json (default
      $CODEX_HOME/hooks.json), a backup first, the rest kept, idempotent, and store the server's URL and API token where the
      hook reads them (0600); or link jev's plugin into a Hermes home, enable it in its config.yaml (the rest kept) and set
      JEV_URL and JEV_API_TOKEN in its .env (0600). The URL: --url, else the running server's, else HOST and PORT. It
      checks the URL and token against the running server first and refuses a token it rejects. --print shows what it would
      write; --remove undoes it. --mcp adds jev as an MCP server to the client's own config instead
      (~/.claude.json, $CODEX_HOME/config.toml, ~/.gemini/settings.json; the rest kept, a backup first): the client starts
      \`jev mcp --url URL --token-file FILE\`; jev's tools are allowed where the client would ask before each call
      (Claude Code's permissions.allow, Gemini's trust).`,
  start: `jev start
      Serve jev (what npm start does in its folder: build if needed, migrate the database, serve on HOST:PORT), from anywhere.`,
  doctor: `jev doctor [--url URL] [--json]
      Why no hint? Checks that the server answers and takes this shell's token, that each agent set up here reaches it with a
      token it takes (and Codex trusts the hooks), that each MCP client set up with --mcp still finds jev mcp and its token,
      when jev last heard from each, the roots requests left out, and Hermes's platform lists. Changes nothing; exit 1
      when a check fails.`,
  settings: `jev settings --agent NAME [--skills on|off] [--feedback on|off]
      An agent's switches kept by the server, for agents without a Hermes home (Claude Code): skills off = no hints,
      feedback off = rule 2 does not suppress for it. Prints them.`,
  db: `jev db copy --to postgres://USER@HOST/DATABASE [--from FILE] [--batch ROWS]
      Copy the SQLite database (JEV_DB, or --from) into an empty PostgreSQL database: resumable (run it again after an
      interruption), progress on stderr, then the row counts of every table on both sides; it refuses a non-empty target.`,
  mcp: `jev mcp [--url URL [--token-file FILE]]
      jev's MCP server on standard input and output, for an MCP client that starts it (tools pick_skill, report_load,
      list_skills, read_skill; skills as skill://NAME resources). Alone it answers from this machine's database and config;
      with --url it relays to that running server's /api/mcp with JEV_API_TOKEN (else --token-file, else this machine's token).`,
  openapi: `jev openapi [--out FILE]
      The HTTP API's OpenAPI 3.1 document (what GET /api/openapi.json serves), generated from the routes' schemas.`,
  token: `jev token [--new]
      Print the API token agents send (JEV_API_TOKEN, or the one generated at first start, kept in <JEV_DB>.token; the
      database holds only its hash). --new replaces the generated token: agents using the old one must be given the new one.`,
};

export const USAGE = `usage:\n${Object.values(COMMAND_USAGE)
  .map((u) => `  ${u}`)
  .join("\n")}`;

/** node:util parseArgs, strict, with errors turned into one-line usage errors. */
export function parseFlags<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    const message = err instanceof Error ? err.message.split("\n")[0] : "bad arguments";
    throw new UsageError(message.replace(/\. To specify a positional argument.*$/, ""));
  }
}

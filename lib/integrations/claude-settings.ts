/**
 * The hook entries `jev integrate claude-code` puts in Claude Code's settings.json: UserPromptSubmit asks jev which
 * skill fits, PostToolUse on the Skill tool reports the load. Merged into whatever the file holds: other hooks and
 * keys are kept, an older jev entry is replaced, and merging twice changes nothing.
 */
export const HOOK_SCRIPT_NAME = "jev_hook.py";
/** Seconds Claude Code gives the script; the script itself gives up on jev after 1.5 s. */
const HOOK_TIMEOUT_S = 5;

type Json = Record<string, unknown>;

const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The hook's command line: the interpreter by absolute path when known (no
 * PATH or version-manager shim on every prompt), `-I` (no user site, no
 * PYTHON* variables: the script is standard library only) and `-S` (no
 * `site` import), which start it faster.
 */
export function jevHookCommand(scriptPath: string, python: string | null, args: readonly string[] = []): string {
  return [python ? shellQuoted(python) : "python3", "-I", "-S", shellQuoted(scriptPath), ...args.map(shellQuoted)].join(" ");
}

/** The entries, as `--print` shows them. */
export function jevHookEntries(scriptPath: string, python: string | null): Json {
  const hook = { type: "command", command: jevHookCommand(scriptPath, python), timeout: HOOK_TIMEOUT_S };
  return { UserPromptSubmit: [{ hooks: [hook] }], PostToolUse: [{ matcher: "^Skill$", hooks: [hook] }] };
}

/**
 * jev's own hook command runs its script from jev's layout (`…/integrations/claude-code/jev_hook.py`, in a
 * clone or the per-user copy): a user's hook that merely mentions a file of that name is not jev's, and is kept.
 */
const isJevCommand = (command: unknown) =>
  typeof command === "string" && /(?:^|[\s'"])[^\s'"]*\/integrations\/claude-code\/jev_hook\.py['"]?(?:\s|$)/.test(command);

/** A hook group that runs jev's hook script. */
export const isJevHookGroup = (group: unknown) =>
  typeof group === "object" &&
  group !== null &&
  Array.isArray((group as Json).hooks) &&
  ((group as Json).hooks as unknown[]).some((h) => isJevCommand((h as Json)?.command));

/**
 * A hooks file (Claude Code's settings.json, Codex's hooks.json: the same
 * shape) with jev's entries in: other hooks and keys kept, an older jev entry
 * replaced where it stood (Codex keys its trust by position, so the user's own
 * hooks keep theirs); `changed` is false when they were there already, exactly.
 */
export function mergeHookEntries(settings: Json, entries: Json): { settings: Json; changed: boolean } {
  const hooks: Json = typeof settings.hooks === "object" && settings.hooks !== null && !Array.isArray(settings.hooks) ? { ...(settings.hooks as Json) } : {};
  for (const [event, groups] of Object.entries(entries)) {
    const existing = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    const at = existing.findIndex(isJevHookGroup);
    const others = existing.filter((g) => !isJevHookGroup(g));
    const place = at < 0 ? others.length : existing.slice(0, at).filter((g) => !isJevHookGroup(g)).length;
    hooks[event] = [...others.slice(0, place), ...(groups as unknown[]), ...others.slice(place)];
  }
  const merged = { ...settings, hooks };
  return { settings: merged, changed: JSON.stringify(merged) !== JSON.stringify(settings) };
}

/** A hooks file with jev's entries taken out (an event left with none goes too); `changed` is false when there were none. */
export function removeHookEntries(settings: Json): { settings: Json; changed: boolean } {
  if (typeof settings.hooks !== "object" || settings.hooks === null || Array.isArray(settings.hooks)) return { settings, changed: false };
  const hooks: Json = {};
  let changed = false;
  for (const [event, groups] of Object.entries(settings.hooks as Json)) {
    if (!Array.isArray(groups)) {
      hooks[event] = groups;
      continue;
    }
    const kept = groups.filter((g) => !isJevHookGroup(g));
    if (kept.length !== groups.length) changed = true;
    if (kept.length > 0 || groups.length === 0) hooks[event] = kept;
  }
  return { settings: { ...settings, hooks }, changed };
}

/** Claude Code's settings with jev's entries in. */
export function mergeJevHooks(settings: Json, scriptPath: string, python: string | null): { settings: Json; changed: boolean } {
  return mergeHookEntries(settings, jevHookEntries(scriptPath, python));
}

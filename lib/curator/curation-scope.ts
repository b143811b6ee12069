import path from "node:path";
import { plainPathProblem } from "../fs/plain-path";
import { compareCodePoints } from "../hermes/python-json";
import { isManagedRecord, recordOf } from "../hermes/usage-record";
import type { CuratorHome } from "./curator-home";
import type { SkillFolder } from "./skill-tree";

/*
 * Which skills the curator's automatic passes may change: one rule, asked by the lifecycle, the consolidation
 * preview, its apply, the scheduled run and the page alike (issue 53). It is Hermes's own
 * `tools/skill_usage.py` `list_agent_created_skill_names()` (hermes-agent 0.18.2 and 0.19.0, identical there):
 * every local SKILL.md outside excluded and external folders (not inside a linked folder: its rglob does not enter
 * one), minus hub-installed and protected names; a bundled
 * skill exactly when `curator.prune_builtins` is on; any other skill only when its `.usage.json` record says
 * `created_by: agent` (or the older `agent_created: true`). A skill the user wrote by hand has no such record, and
 * Hermes's provenance module says those "must never be auto-curated".
 */

/** What an automatic pass does to a skill: moves it through its lifecycle, or merges it into another (or another into it). */
export type CuratorPass = "lifecycle" | "consolidation";

/** The managed set, as Hermes lists it (sorted by code point, each name once). */
export function managedSet(h: CuratorHome): string[] {
  const names = new Set<string>();
  for (const { name, linked } of h.local) {
    if (h.hub.names.has(name) || h.protectedNames.has(name)) continue;
    // Hermes lists with Path.rglob, which never enters a linked folder: a skill shared in by a link is not its curator's.
    if (linked) continue;
    if (h.bundled.has(name)) {
      if (h.config.pruneBuiltins) names.add(name);
    } else if (isManagedRecord(recordOf(h.usage, name))) names.add(name);
  }
  return [...names].sort(compareCodePoints);
}

export interface CurationScope {
  /** Hermes's list_agent_created_skill_names() for this home. */
  managed: ReadonlySet<string>;
  /** Why `pass` may not change `name` (in a phrase after the quoted name), or null when it may. */
  handsOff(name: string, pass: CuratorPass): string | null;
}

/** The rule for one loaded home (the managed set computed once, so asking per skill stays linear). */
export function curationScope(h: CuratorHome): CurationScope {
  const managed = new Set(managedSet(h));
  // The first folder of each name, in walk order (findLocalFolder's rule).
  const local = new Map<string, SkillFolder>();
  for (const s of h.local) if (!local.has(s.name)) local.set(s.name, s);
  /** A skill the walk reached through a link (a folder shared from elsewhere) or whose SKILL.md is one: merging would write through it. */
  const linked = (name: string) => {
    const s = local.get(name);
    return s !== undefined && (s.linked || plainPathProblem(h.skillsDir, path.join(s.folder, "SKILL.md"), "file") !== null);
  };
  return {
    managed,
    handsOff(name, pass) {
      if (h.protectedNames.has(name)) return `'${name}' is a protected built-in`;
      if (h.hub.names.has(name)) return `'${name}' is hub-installed`;
      if (!local.has(name)) {
        return h.externalNames.has(name) ? `'${name}' lives in skills.external_dirs, read-only to the curator` : `'${name}' is not in the skills folder`;
      }
      if (h.bundled.has(name)) {
        // Hermes's model may archive a stale built-in in prune mode; jev's pass only merges, and a built-in's text is upstream's.
        if (pass === "consolidation") return `'${name}' is bundled with Hermes`;
        if (!managed.has(name)) return `'${name}' is bundled with Hermes (curator.prune_builtins is off)`;
      } else if (!managed.has(name)) {
        return `'${name}' is not the curator's to change (no agent-created record: written by hand, or older than the marker)`;
      }
      if (recordOf(h.usage, name)?.pinned === true) return `'${name}' is pinned`;
      if (pass === "consolidation" && linked(name))
        return `'${name}' is a linked folder or file (shared from elsewhere): the curator never merges through a link`;
      return null;
    },
  };
}

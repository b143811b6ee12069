import { z } from "zod";

/**
 * Whose skill folder a skill lives in, as the Skills page groups them: a Hermes home (its `skills/` and
 * `skills.external_dirs`), Claude Code's (`~/.claude/skills`, a project's `.claude/skills`), Codex's
 * (`~/.codex/skills`, `~/.agents/skills`, a repository's `.agents/skills`), or any other folder jev was pointed at
 * (`./skills`, `--root`).
 */
export const SKILL_SOURCES = ["hermes", "claude-code", "codex", "folder"] as const;
export const SkillSource = z.enum(SKILL_SOURCES);
export type SkillSource = z.infer<typeof SkillSource>;

export const SKILL_SOURCE_LABELS: Record<SkillSource, string> = { hermes: "Hermes", "claude-code": "Claude Code", codex: "Codex", folder: "folder" };

/** Where a Hermes home keeps a skill: under `skills/`, in an `external_dirs` root, or in `skills/.archive`. */
export const SKILL_LOCATIONS = ["local", "external", "archived"] as const;
export type SkillLocation = (typeof SKILL_LOCATIONS)[number];

/** How the Skills page and `GET /api/skills?sort=` may order skills. */
export const SKILL_SORTS = ["name", "activity", "last_activity", "suggested", "last_suggested"] as const;
export type SkillSort = (typeof SKILL_SORTS)[number];

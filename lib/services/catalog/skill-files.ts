import fsp from "node:fs/promises";
import path from "node:path";
import type { Db } from "../../../db/handle-types";
import { JevError } from "../../base/errors";
import { realOrResolved } from "../../catalog/allowed-roots";
import { discover, readSkillCard } from "../../catalog/discover";
import { type Fence, isInside } from "../../catalog/fence";
import type { SkillCard } from "../../catalog/types";
import { linkedSkillFileAllowed } from "../../catalog/walk";
import { isWalkOverBudget } from "../../catalog/walk-budget";
import type { JevConfig } from "../../config";
import { MAX_SKILL_FILE_BYTES, readSkillFile } from "../../fs/skill-file";
import { redactSecrets } from "../../privacy/redact";
import type { ServiceCtx } from "../context";
import { catalogSource } from "./source";

/*
 * The skills an MCP client may browse and read: exactly the catalog a turn with no roots of its own ranks (the
 * default roots, Hermes's disabled skills out, the walk's limits), so a client never reads what jev would not offer.
 */

export const CATALOG_PAGE = 100;
export const MAX_CATALOG_PAGE = 500;

/** One skill of the catalog, as a listing shows it. */
export interface CatalogSkill {
  name: string;
  description: string;
  path: string;
}

export interface CatalogPage {
  skills: CatalogSkill[];
  /** Pass back as `cursor` for the next page; null on the last. */
  next_cursor: string | null;
  total: number;
}

export interface SkillText extends CatalogSkill {
  /** The whole SKILL.md (front matter included), credentials replaced by `[SECRET]`. */
  text: string;
  /** The file is longer than what was read (MAX_SKILL_FILE_BYTES). */
  truncated: boolean;
}

interface RankedCatalog {
  cards: readonly SkillCard[];
  /** The real paths the cards may lie under (the roots themselves and the allowed roots), and where a linked SKILL.md may lead. */
  fence: Fence;
}

/** The fence a read checks again: the catalog's roots and the walk's fence, a linked SKILL.md only into the skill roots. */
function readFence(source: { roots: readonly string[]; fence: Fence }): Fence {
  const roots = source.roots.map(realOrResolved);
  return { roots: [...roots, ...source.fence.roots], linkedFileRoots: [...roots, ...(source.fence.linkedFileRoots ?? [])] };
}

/** The default catalog, sorted by name; over the walk budget it says so instead of answering with part of it. */
async function rankedCatalog(config: JevConfig): Promise<RankedCatalog> {
  const source = catalogSource({}, config);
  try {
    const { skills } = await discover(source.roots, { disabled: source.disabled, fence: source.fence });
    const cards = [...skills].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { cards, fence: readFence(source) };
  } catch (err) {
    if (!isWalkOverBudget(err)) throw err;
    throw new JevError("busy", "the skill folders are over the walk's limits right now; try again shortly");
  }
}

const listed = (card: SkillCard): CatalogSkill => ({ name: card.name, description: card.description, path: card.path });

/** One page of the catalog, by name; the cursor is the last name of the page before. */
export async function catalogPage(ctx: Pick<ServiceCtx<Db | null>, "config">, input: { cursor?: string; limit?: number }): Promise<CatalogPage> {
  const { cards } = await rankedCatalog(ctx.config);
  const limit = input.limit ?? CATALOG_PAGE;
  const after = input.cursor === undefined ? null : decodeCatalogCursor(input.cursor);
  const start = after === null ? 0 : cards.findIndex((c) => c.name > after);
  const page = start < 0 ? [] : cards.slice(start, start + limit);
  const more = start >= 0 && start + limit < cards.length;
  return { skills: page.map(listed), next_cursor: more ? encodeCatalogCursor(page[page.length - 1].name) : null, total: cards.length };
}

const encodeCatalogCursor = (name: string) => Buffer.from(name, "utf8").toString("base64url");

function decodeCatalogCursor(raw: string): string {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(raw)) throw new JevError("bad_request", "cursor: not a cursor list_skills returned", "cursor");
  return Buffer.from(raw, "base64url").toString("utf8");
}

/** A skill of the catalog by name, with its SKILL.md's text; 404 for a name the catalog does not offer. */
export async function readCatalogSkill(ctx: Pick<ServiceCtx<Db | null>, "config">, input: { name: string }): Promise<SkillText> {
  const { cards, fence } = await rankedCatalog(ctx.config);
  const card = cards.find((c) => c.name === input.name);
  if (!card) throw new JevError("not_found", `no skill named '${input.name}' in the catalog jev ranks`, "name");
  const text = await readInside(card.path, fence);
  if (!text) throw new JevError("not_found", `skill '${input.name}' is no longer readable where the catalog found it`, "name");
  return { ...listed(card), ...text };
}

/** The text of a skill a reply names to load (from the default catalog), or null when it cannot be read now. */
export async function textToLoad(ctx: Pick<ServiceCtx<Db | null>, "config">, skill: { name: string; path: string }): Promise<SkillText | null> {
  const source = catalogSource({}, ctx.config);
  const text = await readInside(skill.path, readFence(source));
  return text && { name: skill.name, description: readSkillCard(skill.path)?.description ?? "", path: skill.path, ...text };
}

/**
 * The file's text, or null when it is gone, not a regular file, or really lies outside the fence. Checked at read
 * time: the walk saw the file inside the roots, but a link could have been put there since. A SKILL.md that is itself
 * a link is read only when it leads into the skill roots or its own folder (the walk's rule), never elsewhere in the home.
 */
async function readInside(file: string, fence: Fence): Promise<Pick<SkillText, "text" | "truncated"> | null> {
  const [entry, real, realFolder] = await Promise.all([
    fsp.lstat(file).catch(() => null),
    fsp.realpath(file).catch(() => null),
    fsp.realpath(path.dirname(file)).catch(() => null),
  ]);
  if (!entry || real === null || realFolder === null || !isInside(real, fence)) return null;
  if (entry.isSymbolicLink() && !linkedSkillFileAllowed(real, realFolder, { roots: fence.linkedFileRoots ?? [] })) return null;
  const read = await readSkillFile(real, MAX_SKILL_FILE_BYTES, { noFollow: true });
  if (!read || read.text === null) return null;
  return { text: redactSecrets(read.text), truncated: read.size > MAX_SKILL_FILE_BYTES };
}

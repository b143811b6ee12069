import type { SkillCard } from "../../catalog/types";
import { drain, drainAsync } from "../../steps";
import { type Judge, JudgeError, type RankedCatalog, type StageOneRequest, type StageOneResult, type StageTwoRequest, type StageTwoResult } from "../types";
import { LocalIndex, type TurnEvidence } from "./local-index";

/**
 * How a catalog the judge has no index for yet is answered:
 * - `wait`: build it in the turn (the CLI, tests: one process, one catalog);
 * - `background` (the server): a small catalog is still indexed in the turn; a
 *   big one is indexed a slice at a time, and until it is done turns are
 *   answered from the previous index when that knows most of the catalog (a
 *   skill added meanwhile scores 0, a changed one as it was), else fail open
 *   with `index_building`. No turn waits on a big build.
 */
export type IndexBuildMode = "wait" | "background";

/** A catalog this small is indexed in the turn even in the background mode (well under 50 ms). */
const IN_TURN_MAX_CHARS = 400_000;
/** The previous index answers while the next builds when it knows this share of the catalog. */
const STALE_INDEX_MIN_SHARE = 0.5;

/** An index and, when it was built for another snapshot, where each skill of this one sits in it. */
interface IndexView {
  index: LocalIndex;
  /** Position in `index` of each skill of the asking catalog (-1: not in it), or null when it is the catalog's own. */
  positions: Int32Array | null;
}

/**
 * The embedded judge: BM25F over name, description and body plus a character
 * n-gram cosine, no network and no model files. Indexes are built once per
 * catalog snapshot (keyed by the catalog's identity); the cards' terms are
 * cached per card, so a rebuild tokenizes only what changed.
 */
export class LocalJudge implements Judge {
  readonly kind = "local" as const;
  private readonly indexes = new WeakMap<readonly SkillCard[], LocalIndex>();
  private readonly building = new WeakMap<readonly SkillCard[], Promise<LocalIndex>>();
  /** The index built last, to answer from while the next one builds. */
  private newest: LocalIndex | null = null;

  constructor(private readonly mode: IndexBuildMode = "wait") {}

  /** Build the index of a catalog ahead of its first turn (at start-up); resolves when it is ready. */
  prepare(skills: readonly SkillCard[]): Promise<LocalIndex> {
    const ready = this.indexes.get(skills);
    if (ready) return Promise.resolve(ready);
    let pending = this.building.get(skills);
    if (!pending) {
      pending = drainAsync(LocalIndex.build(skills)).then((index) => this.keep(skills, index));
      this.building.set(skills, pending);
    }
    return pending;
  }

  private keep(skills: readonly SkillCard[], index: LocalIndex): LocalIndex {
    this.indexes.set(skills, index);
    this.building.delete(skills);
    this.newest = index;
    return index;
  }

  private view(catalog: RankedCatalog): IndexView {
    const ready = this.indexes.get(catalog.skills);
    if (ready) return { index: ready, positions: null };
    // The same cards in another array (prepared by another copy of the engine's modules): the same index.
    if (this.newest && sameCards(this.newest.skills, catalog.skills)) {
      this.indexes.set(catalog.skills, this.newest);
      return { index: this.newest, positions: null };
    }
    if (this.mode === "wait" || catalogChars(catalog.skills) <= IN_TURN_MAX_CHARS) {
      return { index: this.keep(catalog.skills, drain(LocalIndex.build(catalog.skills))), positions: null };
    }
    void this.prepare(catalog.skills).catch(() => {
      console.error("[jev] building the local index failed");
    });
    const positions = this.newest ? positionsIn(this.newest, catalog.skills) : null;
    if (this.newest && positions) return { index: this.newest, positions };
    throw new JudgeError("index_building");
  }

  async stageOne({ turn, catalog, batch }: StageOneRequest): Promise<StageOneResult> {
    const evidence = evidenceFor(this.view(catalog), turn);
    // Ordered by the blend, scaled so the best skill's score is its calibrated probability.
    return { scores: batch.map((i) => evidence.blend[i] * evidence.best) };
  }

  async stageTwo({ turn, catalog, finalists }: StageTwoRequest): Promise<StageTwoResult> {
    const view = this.view(catalog);
    const evidence = evidenceFor(view, turn);
    // Each finalist's own calibrated match, never above a better-ranked one's:
    // the blend is the better ranking (measured), the calibration says how sure.
    const matches: number[] = [];
    for (const i of finalists) matches.push(Math.min(view.index.match(evidence, i), matches.at(-1) ?? 1));
    return { needsSkill: evidence.needs, matches };
  }
}

function sameCards(a: readonly SkillCard[], b: readonly SkillCard[]): boolean {
  return a.length === b.length && a.every((card, i) => card === b[i]);
}

/** Characters of the catalog's text: what building its index costs, tokenizing aside. */
function catalogChars(skills: readonly SkillCard[]): number {
  let chars = 0;
  for (const s of skills) chars += s.name.length + s.description.length + (s.body?.length ?? 0);
  return chars;
}

/** Where each skill of `skills` sits in `index` (by path), or null when the index knows too little of them. */
function positionsIn(index: LocalIndex, skills: readonly SkillCard[]): Int32Array | null {
  const at = index.positionsByPath();
  const positions = new Int32Array(skills.length);
  let known = 0;
  skills.forEach((s, i) => {
    positions[i] = at.get(s.path) ?? -1;
    if (positions[i] >= 0) known++;
  });
  return known >= skills.length * STALE_INDEX_MIN_SHARE ? positions : null;
}

/** The turn's evidence, laid out in the asking catalog's order. */
function evidenceFor(view: IndexView, turn: string): TurnEvidence {
  const evidence = view.index.evidence(turn);
  const positions = view.positions;
  if (!positions) return evidence;
  const pick = (values: Float64Array) => Float64Array.from(positions, (p) => (p >= 0 ? values[p] : 0));
  return { ...evidence, bm25: pick(evidence.bm25), cosine: pick(evidence.cosine), blend: pick(evidence.blend) };
}

import path from "node:path";
import type { SkillCard } from "../catalog/types";
import { Bm25fIndex, fieldTermsOf } from "../judges/local/lexical/bm25f";
import { contentWords, stemWord } from "../text/analyze";
import { meaningPairs } from "./meaning-pairs";

/*
 * Skills that overlap, found with jev's own index: each skill's name, description and body are asked of the BM25F
 * index the local judge ranks with, as if they were a turn. Two skills overlap when each ranks the other among its
 * nearest and each explains a good share of the other (its score against the other's text, over the other's own score
 * against it). Given the sentence encoder's card vectors, skills that mean the same thing overlap too, shared words or
 * not (meaning-pairs.ts). Same-name copies in different roots are a cluster of their own. For the curator's
 * consolidation pass (issue 46) and for any agent's skills.
 */

/** Each skill's query is its most distinctive terms: past this many, a long body only adds noise and time. */
const QUERY_TERMS = 48;
/** How much of a skill's terms weigh in its query, by field (the name most, as in ranking). */
const QUERY_WEIGHT = { name: 2, description: 1.5, body: 0.5 } as const;
/** Nearest neighbours each skill keeps: an overlap must be mutual within these. */
const NEAREST = 4;
/** The least share of a skill's self-score another must reach, both ways, for the pair to overlap. */
export const MIN_OVERLAP = 0.35;
/** Clusters grow by the closest pairs first and stop at this size: a chain of near pairs is not one umbrella. */
export const MAX_CLUSTER = 8;
/** Terms shown as a cluster's evidence. */
const SHOWN_TERMS = 6;

export interface OverlapPair {
  a: string;
  b: string;
  /** How much each explains the other (0–1): the geometric mean of the two shares, or the cosine of their meanings. */
  overlap: number;
  /** What found it: shared words (the index), the same meaning (the encoder), or both. */
  via: OverlapEvidence;
}

export type OverlapEvidence = "words" | "meaning" | "both";

export interface OverlapCluster {
  kind: "overlap" | "copies";
  /** Its skills by name, with their SKILL.md paths, the most connected first. */
  skills: { name: string; path: string }[];
  /** The pairs that joined it, closest first (empty for copies). */
  pairs: OverlapPair[];
  /** The distinctive terms most of its skills share: the evidence a person reads. */
  sharedTerms: string[];
}

interface Query {
  terms: Map<string, number>;
}

/** A card's query: its terms weighted by field and by rarity in this catalog, the most distinctive QUERY_TERMS of them. */
function queryOf(card: SkillCard, df: ReadonlyMap<string, number>, n: number): Query {
  const f = fieldTermsOf(card);
  const weighted: [string, number][] = [];
  for (let k = 0; k < f.terms.length; k++) {
    const fieldWeight = f.name[k] * QUERY_WEIGHT.name + f.description[k] * QUERY_WEIGHT.description + Math.min(f.body[k], 3) * QUERY_WEIGHT.body;
    const idf = Math.log(1 + n / (df.get(f.terms[k]) ?? 1));
    weighted.push([f.terms[k], fieldWeight * idf]);
  }
  weighted.sort((x, y) => y[1] - x[1]);
  return { terms: new Map(weighted.slice(0, QUERY_TERMS).map(([t]) => [t, 1])) };
}

/** Union-find over slots, with each set's size. */
class Groups {
  private readonly parent: Int32Array;
  readonly size: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
    this.size = new Int32Array(n).fill(1);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]];
      i = this.parent[i];
    }
    return i;
  }
  join(a: number, b: number): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra === rb) return;
    const [big, small] = this.size[ra] >= this.size[rb] ? [ra, rb] : [rb, ra];
    this.parent[small] = big;
    this.size[big] += this.size[small];
  }
}

/** Each stem as its most frequent word in these cards' names and descriptions ("analysi" reads as "analysis"). */
function asWords(stems: readonly string[], cards: readonly SkillCard[]): string[] {
  const seen = new Map<string, Map<string, number>>();
  for (const card of cards)
    for (const word of contentWords(`${card.name} ${card.description}`)) {
      const forms = seen.get(stemWord(word)) ?? new Map<string, number>();
      forms.set(word, (forms.get(word) ?? 0) + 1);
      seen.set(stemWord(word), forms);
    }
  return stems.map((stem) => {
    const forms = [...(seen.get(stem) ?? [])].sort((x, y) => y[1] - x[1] || x[0].length - y[0].length);
    return forms[0]?.[0] ?? stem;
  });
}

/** The terms at least two of these cards share in their names and descriptions, rarest first. */
function sharedTerms(cards: readonly SkillCard[], df: ReadonlyMap<string, number>): string[] {
  const count = new Map<string, number>();
  for (const card of cards) {
    const f = fieldTermsOf(card);
    for (let k = 0; k < f.terms.length; k++) if (f.name[k] + f.description[k] > 0) count.set(f.terms[k], (count.get(f.terms[k]) ?? 0) + 1);
  }
  return [...count]
    .filter(([, c]) => c >= Math.max(2, Math.ceil(cards.length / 2)))
    .sort((x, y) => y[1] - x[1] || (df.get(x[0]) ?? 0) - (df.get(y[0]) ?? 0) || (x[0] < y[0] ? -1 : 1))
    .slice(0, SHOWN_TERMS)
    .map(([t]) => t);
}

/**
 * Overlapping skills in one catalog (names unique, as discovery gives them), closest clusters first. `meaning`: each
 * card's unit vector from the sentence encoder, aligned with `cards`, when there are vectors.
 */
export function overlapClusters(cards: readonly SkillCard[], meaning?: readonly Float32Array[] | null): OverlapCluster[] {
  const n = cards.length;
  if (n < 2) return [];
  const index = new Bm25fIndex();
  const df = new Map<string, number>();
  cards.forEach((card, slot) => {
    index.add(slot, card);
    for (const t of fieldTermsOf(card).terms) df.set(t, (df.get(t) ?? 0) + 1);
  });
  const stats = index.stats(
    Int32Array.from({ length: n }, (_, i) => i),
    n,
  );
  // share[i] holds, for i's nearest, how much of i's own score each reaches when i's text is the query.
  const nearest: Map<number, number>[] = [];
  const scores = new Float64Array(n);
  const routing = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    scores.fill(0);
    routing.fill(0);
    index.score(queryOf(cards[i], df, n).terms, stats, scores, routing);
    const self = scores[i];
    const best: [number, number][] = [];
    if (self > 0)
      for (let j = 0; j < n; j++) {
        if (j === i || scores[j] <= 0) continue;
        const share = scores[j] / self;
        if (share >= MIN_OVERLAP) best.push([j, share]);
      }
    best.sort((x, y) => y[1] - x[1]);
    nearest.push(new Map(best.slice(0, NEAREST)));
  }
  const byPair = new Map<string, { i: number; j: number; overlap: number; via: OverlapEvidence }>();
  for (let i = 0; i < n; i++)
    for (const [j, share] of nearest[i]) {
      const back = nearest[j].get(i);
      if (j > i && back !== undefined) byPair.set(`${i} ${j}`, { i, j, overlap: Math.sqrt(share * Math.min(1, back)), via: "words" });
    }
  for (const { i, j, cosine } of meaning && meaning.length === n ? meaningPairs(meaning) : []) {
    const known = byPair.get(`${i} ${j}`);
    byPair.set(`${i} ${j}`, known ? { ...known, overlap: Math.max(known.overlap, cosine), via: "both" } : { i, j, overlap: cosine, via: "meaning" });
  }
  const pairs = [...byPair.values()].sort((x, y) => y.overlap - x.overlap);
  const groups = new Groups(n);
  const joined: typeof pairs = [];
  for (const p of pairs) {
    const [ri, rj] = [groups.find(p.i), groups.find(p.j)];
    if (ri === rj) joined.push(p);
    else if (groups.size[ri] + groups.size[rj] <= MAX_CLUSTER) {
      groups.join(p.i, p.j);
      joined.push(p);
    }
  }
  const byRoot = new Map<number, { slots: Set<number>; pairs: typeof pairs }>();
  for (const p of joined) {
    const root = groups.find(p.i);
    let c = byRoot.get(root);
    if (!c) {
      c = { slots: new Set(), pairs: [] };
      byRoot.set(root, c);
    }
    c.slots.add(p.i).add(p.j);
    c.pairs.push(p);
  }
  const clusters = [...byRoot.values()].map((c) => {
    const degree = new Map<number, number>();
    for (const p of c.pairs) for (const s of [p.i, p.j]) degree.set(s, (degree.get(s) ?? 0) + 1);
    const slots = [...c.slots].sort((x, y) => (degree.get(y) ?? 0) - (degree.get(x) ?? 0) || (cards[x].name < cards[y].name ? -1 : 1));
    return {
      best: c.pairs[0].overlap,
      cluster: {
        kind: "overlap" as const,
        skills: slots.map((s) => ({ name: cards[s].name, path: cards[s].path })),
        pairs: c.pairs.map((p) => ({ a: cards[p.i].name, b: cards[p.j].name, overlap: Math.round(p.overlap * 1000) / 1000, via: p.via })),
        sharedTerms: asWords(
          sharedTerms(
            slots.map((s) => cards[s]),
            df,
          ),
          slots.map((s) => cards[s]),
        ),
      },
    };
  });
  return clusters.sort((x, y) => y.best - x.best).map((c) => c.cluster);
}

/** Same-name skills in different roots (discovery offers only the first): one cluster per name, in root order. */
export function copyClusters(byRoot: readonly (readonly SkillCard[])[]): OverlapCluster[] {
  const byName = new Map<string, { name: string; path: string }[]>();
  for (const cards of byRoot)
    for (const card of cards) {
      const seen = byName.get(card.name) ?? [];
      if (!seen.some((s) => path.resolve(s.path) === path.resolve(card.path))) seen.push({ name: card.name, path: card.path });
      byName.set(card.name, seen);
    }
  return [...byName.values()]
    .filter((skills) => skills.length > 1)
    .map((skills) => ({ kind: "copies" as const, skills, pairs: [], sharedTerms: [] }))
    .sort((x, y) => (x.skills[0].name < y.skills[0].name ? -1 : 1));
}

import { deu, eng, fra, ita, nld, por, spa } from "stopword";
import { stemWord } from "../../../text/analyze";
import { readableText, wordsOf } from "../../../text/words";
import { FIELD, type TermMatches } from "../lexical/bm25f";

/**
 * What the load decision reads of one finalist, beyond its rank: each a
 * number a reader can check by hand (decision-model.ts weighs them).
 * Shares are of the turn's readable term mass (IDF × the term's weight in the
 * turn), so a skill that explains one word of a long request shows it.
 */
export const MATCH_FEATURES = [
  /** ln(1 + BM25F): the absolute lexical evidence. */
  "lnBm25",
  /** Character n-gram cosine with the name and description. */
  "cosine",
  /** Its ranking score over the best one's (1 for the best). */
  "relative",
  /** Its ranking score minus the best other finalist's: positive only for a clear first, 0 in a tie. */
  "margin",
  /** ln(1 + BM25F) minus the best other finalist's: the margin in lexical evidence alone. */
  "bm25Margin",
  /** ln(1 + the skills whose ranking score is within 10% of the best): a crowd at the top is a guess. */
  "lnCrowd",
  /** Share of the turn's terms its name holds. */
  "nameShare",
  /** Share of its name's terms the turn holds: "pdf" for a skill named pdf names it whole, "music" for songwriting-and-ai-music a third. */
  "nameCovered",
  /** Share its description holds and its name does not. */
  "descriptionShare",
  /** Share only its body holds. */
  "bodyShare",
  /**
   * 1 when at most one of the turn's prose terms is in its name or
   * description: one shared word is not a fit, whatever its body adds (a
   * body lists languages, file types and examples that match any turn).
   */
  "singleTerm",
  /** Share of its matched mass found in its name and nowhere else: a name alone is thin evidence. */
  "nameOnly",
  /** Share of the turn's terms the catalog has at all. */
  "knownShare",
  /** ln(1 + the turn's readable terms): long turns match something by chance. */
  "lnTurnTerms",
  /** Share of the turn that is code. */
  "codeShare",
  /** ln(the catalog's size): more skills, more chance matches. */
  "lnCatalog",
  /** The sentence encoder's cosine of the turn with its card or body (0 when the lexical judge answers alone). */
  "dense",
  /** Its dense cosine minus the best other finalist's. */
  "denseMargin",
  /** Its dense cosine in standard deviations above the catalog's mean for this turn: how much it stands out. */
  "denseZ",
  /** Its dense cosine squared: a close meaning counts more than its cosine says (the cosines of related texts bunch low). */
  "denseSquared",
] as const;
export type MatchFeature = (typeof MATCH_FEATURES)[number];

/** The turn-level features of "does this turn need a skill at all". */
export const NEEDS_FEATURES = [
  "lnBestBm25",
  "bestCosine",
  "bestCoverage",
  "bestBodyShare",
  "bestNameCovered",
  "bestSingleTerm",
  "knownShare",
  "codeShare",
  /** The best dense cosine of the catalog (0 when the lexical judge answers alone). */
  "bestDense",
  /** The best skill's dense cosine in standard deviations above the catalog's mean. */
  "bestDenseZ",
  /** The best dense cosine squared. */
  "bestDenseSquared",
] as const;
export type NeedsFeature = (typeof NEEDS_FEATURES)[number];

/**
 * Function words of the languages agents are most often asked in besides English (German, French, Spanish,
 * Portuguese, Italian, Dutch), as the judge's terms: when the catalog does not have them, they are grammar the local
 * judge cannot read, not unexplained content, so they do not count against a skill. English ones are dropped before
 * this (analyze.ts).
 */
const FOREIGN_FUNCTION_TERMS: ReadonlySet<string> = (() => {
  const english = new Set(eng);
  const out = new Set<string>();
  for (const word of [...deu, ...fra, ...spa, ...por, ...ita, ...nld]) {
    for (const w of wordsOf(readableText(word))) if (!english.has(w)) out.add(stemWord(w));
  }
  return out;
})();

/** Latin letters and digits only: a term the local judge reads as a word (CJK runs and other scripts it cannot split). */
const LATIN_TERM = /^[a-z0-9]+$/;

/** What every finalist of one turn shares: the turn's terms as the catalog sees them. */
export interface TurnTerms {
  matches: TermMatches;
  /** Each term's weight in the turn (turn-reading.ts), in `matches.terms` order. */
  weights: Float64Array;
  /** Whether the term counts in the shares: the catalog has it, or it is a Latin word that is not another language's grammar. */
  readable: Uint8Array;
  readableMass: number;
  readableTerms: number;
  knownShare: number;
}

export function turnTerms(matches: TermMatches, query: ReadonlyMap<string, number>): TurnTerms {
  const n = matches.terms.length;
  const weights = Float64Array.from(matches.terms, (t) => query.get(t) ?? 0);
  const readable = new Uint8Array(n);
  let readableMass = 0;
  let knownMass = 0;
  let readableTerms = 0;
  for (let j = 0; j < n; j++) {
    const t = matches.terms[j];
    if (!matches.known[j] && (!LATIN_TERM.test(t) || FOREIGN_FUNCTION_TERMS.has(t))) continue;
    readable[j] = 1;
    readableTerms++;
    const mass = matches.idf[j] * weights[j];
    readableMass += mass;
    if (matches.known[j]) knownMass += mass;
  }
  return {
    matches,
    weights,
    readable,
    readableMass,
    readableTerms,
    knownShare: readableMass > 0 ? knownMass / readableMass : 0,
  };
}

/** The scores behind one finalist (in the index's order). */
export interface FinalistScores {
  bm25: number;
  cosine: number;
  blend: number;
  /** The best ranking score of the turn, and the best of the others. */
  bestBlend: number;
  bestOtherBlend: number;
  /** The best other finalist's BM25F. */
  bestOtherBm25: number;
  /** Skills within 10% of the best ranking score. */
  crowd: number;
  /** Its dense cosine and the best other finalist's (0 when the lexical judge answers alone). */
  dense: number;
  bestOtherDense: number;
  /** Its dense cosine in the catalog's standard deviations above the mean (0 without dense). */
  denseZ: number;
}

/** One finalist's features; `k` is its place among the slots `turn.matches` was asked for. */
export function matchFeatures(turn: TurnTerms, k: number, scores: FinalistScores, codeShare: number, catalogSize: number): Record<MatchFeature, number> {
  const { matches, weights, readable, readableMass } = turn;
  const fields = matches.fields[k];
  let name = 0;
  let description = 0;
  let body = 0;
  let nameOnly = 0;
  let matched = 0;
  let proseTermsMatched = 0;
  let nameTerms = 0;
  for (let j = 0; j < fields.length; j++) {
    const f = fields[j];
    if (!f || !readable[j]) continue;
    const mass = matches.idf[j] * weights[j];
    matched += mass;
    if (weights[j] >= 1 && f & (FIELD.name | FIELD.description)) proseTermsMatched++;
    if (f & FIELD.name) {
      name += mass;
      nameTerms++;
    } else if (f & FIELD.description) description += mass;
    else body += mass;
    if (f === FIELD.name) nameOnly += mass;
  }
  const share = (mass: number) => (readableMass > 0 ? mass / readableMass : 0);
  return {
    lnBm25: Math.log1p(scores.bm25),
    cosine: scores.cosine,
    relative: scores.bestBlend > 0 ? scores.blend / scores.bestBlend : 0,
    margin: scores.blend - scores.bestOtherBlend,
    bm25Margin: Math.log1p(scores.bm25) - Math.log1p(scores.bestOtherBm25),
    lnCrowd: Math.log1p(scores.crowd),
    nameShare: share(name),
    nameCovered: Math.min(1, nameTerms / Math.max(1, matches.nameLengths[k])),
    descriptionShare: share(description),
    bodyShare: share(body),
    singleTerm: proseTermsMatched <= 1 ? 1 : 0,
    nameOnly: matched > 0 ? nameOnly / matched : 0,
    knownShare: turn.knownShare,
    lnTurnTerms: Math.log1p(turn.readableTerms),
    codeShare,
    lnCatalog: Math.log(Math.max(1, catalogSize)),
    dense: scores.dense,
    denseMargin: scores.dense - scores.bestOtherDense,
    denseZ: scores.denseZ,
    denseSquared: Math.max(0, scores.dense) ** 2,
  };
}

/** The turn-level features, from the best-ranked skill's. */
export function needsFeatures(
  best: Record<MatchFeature, number> | null,
  bestBm25: number,
  bestCosine: number,
  bestDense = 0,
  bestDenseZ = 0,
): Record<NeedsFeature, number> {
  return {
    lnBestBm25: Math.log1p(bestBm25),
    bestCosine,
    bestCoverage: best ? best.nameShare + best.descriptionShare : 0,
    bestBodyShare: best ? best.bodyShare : 0,
    bestNameCovered: best ? best.nameCovered : 0,
    bestSingleTerm: best ? best.singleTerm : 1,
    knownShare: best?.knownShare ?? 0,
    codeShare: best?.codeShare ?? 0,
    bestDense,
    bestDenseZ,
    bestDenseSquared: Math.max(0, bestDense) ** 2,
  };
}

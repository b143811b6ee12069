import type { OfferLines } from "../../vocab/limits";

/**
 * Every tuning constant of the local judge, in one place: where each was measured is said beside it.
 * The fitted logistic weights are not here: `bench/calibrate.ts` prints them into decision/decision-model.ts.
 */
export const LOCAL_JUDGE = {
  /**
   * The shortlist's lines (OfferLines) for each of the local judge's calibrations, chosen by bench/offer-line.ts on
   * the development sets' fit side (`--dense` for the hybrid): the lexical judge answers alone while vectors build.
   */
  offer: {
    // Fit-side mean list recall at the floor: lexical .588, hybrid .749 with jev's trained encoder (noise within 15% in every group).
    lexical: { needs: 0.7, match: 0.3 },
    hybrid: { needs: 0.6, match: 0.3 },
  } satisfies Record<"lexical" | "hybrid", OfferLines>,
  /** BM25F: name and description measured on MetaTool (`jev eval` on fixtures/metatool), the body on the body development set. */
  bm25f: {
    k1: 2,
    nameWeight: 2,
    descriptionWeight: 1,
    nameB: 0.5,
    descriptionB: 0.75,
    bodyWeight: 0.25,
    bodyB: 1,
  },
  /**
   * IDF is computed as if the catalog held at least this many skills (the rest not containing the term). BM25's IDF
   * shrinks with catalog size, so without a floor the same evidence scores lower in a 10-skill catalog than in an
   * 800-skill one, and the calibrated `match` (fitted on ~200–900 skills) would say "don't load" far too often for
   * small catalogs. Larger catalogs are unchanged.
   */
  idfReferenceSize: 200,
  ngrams: {
    minN: 3,
    maxN: 5,
    /**
     * An n-gram in more than this share of the skills (" th", "ing", "the ") says next to nothing about which skill
     * a turn wants: it counts for nothing, in the turn's vector and in each skill's. With the IDF reference size as
     * the base, a catalog under a few dozen skills loses none (the measurement: lib/README.md).
     */
    maxDfShare: 0.2,
  },
  reading: {
    /**
     * How much a term seen only in code counts against one of the prose: a pasted trace names the error and the
     * functions (worth reading), but its dozens of identifiers must not outvote the sentence that says what to do.
     */
    codeTermWeight: 0.3,
    /** A turn with fewer prose words than this lets the code's words into the n-gram cosine too. */
    minProseWords: 2,
  },
  encoder: {
    /**
     * The sentence encoder's worker threads at most (one ONNX session of one thread each, about 45 MB): a turn's
     * vector takes about 5 ms of a core, so one worker caps a server near 200 turns a second. On 2 cores (bench/http.ts,
     * each against the health route in the same run), two workers measured 0.27 of its throughput, one 0.21, and one
     * worker of two threads 0.17.
     */
    maxWorkers: 2,
  },
  ranking: {
    /** Weight of the char-n-gram cosine in the lexical ranking blend (notes: .25). Ranking only; the decision reads both signals apart. */
    cosineBlend: 0.25,
    /**
     * Share of the lexical part of the ranking blend that is BM25 over the name and description alone (the rest is
     * BM25F with the body), so a skill with no body, or a short one, competes on the fields every skill has.
     */
    // A body's common words ("create", "result", "merge") match most requests: BM25F alone ranked
    // finishing-a-development-branch above pptx for "create a powerpoint presentation". On the body development set's
    // held-out part .25 cost under a point of top-1 and hit@3, .5 cost six (bench/ranking-fields.ts prints them).
    routingBlend: 0.25,
    /**
     * Weight of the sentence encoder's cosine in the ranking score when it answers (the rest is the lexical blend
     * above). Ranking alone prefers more (bench/dense-blend.ts, skill ranked first, fit-side mean of six groups: .4
     * .662, .7 .691, .8 .692), but with the load decision refitted on .7 the end to end did not move (check side
     * within half a point per group; right loaded −2.3 points on the bodies; plain requests loaded .438 → .433).
     */
    denseBlend: 0.4,
    /** Skills whose match is decided with the turn's evidence: the five stage two reads (LIMITS.finalists), best-ranked first. */
    decided: 5,
    /** A skill whose ranking score is within this share of the best is in the crowd at the top. */
    crowdShare: 0.9,
  },
  index: {
    /** Text this short is tokenized in the turn even in the background mode (well under 50 ms). */
    inTurnMaxChars: 400_000,
    /** The previous index answers while the next builds when it knows this share of the catalog. */
    staleIndexMinShare: 0.5,
    /**
     * How long a turn whose catalog has no usable index waits for its build (a fresh Hermes home seeds its bundled
     * skills just before the first turn), under the agents' own 1.5 s (build times: lib/README.md).
     */
    buildWaitMs: 1_000,
    /** Catalogs with little in common (other roots) get corpora of their own, this many at most (~22 MB each for 960 skills with bodies). */
    maxCorpora: 2,
    /** Cards put in a fresh corpus between two pauses. */
    fillSlice: 32,
    /** Text tokenized between two pauses of a background build (a slice of about ten milliseconds; lib/README.md). */
    sliceChars: 64_000,
    /**
     * Turns whose evidence an index keeps: as many as a server's turns in flight at once (16 clients), which may ask
     * batch by batch in turn. Measured with 16 clients, a list of 1 already scored each turn once (its batches and its
     * stage two ask with no I/O between), and a longer list cost little once the scores by slot stopped being allocated
     * per turn (see `LocalIndex.scratch`).
     */
    recentTurns: 16,
    /** Below this much text a tokenizer worker's round trip costs more than it saves. */
    minParallelChars: 200_000,
    /**
     * The worker's share of a cold build's cards: this thread fills the corpus with its own share meanwhile; shares
     * from 0.45 to 0.6 measured the same within this machine's noise (960 skills).
     */
    workerShare: 0.5,
  },
};

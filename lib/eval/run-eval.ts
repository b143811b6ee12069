import { performance } from "node:perf_hooks";
import type { SkillCard } from "../catalog/types";
import { verifyCatalogEntry } from "../catalog/verifier";
import { type PickDeps, pickSkill } from "../engine/pick-skill";
import { hintText } from "../hints/hint-text";
import { hintTokens } from "../hints/hint-tokens";
import type { Judge } from "../judges/types";
import { DEFAULT_META_SKILLS, THRESHOLDS } from "../vocab/limits";
import type { EvalCase } from "./formats";
import { auroc, mean, percentile, recallAt, reciprocalRank, round } from "./metrics";
import { type ReliabilityRow, reliabilityTable } from "./reliability";

export interface EvalReport {
  cases: number;
  positives: number;
  negatives: number;
  /** First returned skill is expected (cases with a non-empty `expected`). */
  top1: number;
  /** First skill with match ≥ 0.5 — the one the agent would load — is expected. */
  top1_loaded: number;
  /** Best-ranked skill is expected, whatever its match (ranking quality alone). */
  top1_ranked: number;
  recall_at_3: number;
  /** Share of cases with a non-empty `expected` where an expected skill is among the first three returned. */
  hit_at_3: number;
  /** Share of cases with a non-empty `expected` where an expected skill is among the three best-ranked, whatever their match (ranking alone). */
  hit_at_3_ranked: number;
  mrr_at_10: number;
  /** Of turns where the agent would load nothing, the share that needed nothing. */
  none_precision: number | null;
  /** Of turns that needed nothing, the share where the agent would load nothing. */
  none_recall: number | null;
  auroc_needs_skill: number | null;
  /** End to end, what the agent does: the right skill loaded, or nothing loaded when nothing was needed (every case). */
  end_to_end: number;
  /** Of turns that needed nothing, the share where the agent would load a skill (1 − none_recall). */
  false_load_rate: number | null;
  /** Of turns that needed a skill, the share where the agent would load a wrong one (not nothing: a wrong one). */
  wrong_load_rate: number | null;
  /** Of turns that needed a skill, the share whose reply lists an expected one (loaded or shortlisted: what the agent's model is offered). */
  list_recall: number;
  /** Of turns that needed nothing, the share whose reply lists any skill (a load or a shortlist the model reads for nothing). */
  hint_noise: number | null;
  /** Tokens of the hint the agent's model reads (Claude Code's wording, o200k_base), per turn over every turn (0 for no hint). */
  hint_tokens_per_turn: number;
  /** The same over the turns that got a hint. */
  hint_tokens_per_hint: number | null;
  /** Calibration: loaded suggestions by match bucket, and the share that were right. */
  reliability: ReliabilityRow[];
  /** Warm turns only: the index is built before the first case and reported as `index_ms`. */
  p50_ms: number;
  p99_ms: number;
  /** The first turn on this catalog, which builds the judge's index. */
  index_ms: number;
  requests_per_turn: number;
  by_source?: Record<string, SourceReport>;
}

/** One source's share of the figures (cases carry a `source`). */
export interface SourceReport {
  cases: number;
  top1: number | null;
  none_recall: number | null;
  end_to_end: number;
  top1_loaded: number | null;
  false_load_rate: number | null;
  list_recall: number | null;
  hint_noise: number | null;
  reliability: ReliabilityRow[];
}

export interface EvalOptions {
  judge: Judge;
  metaSkills?: readonly string[];
  onProgress?: (done: number, total: number) => void;
  /** Called with each case's result, in case order (`--cases-out`). */
  onCase?: (result: CaseResult) => void;
  /** How a capped judge's skills are chosen per turn (the engine's `relevance`). */
  relevance?: PickDeps["relevance"];
}

/** One case's result (`jev eval --cases-out`): no turn text, the case's line identifies it. */
export interface CaseResult {
  line: number | null;
  expected: string[];
  /** 1-based rank of the first expected skill in the final ranking (top 10), or null. */
  gold_rank: number | null;
  top3: { name: string; path: string; match: number }[];
  /** The skill the agent would load (first with match ≥ 0.5), or null. */
  loaded: string | null;
  needs_skill: number;
}

interface Outcome {
  expected: Set<string>;
  source?: string;
  returned: string[];
  loaded: string | null;
  /** The loaded skill's match, when one is loaded. */
  loadedMatch: number | null;
  ranking: string[];
  needsSkill: number;
  /** Tokens of the hint this reply makes (0: none). */
  hintTokens: number;
}

/** Rank `catalog` for every case exactly as served (same engine, same judge) and score the answers. */
export async function runEval(catalog: readonly SkillCard[], cases: readonly EvalCase[], options: EvalOptions): Promise<EvalReport> {
  const outcomes: Outcome[] = [];
  const latencies: number[] = [];
  let requests = 0;
  const deps = {
    catalog,
    judge: options.judge,
    verify: verifyCatalogEntry,
    metaSkills: options.metaSkills ?? DEFAULT_META_SKILLS,
    now: () => performance.now(),
    relevance: options.relevance,
  };
  const descriptionOf = new Map(catalog.map((s) => [s.path, s.description]));
  const indexStart = performance.now();
  await pickSkill({ turn: "index warm-up" }, deps); // builds the judge's index for this catalog
  const indexMs = performance.now() - indexStart;
  for (const [i, c] of cases.entries()) {
    const t0 = performance.now();
    const { reply, ranking, record } = await pickSkill({ turn: c.turn }, deps);
    latencies.push(performance.now() - t0);
    requests += record.requests;
    const skills = reply.skills;
    const outcome: Outcome = {
      expected: new Set(c.expected),
      source: c.source,
      returned: skills.map((s) => s.path),
      loaded: skills.find((s) => s.match >= THRESHOLDS.load)?.path ?? null,
      loadedMatch: skills.find((s) => s.match >= THRESHOLDS.load)?.match ?? null,
      ranking,
      needsSkill: reply.status === "ok" ? reply.needs_skill : 0,
      hintTokens: hintTokens(
        hintText(
          c.turn,
          skills.map((s) => ({ ...s, description: descriptionOf.get(s.path) ?? "" })),
        ),
      ),
    };
    outcomes.push(outcome);
    if (options.onCase) {
      const rank = ranking.findIndex((p) => outcome.expected.has(p));
      options.onCase({
        line: c.line ?? null,
        expected: c.expected,
        gold_rank: rank < 0 ? null : rank + 1,
        top3: skills.slice(0, 3).map((s) => ({ name: s.name, path: s.path, match: round(s.match, 3)! })),
        loaded: outcome.loaded,
        needs_skill: round(outcome.needsSkill, 3)!,
      });
    }
    if (options.onProgress && (i + 1) % 250 === 0) options.onProgress(i + 1, cases.length);
  }
  const report = summarize(outcomes);
  return {
    ...report,
    p50_ms: round(percentile(latencies, 50), 3)!,
    p99_ms: round(percentile(latencies, 99), 3)!,
    index_ms: round(indexMs, 1)!,
    requests_per_turn: round(cases.length ? requests / cases.length : 0, 3)!,
    by_source: bySource(outcomes),
  };
}

const isRight = (o: Outcome) => (o.expected.size === 0 ? o.loaded === null : o.loaded !== null && o.expected.has(o.loaded));

function summarize(outcomes: Outcome[]): Omit<EvalReport, "p50_ms" | "p99_ms" | "index_ms" | "requests_per_turn" | "by_source"> {
  const pos = outcomes.filter((o) => o.expected.size > 0);
  const neg = outcomes.filter((o) => o.expected.size === 0);
  const predictedNone = outcomes.filter((o) => o.loaded === null);
  const loads = outcomes.filter((o) => o.loaded !== null && o.loadedMatch !== null);
  const hinted = outcomes.filter((o) => o.hintTokens > 0);
  return {
    cases: outcomes.length,
    positives: pos.length,
    negatives: neg.length,
    top1: round(mean(pos.map((o) => (o.returned.length > 0 && o.expected.has(o.returned[0]) ? 1 : 0))))!,
    top1_loaded: round(mean(pos.map((o) => (o.loaded !== null && o.expected.has(o.loaded) ? 1 : 0))))!,
    top1_ranked: round(mean(pos.map((o) => (o.ranking.length > 0 && o.expected.has(o.ranking[0]) ? 1 : 0))))!,
    recall_at_3: round(mean(pos.map((o) => recallAt(o.returned, o.expected, 3))))!,
    hit_at_3: round(mean(pos.map((o) => (o.returned.slice(0, 3).some((p) => o.expected.has(p)) ? 1 : 0))))!,
    hit_at_3_ranked: round(mean(pos.map((o) => (o.ranking.slice(0, 3).some((p) => o.expected.has(p)) ? 1 : 0))))!,
    mrr_at_10: round(mean(pos.map((o) => reciprocalRank(o.ranking, o.expected, 10))))!,
    none_precision: predictedNone.length ? round(predictedNone.filter((o) => o.expected.size === 0).length / predictedNone.length) : null,
    none_recall: neg.length ? round(neg.filter((o) => o.loaded === null).length / neg.length) : null,
    auroc_needs_skill: round(
      auroc(
        pos.map((o) => o.needsSkill),
        neg.map((o) => o.needsSkill),
      ),
    ),
    end_to_end: round(mean(outcomes.map((o) => (isRight(o) ? 1 : 0))))!,
    false_load_rate: neg.length ? round(neg.filter((o) => o.loaded !== null).length / neg.length) : null,
    wrong_load_rate: pos.length ? round(pos.filter((o) => o.loaded !== null && !o.expected.has(o.loaded)).length / pos.length) : null,
    list_recall: round(mean(pos.map((o) => (o.returned.some((p) => o.expected.has(p)) ? 1 : 0))))!,
    hint_noise: neg.length ? round(neg.filter((o) => o.returned.length > 0).length / neg.length) : null,
    hint_tokens_per_turn: round(mean(outcomes.map((o) => o.hintTokens)), 1)!,
    hint_tokens_per_hint: hinted.length ? round(mean(hinted.map((o) => o.hintTokens)), 1) : null,
    reliability: reliabilityTable(loads.map((o) => ({ match: o.loadedMatch!, right: isRight(o) }))),
  };
}

function bySource(outcomes: Outcome[]): EvalReport["by_source"] {
  const groups = new Map<string, Outcome[]>();
  for (const o of outcomes) if (o.source) groups.set(o.source, [...(groups.get(o.source) ?? []), o]);
  if (groups.size === 0) return undefined;
  // Object.fromEntries defines own keys: a source named `__proto__` is a key like any other.
  return Object.fromEntries(
    [...groups].map(([source, list]) => {
      const s = summarize(list);
      const report: SourceReport = {
        cases: s.cases,
        top1: s.positives ? s.top1 : null,
        none_recall: s.none_recall,
        end_to_end: s.end_to_end,
        top1_loaded: s.positives ? s.top1_loaded : null,
        false_load_rate: s.false_load_rate,
        list_recall: s.positives ? s.list_recall : null,
        hint_noise: s.hint_noise,
        reliability: s.reliability,
      };
      return [source, report];
    }),
  );
}

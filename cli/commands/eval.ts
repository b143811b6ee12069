import fs from "node:fs";
import { JevError } from "../../lib/base/errors";
import { rootPolicy } from "../../lib/catalog/allowed-roots";
import { discover } from "../../lib/catalog/discover";
import { isWalkOverBudget } from "../../lib/catalog/walk-budget";
import { type JevConfig, loadConfig } from "../../lib/config";
import { prepareCatalog } from "../../lib/engine/prepare-catalog";
import { readCasesFile, readCatalogFile, resolveExpected } from "../../lib/eval/formats";
import { runEval } from "../../lib/eval/run-eval";
import { getJudge, judgeFor, localRelevance, setDenseSide } from "../../lib/judges/create-judge";
import type { LocalJudge } from "../../lib/judges/local/local-judge";
import { setUpDenseSide, stopSentenceEncoder } from "../../lib/services/catalog";
import { cliCtxWithoutDbIfNeeded } from "../context";
import { parseFlags, UsageError } from "../usage";

async function discoverForEval(roots: string[], config: JevConfig) {
  try {
    return (await discover(roots, { fence: rootPolicy(config).fence })).skills;
  } catch (err) {
    if (isWalkOverBudget(err)) throw new JevError("bad_request", `${err.message}; pass a smaller --root`);
    throw err;
  }
}

/** `jev eval`: selection-quality metrics of the configured judge, in process, on a catalog file or a skills folder. */
export async function evalCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, {
    catalog: { type: "string" },
    root: { type: "string", multiple: true },
    cases: { type: "string" },
    "cases-out": { type: "string" },
    progress: { type: "boolean" },
    judge: { type: "string" },
  });
  if (flags.judge !== undefined && flags.judge !== "lexical" && flags.judge !== "local")
    throw new UsageError("--judge must be lexical (the local judge without its sentence encoder) or local (with it)");
  if (!flags.cases || (!flags.catalog && !flags.root)) throw new UsageError("eval needs --cases CASES.jsonl and --catalog CATALOG.jsonl or --root DIR");
  if (flags.catalog && flags.root) throw new UsageError("eval takes --catalog or --root, not both");
  const loaded = loadConfig();
  // `--judge` asks for the local judge whatever JEV_JUDGE says: lexical alone, or with the encoder.
  const config: JevConfig = flags.judge ? { ...loaded, judge: { kind: "local" }, encoder: flags.judge === "local" ? "on" : "off" } : loaded;
  if ("problem" in config.judge) throw new JevError("bad_request", config.judge.problem);
  const catalog = flags.catalog ? readCatalogFile(flags.catalog) : await discoverForEval(flags.root!, config);
  if (catalog.length === 0) throw new JevError("bad_request", `no skills found in ${flags.root!.join(", ")}`);
  const cases = resolveExpected(readCasesFile(flags.cases), catalog, flags.cases);
  let casesOut: number | undefined;
  if (flags["cases-out"]) {
    try {
      casesOut = fs.openSync(flags["cases-out"], "w");
    } catch {
      throw new JevError("bad_request", `cannot write ${flags["cases-out"]}`);
    }
  }
  try {
    await prepareVectors(config, catalog, flags.progress === true);
    const report = await runEval(catalog, cases, {
      judge: judgeFor(config.judge),
      relevance: localRelevance,
      metaSkills: config.metaSkills,
      onProgress: flags.progress ? (done, total) => console.error(`jev eval: ${done}/${total} cases`) : undefined,
      onCase: casesOut === undefined ? undefined : (result) => fs.writeSync(casesOut!, `${JSON.stringify(result)}\n`),
    });
    out(JSON.stringify(report));
  } finally {
    if (casesOut !== undefined) fs.closeSync(casesOut);
    await stopSentenceEncoder();
  }
  return 0;
}

/**
 * The local judge's skill vectors, all built before the first case (kept in the database when it opens, so a second
 * run reads them), so every case is answered by the same judge. With the encoder off, the lexical judge alone.
 */
async function prepareVectors(config: JevConfig, catalog: Parameters<typeof prepareCatalog>[0], progress: boolean): Promise<void> {
  if ("problem" in config.judge || config.judge.kind !== "local") return;
  if (config.encoder === "off") {
    setDenseSide(null);
    return;
  }
  setUpDenseSide(config, cliCtxWithoutDbIfNeeded(config).db, "one-shot");
  const dense = (getJudge("local") as LocalJudge).dense;
  if (!dense) return;
  await dense.prepare(prepareCatalog(catalog, config.metaSkills), (p) => {
    if (progress && p.total > 0) console.error(`jev eval: skill vectors ${p.done}/${p.total}`);
  });
  if (dense.state === "off") throw new JevError("internal", "the sentence encoder could not load (try --judge lexical)");
}

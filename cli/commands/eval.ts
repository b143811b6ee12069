import { readCasesFile, readCatalogFile } from "../../lib/eval/formats";
import { runEval } from "../../lib/eval/run-eval";
import { JevError } from "../../lib/errors";
import { getJudge, judgeFromEnv } from "../../lib/judges/create-judge";
import { metaSkillsFromEnv } from "../../lib/services/catalog-source";
import { parseFlags, UsageError } from "../usage";

/** `jev eval`: selection-quality metrics of the configured judge, in process. */
export async function evalCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, {
    catalog: { type: "string" },
    cases: { type: "string" },
    progress: { type: "boolean" },
  });
  if (!flags.catalog || !flags.cases) throw new UsageError("eval needs --catalog CATALOG.jsonl and --cases CASES.jsonl");
  const judge = judgeFromEnv();
  if ("problem" in judge) throw new JevError("bad_request", judge.problem);
  const catalog = readCatalogFile(flags.catalog);
  const cases = readCasesFile(flags.cases);
  const report = await runEval(catalog, cases, {
    judge: getJudge(judge.kind),
    metaSkills: metaSkillsFromEnv(process.env),
    onProgress: flags.progress ? (done, total) => console.error(`jev eval: ${done}/${total} cases`) : undefined,
  });
  out(JSON.stringify(report));
  return 0;
}

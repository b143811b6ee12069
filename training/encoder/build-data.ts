/**
 * Writes the trained encoder's data (training/encoder/out/pairs.jsonl) and its manifest (out/manifest.json): each row a
 * request, the text of the skill that serves it (as jev's encoder reads a skill: lib/judges/local/dense/skill-texts.ts),
 * and hard negatives, the skills jev's lexical judge ranks closest that are wrong. Only skills that
 * lib/testing/encoder-groups.ts lets the encoder see are used; a row naming any other fails the build.
 *
 * With `--catalog=FILE --requests=FILE` (a team's own skills, as JSON Lines `{name, description, path, body?}`, and its
 * requests `{turn, skill: path}`), those are trained on too, but for a fifth of the skills (by a hash of the path):
 * their requests are written to out/own-held-apart.jsonl as `jev eval` cases, to measure the result on.
 *
 *   node bin/run-ts.mjs training/encoder/build-data.ts [--catalog=FILE --requests=FILE]
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { SkillCard } from "../../lib/catalog/types";
import { verifyCatalogEntry } from "../../lib/catalog/verifier";
import { pickSkill } from "../../lib/engine/pick-skill";
import { hashBucket, whenToUseLines } from "../../lib/eval/body-dev-set";
import { readCatalogFile, readCatalogLines } from "../../lib/eval/formats";
import { cardText } from "../../lib/judges/local/dense/skill-texts";
import { LocalJudge } from "../../lib/judges/local/local-judge";
import { type EncoderGroup, encoderGroups, mayTrainOn } from "../../lib/testing/encoder-groups";
import { FIXTURES } from "../../lib/testing/fixtures";

const HERE = path.dirname(new URL(import.meta.url).pathname);
const OUT = path.join(HERE, "out");
/** Mined lines per skill at most, so a long body does not outweigh its neighbours. */
const MINED_PER_SKILL = 8;
/**
 * MetaTool queries per tool at most (the file holds 40, in a fixed hashed order): MetaTool's generated style made up
 * three quarters of a first run's pairs, and moved its own figures least.
 */
const METATOOL_PER_TOOL = 20;
/** Hard negatives per request: the wrong skills the lexical judge ranks highest. */
const HARD_NEGATIVES = 3;

interface Request {
  turn: string;
  skill: string;
  source: string;
}

interface Pair {
  query: string;
  positive: string;
  negatives: string[];
  skill: string;
  source: string;
}

const publicGroup = encoderGroups();
/** A team's own skills (`--catalog`): a fifth held apart by a hash of the path, the rest trained on. */
const ownPaths = new Set<string>();
const OWN_HELD_APART_BELOW = 20;
const group = (p: string): EncoderGroup => (ownPaths.has(p) ? (hashBucket(p) < OWN_HELD_APART_BELOW ? "held-apart-skill" : "train") : publicGroup(p));

/** The team's own skills and requests, if given; the held-apart fifth's requests become `jev eval` cases. */
function ownSkills(): { skills: SkillCard[]; requests: Request[]; files: string[] } {
  const { catalog: catalogFile, requests: requestsFile } = options();
  if (!catalogFile && !requestsFile) return { skills: [], requests: [], files: [] };
  if (!catalogFile || !requestsFile) usageError("--catalog and --requests go together");
  const skills: SkillCard[] = readCatalogLines(catalogFile).map((s) => ({ ...s, body: s.body ?? undefined }));
  for (const s of skills) ownPaths.add(s.path);
  const requests = readRequests(requestsFile).map((r) => ({ ...r, source: r.source ?? "own" }));
  const apart = requests.filter((r) => group(r.skill) === "held-apart-skill");
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, "own-held-apart.jsonl"), apart.map((r) => `${JSON.stringify({ turn: r.turn, expected: [r.skill] })}\n`).join(""));
  return { skills, requests: requests.filter((r) => group(r.skill) === "train"), files: [catalogFile, requestsFile] };
}

/** The command line: `--catalog=FILE --requests=FILE`, both or neither; anything else is an error. */
function options(): { catalog?: string; requests?: string } {
  try {
    return parseArgs({ options: { catalog: { type: "string" }, requests: { type: "string" } }, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return usageError((error as Error).message.split("\n")[0]);
  }
}

function usageError(message: string): never {
  console.error(`build-data: ${message}`);
  process.exit(2);
}

function readRequests(file: string): Request[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Request);
}

/** A catalog of the skills the encoder may see, and the requests for them; a request for any other skill is an error. */
function trainingSide(catalog: readonly SkillCard[], requests: readonly Request[]): { skills: SkillCard[]; requests: Request[] } {
  const skills = catalog.filter((s) => mayTrainOn(group(s.path)));
  const known = new Set(skills.map((s) => s.path));
  for (const r of requests) if (!known.has(r.skill)) throw new Error(`a training request names ${r.skill} (${group(r.skill)}), which the encoder may not see`);
  return { skills, requests: [...requests] };
}

async function withHardNegatives(skills: readonly SkillCard[], requests: readonly Request[]): Promise<Pair[]> {
  const byPath = new Map(skills.map((s) => [s.path, s]));
  const deps = { catalog: skills, judge: new LocalJudge(), verify: verifyCatalogEntry, metaSkills: [], now: () => performance.now() };
  const pairs: Pair[] = [];
  for (const [i, r] of requests.entries()) {
    const { ranking } = await pickSkill({ turn: r.turn }, deps);
    const negatives = ranking
      .filter((p) => p !== r.skill)
      .slice(0, HARD_NEGATIVES)
      .map((p) => cardText(byPath.get(p)!));
    pairs.push({ query: r.turn, positive: cardText(byPath.get(r.skill)!), negatives, skill: r.skill, source: r.source });
    if (i % 1000 === 999) process.stderr.write(`hard negatives: ${i + 1}/${requests.length}\n`);
  }
  return pairs;
}

const publicSkills: SkillCard[] = readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? undefined }));
const mined: Request[] = publicSkills
  .filter((s) => mayTrainOn(group(s.path)) && s.body)
  .flatMap((s) =>
    whenToUseLines(s.description, s.body ?? "")
      .slice(0, MINED_PER_SKILL)
      .map((turn) => ({ turn, skill: s.path, source: "body-when-to-use" })),
  );
const written = readRequests(path.join(HERE, "data", "written-requests.jsonl"));
const own = ownSkills();
const skillSide = trainingSide([...publicSkills, ...own.skills], [...mined, ...written, ...own.requests]);
const perTool = new Map<string, number>();
const metatoolQueries = readRequests(path.join(HERE, "data", "metatool-queries.jsonl")).filter((r) => {
  perTool.set(r.skill, (perTool.get(r.skill) ?? 0) + 1);
  return (perTool.get(r.skill) ?? 0) <= METATOOL_PER_TOOL;
});
const metatoolTools = readCatalogFile(FIXTURES.metatoolCatalog);
const metatoolSide = trainingSide(metatoolTools, metatoolQueries);

const pairs = [...(await withHardNegatives(skillSide.skills, skillSide.requests)), ...(await withHardNegatives(metatoolSide.skills, metatoolSide.requests))];
fs.mkdirSync(OUT, { recursive: true });
const body = pairs.map((p) => `${JSON.stringify(p)}\n`).join("");
fs.writeFileSync(path.join(OUT, "pairs.jsonl"), body);
const bySource = new Map<string, { rows: number; skills: Set<string> }>();
for (const p of pairs) {
  const s = bySource.get(p.source) ?? { rows: 0, skills: new Set<string>() };
  s.rows++;
  s.skills.add(p.skill);
  bySource.set(p.source, s);
}
/** Each input file's sha256, by its path in the repository: what the pairs were built from. */
const inputs = Object.fromEntries(
  [
    FIXTURES.publicSkillBodies,
    FIXTURES.metatoolCatalog,
    path.join(HERE, "data", "written-requests.jsonl"),
    path.join(HERE, "data", "metatool-queries.jsonl"),
    ...own.files,
  ].map((file) => [path.relative(path.join(HERE, "..", ".."), file), createHash("sha256").update(fs.readFileSync(file)).digest("hex")]),
);
/** How many skills fall in each group of lib/testing/encoder-groups.ts: what was held apart, and why. */
const groups = new Map<string, number>();
for (const s of [...publicSkills, ...metatoolTools]) groups.set(group(s.path), (groups.get(group(s.path)) ?? 0) + 1);
const manifest = {
  pairs: pairs.length,
  inputs,
  skillsByGroup: Object.fromEntries([...groups].sort()),
  sha256: createHash("sha256").update(body).digest("hex"),
  bySource: Object.fromEntries([...bySource].map(([k, v]) => [k, { rows: v.rows, skills: v.skills.size }])),
  hardNegatives: HARD_NEGATIVES,
  minedPerSkill: MINED_PER_SKILL,
  metatoolPerTool: METATOOL_PER_TOOL,
};
fs.writeFileSync(path.join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(JSON.stringify(manifest, null, 2));

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's shipped test data (`fixtures/`, sources and licences in its README). */
export const FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures");

export const FIXTURES = {
  /** 885 real SKILL.md front matters from 10 public repositories. */
  publicSkills: path.join(FIXTURES_DIR, "catalog/public-skills.jsonl"),
  /** The same skills with their SKILL.md bodies (881 open ones) and each row's licence. */
  publicSkillBodies: path.join(FIXTURES_DIR, "catalog/public-skills-bodies.jsonl"),
  /** 832 near-identical templated skills: a distractor set. */
  composioToolkits: path.join(FIXTURES_DIR, "catalog/composio-toolkits.jsonl"),
  /** 200 real out-of-scope assistant requests (CLINC150), as cases that need no skill. */
  clincOutOfScope: path.join(FIXTURES_DIR, "clinc/oos-dev.jsonl"),
  /** 621 real requests to tool-using assistants that no offered tool answered (BFCL live irrelevance), as cases that need no skill. */
  bfclIrrelevance: path.join(FIXTURES_DIR, "bfcl/live-irrelevance.jsonl"),
  /** 22 public skills and their authors' own trigger evals (halved by skill: lib/eval/trigger-cases.ts). */
  triggerSkills: path.join(FIXTURES_DIR, "triggers/skills.jsonl"),
  triggerCases: path.join(FIXTURES_DIR, "triggers/cases.jsonl"),
  metatoolCatalog: path.join(FIXTURES_DIR, "metatool/catalog.jsonl"),
  metatoolCases: path.join(FIXTURES_DIR, "metatool/cases.jsonl"),
  hermesFrontMatter: (name: "github-pr-workflow" | "mlops-inference-vllm") => path.join(FIXTURES_DIR, `hermes/SKILL.frontmatter.${name}.md`),
} as const;

/** The full descriptions of the public catalog's skills (real prose, for false-positive checks). */
export function publicSkillDescriptions(): string[] {
  return fs
    .readFileSync(FIXTURES.publicSkills, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => String(JSON.parse(line).description ?? ""));
}

import fs from "node:fs";
import path from "node:path";
import type { SkillCard } from "../catalog/types";
import { readCatalogFile } from "../eval/formats";
import { FIXTURES, FIXTURES_DIR } from "./fixtures";

/** One request of the plain-request development set (fixtures/plain-requests). */
export interface PlainRequest {
  turn: string;
  /** The skill that serves it, by name, or null when none of the home's does. */
  skill: string | null;
  /** `plain` and `paraphrase` need a skill; `none` needs none (the same length and style). */
  kind?: "plain" | "paraphrase" | "none";
  /** Translations: the request's language (`en` is the original). */
  lang?: string;
}

const DIR = path.join(FIXTURES_DIR, "plain-requests");
/** The calibration home (fixtures/plain-calibration): other skills, other repositories, the same style of request. */
const CALIBRATION_DIR = path.join(FIXTURES_DIR, "plain-calibration");

/**
 * The home the plain requests are asked in: 60 real public skills with their bodies (fixtures/plain-requests/home.txt
 * names them in fixtures/catalog/public-skills-bodies.jsonl): documents, personal and Apple tools, writing, GitHub and
 * debugging, creative tools, research, productivity.
 */
export function requestHome(): SkillCard[] {
  return homeOf(DIR);
}

/** The 42 skills of the calibration home: marketing, finance, engineering, science and security skills. */
export function calibrationHome(): SkillCard[] {
  return homeOf(CALIBRATION_DIR);
}

/** Its 270 requests (210 for a skill, 60 for none), written for jev to be fitted on; never the plain-request set's. */
export function calibrationRequests(): PlainRequest[] {
  return readLines(path.join(CALIBRATION_DIR, "requests.jsonl"));
}

function homeOf(dir: string): SkillCard[] {
  const wanted = fs
    .readFileSync(path.join(dir, "home.txt"), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"));
  const byPath = new Map(readCatalogFile(FIXTURES.publicSkillBodies).map((s) => [s.path, s]));
  return wanted.map((p) => {
    const skill = byPath.get(p);
    if (!skill) throw new Error(`home.txt names a skill the catalog does not have: ${p}`);
    return skill;
  });
}

/** The 320 English requests (240 for a skill of the home, 80 for none), written for jev and never fitted on. */
export function plainRequests(): PlainRequest[] {
  return readLines(path.join(DIR, "requests.jsonl"));
}

/** 26 of them (20 for a skill, 6 for none) in English, Chinese, Japanese, German, Spanish and French. */
export function translatedRequests(): PlainRequest[] {
  return readLines(path.join(DIR, "translations.jsonl"));
}

function readLines(file: string): PlainRequest[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as PlainRequest);
}

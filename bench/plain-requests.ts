/**
 * Plain requests in a home of 60 real skills with their bodies (fixtures/plain-requests: written for jev in the way
 * people ask, mostly without the skill's own words, never fitted on), for the lexical judge alone and for the local
 * judge with its sentence encoder, in one run. Prints, per kind of request (plain, paraphrase, none) and per language
 * of the translated set: the right skill loaded (the first with match ≥ 0.5), listed, ranked first; for requests that
 * need no skill, any skill loaded or listed; and end to end (the right skill loaded, or nothing when none fits).
 *
 *   node bin/run-ts.mjs bench/plain-requests.ts [--show]   (--show prints each request the hybrid judge gets wrong)
 */
import { verifyCatalogEntry } from "../lib/catalog/verifier";
import { pickSkill } from "../lib/engine/pick-skill";
import type { LocalJudge } from "../lib/judges/local/local-judge";
import { type PlainRequest, plainRequests, requestHome, translatedRequests } from "../lib/testing/request-home";
import { THRESHOLDS } from "../lib/vocab/limits";
import { benchJudges } from "./support/dense-bench";

const home = requestHome();
const show = process.argv.includes("--show");

interface Tally {
  n: number;
  loaded: number;
  listed: number;
  first: number;
  anyLoaded: number;
  anyListed: number;
  right: number;
}

async function tally(judge: LocalJudge, requests: readonly PlainRequest[], label: string): Promise<Map<string, Tally>> {
  const deps = { catalog: home, judge, verify: verifyCatalogEntry, metaSkills: [], now: () => performance.now() };
  const byGroup = new Map<string, Tally>();
  for (const r of requests) {
    const { reply, ranking } = await pickSkill({ turn: r.turn }, deps);
    const listed = reply.skills.map((s) => s.name);
    const loaded = reply.skills.find((s) => s.match >= THRESHOLDS.load)?.name ?? null;
    const first = home.find((s) => s.path === ranking[0])?.name ?? null;
    const group = r.lang ?? r.kind ?? "?";
    const t = byGroup.get(group) ?? { n: 0, loaded: 0, listed: 0, first: 0, anyLoaded: 0, anyListed: 0, right: 0 };
    t.n++;
    if (r.skill) {
      if (loaded === r.skill) t.loaded++;
      if (listed.includes(r.skill)) t.listed++;
      if (first === r.skill) t.first++;
    }
    if (loaded) t.anyLoaded++;
    if (listed.length) t.anyListed++;
    if (r.skill ? loaded === r.skill : loaded === null) t.right++;
    else if (show && label === "hybrid")
      console.log(`  miss [${group}] ${r.turn} → want ${r.skill ?? "none"}, loaded ${loaded ?? "none"}, first ${first}, listed ${listed.join(",")}`);
    byGroup.set(group, t);
  }
  return byGroup;
}

const f = (n: number, d: number) => (d ? (n / d).toFixed(3) : "  -  ");
function print(byGroup: Map<string, Tally>) {
  for (const [group, t] of byGroup) {
    const needing = group === "none" ? 0 : t.n;
    const line =
      group === "none"
        ? `any loaded ${f(t.anyLoaded, t.n)}  any listed ${f(t.anyListed, t.n)}`
        : `loaded ${f(t.loaded, needing)}  listed ${f(t.listed, needing)}  ranked first ${f(t.first, needing)}`;
    console.log(`  ${group.padEnd(10)} (${String(t.n).padStart(3)}): ${line}  end to end ${f(t.right, t.n)}`);
  }
}

const { judges, close } = await benchJudges();
for (const { label, judge } of judges) {
  console.log(`\n== the ${label} judge: ${home.length} skills`);
  print(await tally(judge, plainRequests(), label));
  console.log("  translations (requests for a skill and for none, by language):");
  const byLang = await tally(judge, translatedRequests(), label);
  for (const [lang, t] of byLang) {
    const needing = translatedRequests().filter((r) => r.lang === lang && r.skill).length;
    console.log(
      `    ${lang}: loaded ${f(t.loaded, needing)}  listed ${f(t.listed, needing)}  ranked first ${f(t.first, needing)}  end to end ${f(t.right, t.n)}`,
    );
  }
}
await close();

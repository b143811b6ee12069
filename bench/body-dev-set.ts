/**
 * Writes the body development set (lib/eval/body-dev-set) as `jev eval`
 * files, so the gain of reading bodies can be measured with `jev eval` itself:
 *   catalog.jsonl          the shipped skills, each body without the line its case asks with
 *   catalog-no-body.jsonl  the same skills without bodies (what the judge read before)
 *   dev.jsonl, held-out.jsonl   the cases
 *
 *   node bin/run-ts.mjs bench/body-dev-set.ts OUT_DIR
 */
import fs from "node:fs";
import path from "node:path";
import { buildBodyDevSet } from "../lib/eval/body-dev-set";
import { readCatalogLines } from "../lib/eval/formats";
import { FIXTURES } from "../lib/testing/fixtures";

const out = process.argv[2];
if (!out) {
  console.error("usage: node bin/run-ts.mjs bench/body-dev-set.ts OUT_DIR");
  process.exit(2);
}
const set = buildBodyDevSet(readCatalogLines(FIXTURES.publicSkillBodies).map((s) => ({ ...s, body: s.body ?? "" })));
const lines = (rows: object[]) => `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "catalog.jsonl"), lines(set.catalog));
fs.writeFileSync(path.join(out, "catalog-no-body.jsonl"), lines(set.catalog.map(({ body: _body, ...s }) => s)));
fs.writeFileSync(path.join(out, "dev.jsonl"), lines(set.dev));
fs.writeFileSync(path.join(out, "held-out.jsonl"), lines(set.heldOut));
console.log(`${set.catalog.length} skills, ${set.dev.length} dev cases, ${set.heldOut.length} held out, in ${out}`);

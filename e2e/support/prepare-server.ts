// Fresh state for the e2e server: an empty database and a Hermes home holding
// the real public catalog as skill folders (fixtures/catalog/public-skills.jsonl).
import fs from "node:fs";
import path from "node:path";
import { layoutCatalog } from "../../bench/support/layout-catalog";
import { FIXTURES } from "../../lib/testing/fixtures";
import { E2E } from "./env";

fs.rmSync(E2E.dir, { recursive: true, force: true });
fs.mkdirSync(E2E.hermesHome, { recursive: true });
const catalog = FIXTURES.publicSkills;
const n = layoutCatalog(catalog, path.join(E2E.hermesHome, "skills"));
fs.writeFileSync(path.join(E2E.hermesHome, "config.yaml"), `skills:\n  disabled:\n    - ${E2E.disabledSkill}\n`);
console.log(`e2e: laid out ${n} skills under ${E2E.hermesHome}`);

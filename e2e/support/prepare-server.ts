// Fresh state for the e2e server: an empty database and a Hermes home holding
// the real public catalog as skill folders (fixtures/catalog/public-skills.jsonl),
// one SKILL.md whose front matter does not parse, and the plugin's state file.
import fs from "node:fs";
import path from "node:path";
import { layoutCatalog } from "../../bench/support/layout-catalog";
import { FIXTURES } from "../../lib/testing/fixtures";
import { E2E } from "./env";

fs.rmSync(E2E.dir, { recursive: true, force: true });
fs.mkdirSync(E2E.hermesHome, { recursive: true });
fs.mkdirSync(E2E.home, { recursive: true });
const skills = path.join(E2E.hermesHome, "skills");
const n = layoutCatalog(FIXTURES.publicSkills, skills);
fs.mkdirSync(path.join(skills, "zz-broken"), { recursive: true });
fs.writeFileSync(path.join(skills, "zz-broken", "SKILL.md"), "---\nname: zz-broken\ndescription: [never closed\n---\n");
fs.writeFileSync(path.join(E2E.hermesHome, "config.yaml"), `skills:\n  disabled:\n    - ${E2E.disabledSkill}\n`);
fs.mkdirSync(path.join(E2E.hermesHome, "jev"), { recursive: true });
fs.writeFileSync(path.join(E2E.hermesHome, "jev", "state.json"), JSON.stringify({ skill_feedback: "on", plugin_key: "kept" }));
console.log(`e2e: laid out ${n} skills under ${E2E.hermesHome}`);

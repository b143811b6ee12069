import fs from "node:fs";
import path from "node:path";
import { readCatalogLines } from "../../lib/eval/formats";

/**
 * Write a JSONL catalog out as real skill folders (`<dir>/<n>-<name>/SKILL.md`),
 * so discovery and the HTTP API can be measured on real descriptions. Returns
 * the number of skills written.
 */
export function layoutCatalog(catalogFile: string, dir: string, limit = Infinity): number {
  const skills = readCatalogLines(catalogFile).slice(0, limit);
  fs.rmSync(dir, { recursive: true, force: true });
  skills.forEach((s, i) => {
    const folder = path.join(dir, `${String(i).padStart(4, "0")}-${s.name.replace(/[^\w.-]+/g, "_").slice(0, 60)}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, "SKILL.md"),
      `---\nname: ${JSON.stringify(s.name)}\ndescription: ${JSON.stringify(s.description)}\n---\n\n# ${s.name}\n`,
    );
  });
  return skills.length;
}

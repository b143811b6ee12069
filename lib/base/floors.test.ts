import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FLOORS, FLOORS_JSON, floorsConfig } from "../../scripts/floors.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIOME = path.join(ROOT, "node_modules", ".bin", "biome");

/** Lint files written where the floor rules apply (the overrides go by path), then remove them and any folder made for them. */
function lint(files: Record<string, string>): string {
  const made: string[] = [];
  const written = Object.entries(files).map(([rel, text]) => {
    const file = path.join(ROOT, rel);
    if (!fs.existsSync(path.dirname(file))) made.push(fs.mkdirSync(path.dirname(file), { recursive: true })!);
    fs.writeFileSync(file, text);
    return file;
  });
  try {
    const r = spawnSync(BIOME, ["lint", "--max-diagnostics=100", ...written], { cwd: ROOT, encoding: "utf8" });
    return `${r.stdout}\n${r.stderr}`;
  } finally {
    for (const file of written) fs.rmSync(file, { force: true });
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const probe = (line: string) => `${line}\n\nexport const probe = [typeof x];\n`;
const flagged = (out: string, rel: string, rule: string) => new RegExp(`${rel.replace(/[.()[\]]/g, "\\$&")}:\\d+:\\d+ lint/${rule}`).test(out);

describe("the floors, enforced by the linter (biome.floors.json, written by scripts/floors.mjs)", () => {
  it("biome.floors.json is what scripts/floors.mjs writes (edit FLOORS, then run it with --write)", () => {
    expect(JSON.parse(fs.readFileSync(FLOORS_JSON, "utf8"))).toEqual(floorsConfig());
  });

  it("the floors have an order: no folder stands, even through others, on itself", () => {
    const floors = new Map<string, readonly string[]>(Object.entries(FLOORS));
    const below = (area: string, seen = new Set<string>()): Set<string> => {
      for (const next of floors.get(area) ?? []) if (!seen.has(next)) below(next, seen.add(next));
      return seen;
    };
    for (const area of floors.keys()) expect(below(area).has(area), area).toBe(false);
  });

  it("fails a forbidden import at every depth, and passes an allowed one whose path looks alike", () => {
    const bad = {
      "lib/base/zz-floor-probe.ts": 'import { x } from "../vocab/limits";',
      "lib/catalog/zz-floor-probe.ts": 'import { x } from "../engine/pick-skill";',
      "lib/judges/local/zz-floor-probe.ts": 'import { x } from "../../engine/pick-skill";',
      "lib/services/overview/zz-floor-probe.ts": 'import { x } from "../../doctor/run-doctor";',
      "lib/engine/zz-floor-probe.ts": 'import { x } from "@/lib/services/context";',
      "db/queries/zz-floor-probe.ts": 'import { x } from "../../lib/services/context";',
      "db/zz-floor-probe.ts": 'import { x } from "./queries/settings";',
      "db/hot/zz-floor-probe.ts": 'import { x } from "../queries/settings";', // the caches stand below the queries
      "app/zz-floor-probe.ts": 'import { x } from "@/db/queries/settings";',
      "lib/services/zz-floor-testing-probe.ts": 'import { x } from "../testing/factories";',
      "app/zz-floor-probe/client.tsx": 'import { x } from "@/db/client";',
      "cli/zz-floor-probe.ts": 'import { x } from "../lib/services/curator/act";', // past the curator area's door
      "lib/doctor/zz-floor-probe.ts": 'import { x } from "../services/doctor/server-facts";',
    };
    const good = {
      "lib/services/overview/zz-floor-ok.ts": 'import { x } from "../doctor/server-facts";', // lib/services/doctor, not lib/doctor
      "lib/http/zz-floor-ok.ts": 'import { x } from "../../db/client";',
      "lib/text/zz-floor-ok.ts": 'import { x } from "../privacy/redact";',
      "lib/base/zz-floor-ok.ts": 'import { x } from "./time";',
      "cli/zz-floor-ok.ts": 'import { x } from "../lib/services/curator";', // the door
      "lib/http/zz-floor-ok-context.ts": 'import { x } from "../services/context";',
    };
    const out = lint(Object.fromEntries(Object.entries({ ...bad, ...good }).map(([rel, line]) => [rel, probe(line)])));
    for (const rel of Object.keys(bad)) expect(flagged(out, rel, "style/noRestrictedImports"), rel).toBe(true);
    for (const rel of Object.keys(good)) expect(flagged(out, rel, "style/noRestrictedImports"), rel).toBe(false);
    expect(out).toContain("lib/catalog stands on lib/base, lib/vocab, lib/fs, lib/text, lib/hermes only");
  });

  it("fails an import cycle, type-only imports included", () => {
    const out = lint({
      "lib/vocab/zz-cycle-a.ts": 'import type { B } from "./zz-cycle-b";\n\nexport type A = { b?: B };\n',
      "lib/vocab/zz-cycle-b.ts": 'import type { A } from "./zz-cycle-a";\n\nexport type B = { a?: A };\n',
    });
    expect(flagged(out, "lib/vocab/zz-cycle-a.ts", "suspicious/noImportCycles")).toBe(true);
    expect(flagged(out, "lib/vocab/zz-cycle-b.ts", "suspicious/noImportCycles")).toBe(true);
  });
});

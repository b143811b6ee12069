import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIOME = path.join(ROOT, "node_modules", ".bin", "biome");

/** Lint files written where the layer rules apply (biome.json's overrides go by path), then remove them. */
function lint(files: Record<string, string>): string {
  const written = Object.entries(files).map(([rel, text]) => {
    const file = path.join(ROOT, rel);
    fs.writeFileSync(file, text);
    return file;
  });
  try {
    const r = spawnSync(BIOME, ["lint", "--max-diagnostics=50", ...written], { cwd: ROOT, encoding: "utf8" });
    return `${r.stdout}\n${r.stderr}`;
  } finally {
    for (const file of written) fs.rmSync(file, { force: true });
  }
}

describe("the layers, enforced by the linter (biome.json's noRestrictedImports overrides)", () => {
  it("fails lib/base importing anything else in lib/, app/ or cli/ importing db/queries, and production code importing lib/testing", () => {
    const out = lint({
      "lib/base/zz-floor-probe.ts": 'import { LIMITS } from "../engine/limits";\n\nexport const probe = LIMITS;\n',
      "app/zz-floor-probe.ts": 'import { getSetting } from "../db/queries/settings";\n\nexport const probe = getSetting;\n',
      "lib/services/zz-floor-probe.ts": 'import { tempDir } from "../testing/factories";\n\nexport const probe = tempDir;\n',
      "lib/base/zz-floor-ok.ts": 'import { utcDay } from "./time";\n\nexport const probe = utcDay;\n',
    });
    expect(out).toMatch(/lib\/base\/zz-floor-probe\.ts:\d+:\d+ lint\/style\/noRestrictedImports/);
    expect(out).toContain("lib/base is the floor of leaf utilities");
    expect(out).toMatch(/app\/zz-floor-probe\.ts:\d+:\d+ lint\/style\/noRestrictedImports/);
    expect(out).toMatch(/lib\/services\/zz-floor-probe\.ts:\d+:\d+ lint\/style\/noRestrictedImports/);
    expect(out).not.toMatch(/zz-floor-ok\.ts:\d+:\d+ lint\/style\/noRestrictedImports/);
  });
});

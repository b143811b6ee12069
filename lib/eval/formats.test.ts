import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BODY_CHARS } from "../catalog/types";
import { tempDir } from "../testing/factories";
import { readCatalogFile } from "./formats";

let tmp: ReturnType<typeof tempDir>;
afterEach(() => tmp.cleanup());

describe("jev eval catalogs", () => {
  it("may carry a body: kept up to BODY_CHARS, left out when null or absent; a long description is kept whole beside its card's 200 characters; other fields are ignored", () => {
    tmp = tempDir("jev-formats-");
    const file = path.join(tmp.dir, "catalog.jsonl");
    const rows = [
      { name: "long", description: "d".repeat(300), path: "a/SKILL.md", body: "b".repeat(BODY_CHARS + 10), licence: "MIT" },
      { name: "none", description: "d", path: "b/SKILL.md", body: null },
      { name: "old", description: "d", path: "c/SKILL.md" },
    ];
    fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join("\n"));
    const cards = readCatalogFile(file);
    expect(cards[0].body).toHaveLength(BODY_CHARS);
    expect(cards[0].description).toHaveLength(200);
    // The whole description too, for the local judge's encoder (a remote judge's card is the 200 above).
    expect(cards[0].fullDescription).toHaveLength(300);
    expect(cards.slice(1).map((c) => "body" in c || "fullDescription" in c)).toEqual([false, false]);
    expect(Object.keys(cards[0]).sort()).toEqual(["body", "description", "fullDescription", "name", "path"]);
    fs.writeFileSync(file, JSON.stringify({ name: "x", description: "d", path: "p", body: 3 }));
    expect(() => readCatalogFile(file)).toThrow(/catalog .*:1: body:/);
  });
});

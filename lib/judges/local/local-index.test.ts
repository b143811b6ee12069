import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SkillCard } from "../../catalog/types";
import { readCasesFile, readCatalogFile } from "../../eval/formats";
import { FIXTURES } from "../../testing/fixtures";
import { LocalCorpus, LocalIndex } from "./local-index";

const pool = readCatalogFile(FIXTURES.publicSkillBodies).slice(0, 60);
const turns = readCasesFile(FIXTURES.metatoolCases)
  .slice(0, 40)
  .map((c) => c.turn)
  .concat(pool.slice(0, 10).map((s) => s.description));

describe("LocalCorpus: a corpus updated skill by skill", () => {
  it("scores every turn exactly as an index built afresh, through any sequence of additions, removals and edits", () => {
    const edit = fc.record({ add: fc.uniqueArray(fc.nat(59), { maxLength: 8 }), remove: fc.nat(20), change: fc.nat(59) });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 5 }), (edits) => {
        const corpus = new LocalCorpus();
        let catalog: SkillCard[] = pool.slice(0, 20);
        corpus.sync(catalog);
        for (const e of edits) {
          const next = catalog.filter((_, i) => i !== e.remove % Math.max(1, catalog.length));
          for (const i of e.add) if (!next.some((s) => s.path === pool[i].path)) next.push(pool[i]);
          const at = e.change % next.length;
          next[at] = { ...next[at], body: `${next[at].body ?? ""}\nedited ${e.change}` };
          catalog = next;
          const updated = corpus.sync(catalog);
          const fresh = LocalIndex.from(catalog.map((s) => ({ ...s })));
          for (const turn of turns) {
            const [a, b] = [updated.evidence(turn), fresh.evidence(turn)];
            expect([a.bm25, a.cosine, a.decided, a.needs]).toEqual([b.bm25, b.cosine, b.decided, b.needs]);
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it("an index of an earlier sync is no longer current; the same cards in another order keep it current", () => {
    const corpus = new LocalCorpus();
    const first = corpus.sync(pool.slice(0, 10));
    const reordered = corpus.sync([...pool.slice(0, 10)].reverse());
    expect([first.current, reordered.current]).toEqual([true, true]);
    const grown = corpus.sync(pool.slice(0, 11));
    expect([first.current, reordered.current, grown.current]).toEqual([false, false, true]);
  });
});

describe("LocalIndex.evidence turn after turn", () => {
  it("leaves nothing of one turn in the next: each turn scores as on an index that never saw another", () => {
    const index = LocalIndex.from(pool.slice(0, 30));
    for (const turn of turns.slice(0, 20)) {
      const [a, b] = [index.evidence(turn), LocalIndex.from(pool.slice(0, 30)).evidence(turn)];
      expect([a.bm25, a.cosine, a.blend, a.decided, a.needs]).toEqual([b.bm25, b.cosine, b.blend, b.decided, b.needs]);
    }
  });
});

describe("LocalIndex.evidence under concurrent turns", () => {
  it("scores each turn once even when other turns' batches ask in between", () => {
    const index = LocalIndex.from(pool.slice(0, 30));
    const first = turns.slice(0, 16).map((t) => index.evidence(t));
    // Interleaved, as 16 turns in flight ask batch by batch: the same evidence, not a recomputation.
    for (const [i, t] of turns.slice(0, 16).entries()) expect(index.evidence(t)).toBe(first[i]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCatalogEntry } from "../../../catalog/verifier";
import { packageRoot } from "../../../config";
import { pickSkill } from "../../../engine/pick-skill";
import { requestHome } from "../../../testing/request-home";
import { THRESHOLDS } from "../../../vocab/limits";
import { LocalJudge } from "../local-judge";
import { DenseSide } from "./dense-side";
import { MemoryVectorStore } from "./vector-store";
import { startWorkerEncoder } from "./worker-encoder";

/**
 * The requests, with the real shipped encoder, in a home of 60 real public skills with their bodies
 * (lib/testing/request-home.ts). Each assertion is what the encoder adds over the lexical judge alone.
 */
const home = requestHome();
const dense = new DenseSide({ start: () => startWorkerEncoder({ root: packageRoot() }), store: new MemoryVectorStore(), waitMs: 60_000 });
const hybrid = new LocalJudge("wait", undefined, dense);
const lexical = new LocalJudge();
const ask = (judge: LocalJudge, turn: string) => pickSkill({ turn }, { catalog: home, judge, verify: verifyCatalogEntry, metaSkills: [], now: () => 0 });
const rankOf = async (judge: LocalJudge, turn: string, skill: string) =>
  (await ask(judge, turn)).ranking.map((p) => home.find((s) => s.path === p)?.name).indexOf(skill) + 1;

beforeAll(() => dense.prepare(home), 60_000);
afterAll(() => dense.close());

describe("plain requests with the shipped encoder, in a home of 60 real skills", () => {
  it("loads humanizer for 'make this email sound more human', which the lexical judge only lists", async () => {
    const turn = "can you make this email sound more human and less like a bot";
    const load = (r: Awaited<ReturnType<typeof ask>>) => r.reply.skills.find((s) => s.match >= THRESHOLDS.load)?.name ?? null;
    expect(load(await ask(lexical, turn))).toBeNull();
    expect(load(await ask(hybrid, turn))).toBe("humanizer");
  });

  it("lists powerpoint for 'slides for the board', where the lexical judge lists nothing", async () => {
    const turn = "make slides for the board meeting next week";
    expect((await ask(lexical, turn)).reply.skills).toEqual([]);
    const { reply, notes } = await ask(hybrid, turn);
    expect(reply.skills[0]?.name).toBe("powerpoint");
    expect(notes).toBeUndefined();
  });

  it("ranks the skill of each plain request of the issue first or second", async () => {
    for (const [turn, skill] of [
      ["I need to put together a deck for Friday's all-hands", "powerpoint"],
      ["send a text to my brother that I just landed", "imessage"],
      ["put these expenses in a spreadsheet with a total at the bottom", "xlsx"],
      ["where's my phone? I think I left it at the office", "findmy"],
      ["my teammates commented on the pull request, please handle their feedback", "gh-address-comments"],
    ] as const) {
      const rank = await rankOf(hybrid, turn, skill);
      expect(rank, turn).toBeGreaterThanOrEqual(1);
      expect(rank, turn).toBeLessThanOrEqual(2);
    }
    // The lexical judge put findmy ninth: "phone" and "office" are in other skills' bodies, not in its card.
    expect(await rankOf(lexical, "where's my phone? I think I left it at the office", "findmy")).toBeGreaterThan(2);
  });

  it("reads English only: a Chinese or German request that names no product finds nothing (docs/selection.md)", async () => {
    for (const turn of ["帮我做一个季度汇报的幻灯片", "Erstelle eine Tabelle mit unseren monatlichen Ausgaben"]) {
      expect((await ask(hybrid, turn)).reply.skills, turn).toEqual([]);
    }
  });
});

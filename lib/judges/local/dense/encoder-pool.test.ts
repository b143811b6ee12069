import { describe, expect, it } from "vitest";
import type { SkillCard } from "../../../catalog/types";
import { FakeEncoder } from "../../../testing/fake-encoder";
import type { EncodeOptions } from "./encoder";
import { EncoderPool } from "./encoder-pool";
import { SkillVectors } from "./skill-vectors";
import { MemoryVectorStore } from "./vector-store";

/** A fake encoder whose answers wait until the test releases them, counting what it holds at once. */
class HeldEncoder extends FakeEncoder {
  held = 0;
  mostHeld = 0;
  private readonly waiting: (() => void)[] = [];

  override async encode(texts: readonly string[], options: EncodeOptions): Promise<Float32Array[][]> {
    this.held++;
    this.mostHeld = Math.max(this.mostHeld, this.held);
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held--;
    return super.encode(texts, options);
  }

  release(): void {
    for (const go of this.waiting.splice(0)) go();
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("an encoder pool", () => {
  it("sends each request to the member with the fewest in hand, so requests at once run side by side", async () => {
    const a = new HeldEncoder();
    const b = new HeldEncoder();
    const pool = new EncoderPool([a, b]);
    const asked = [pool.encode(["one"], { kind: "query", priority: "turn" }), pool.encode(["two"], { kind: "query", priority: "turn" })];
    await tick();
    expect([a.held, b.held]).toEqual([1, 1]);
    a.release();
    b.release();
    const [one, two] = await Promise.all(asked);
    expect(one[0][0]).toEqual((await new FakeEncoder().encode(["one"], { kind: "query", priority: "turn" }))[0][0]);
    expect(two[0]).toHaveLength(1);
    expect(pool.parallelism).toBe(2);
  });

  it("refuses members of different models, and closes every member", async () => {
    expect(() => new EncoderPool([new FakeEncoder(), new FakeEncoder(new Map(), 60, "another-model")])).toThrow(/one model/);
    const members = [new FakeEncoder(), new FakeEncoder()];
    await new EncoderPool(members).close();
    for (const m of members) await expect(m.encode(["x"], { kind: "query", priority: "turn" })).rejects.toThrow();
  });

  it("builds a catalog's vectors on every member at once, each text encoded once", async () => {
    const a = new HeldEncoder();
    const b = new HeldEncoder();
    const skills: SkillCard[] = Array.from({ length: 40 }, (_, i) => ({ name: `s${i}`, description: `skill number ${i}`, path: `/s/s${i}/SKILL.md` }));
    const vectors = new SkillVectors(new EncoderPool([a, b]), new MemoryVectorStore());
    let done = false;
    const built = vectors.build(skills).then(() => {
      done = true;
    });
    while (!done) {
      await tick();
      a.release();
      b.release();
    }
    await built;
    expect(a.mostHeld).toBe(1);
    expect(b.mostHeld).toBe(1);
    expect(a.asked.passage + b.asked.passage).toBe(skills.length);
    expect(a.asked.passage).toBeGreaterThan(0);
    expect(b.asked.passage).toBeGreaterThan(0);
    expect(vectors.of(skills)?.card).toHaveLength(skills.length);
  });
});

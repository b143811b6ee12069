import type { EncodeOptions, SentenceEncoder } from "./encoder";

/**
 * Several encoders of one model as one: each request goes to the member with the fewest requests in hand, so turns
 * asked at once are encoded side by side (one member's run holds its thread). Members must be the same model.
 */
export class EncoderPool implements SentenceEncoder {
  readonly id: string;
  readonly dims: number;
  private readonly inHand: number[];

  constructor(private readonly members: readonly SentenceEncoder[]) {
    if (members.length === 0) throw new Error("an encoder pool needs at least one encoder");
    this.id = members[0].id;
    this.dims = members[0].dims;
    if (members.some((m) => m.id !== this.id || m.dims !== this.dims)) throw new Error("an encoder pool's members must be one model");
    this.inHand = members.map(() => 0);
  }

  /** How many requests can run at once: a build sends this many chunks side by side. */
  get parallelism(): number {
    return this.members.length;
  }

  async encode(texts: readonly string[], options: EncodeOptions): Promise<Float32Array[][]> {
    let pick = 0;
    for (let i = 1; i < this.members.length; i++) if (this.inHand[i] < this.inHand[pick]) pick = i;
    this.inHand[pick]++;
    try {
      return await this.members[pick].encode(texts, options);
    } finally {
      this.inHand[pick]--;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.members.map((m) => m.close()));
  }
}

import type { CatalogVectors } from "./skill-vectors";

/**
 * A catalog's vectors in one contiguous array, each row tagged with its skill, so a turn's scores are one pass:
 * each skill's best cosine with the turn over its card and its body's pieces.
 */
export class DenseMatrix {
  private readonly rows: Float32Array;
  private readonly owner: Int32Array;

  constructor(
    vectors: CatalogVectors,
    private readonly dims: number,
  ) {
    const count = vectors.card.length + vectors.body.reduce((n, b) => n + b.length, 0);
    this.rows = new Float32Array(count * dims);
    this.owner = new Int32Array(count);
    let row = 0;
    vectors.card.forEach((card, skill) => {
      for (const v of [card, ...vectors.body[skill]]) {
        this.rows.set(v, row * dims);
        this.owner[row++] = skill;
      }
    });
    this.skills = vectors.card.length;
  }

  readonly skills: number;

  /** Each skill's best cosine with the turn's unit vector (in [-1, 1]). */
  scores(turn: Float32Array): Float64Array {
    const out = new Float64Array(this.skills).fill(-1);
    const { rows, owner, dims } = this;
    for (let r = 0, base = 0; r < owner.length; r++, base += dims) {
      let s = 0;
      for (let d = 0; d < dims; d++) s += rows[base + d] * turn[d];
      if (s > out[owner[r]]) out[owner[r]] = s;
    }
    return out;
  }
}

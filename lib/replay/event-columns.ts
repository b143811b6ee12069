import { drain, type Steps } from "../base/steps";
import type { ReplayKind } from "./log-line";

/** Strings stored once, referred to by number. */
export class Interner {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }
  idOf(name: string): number | undefined {
    return this.ids.get(name);
  }
  get size(): number {
    return this.names.length;
  }
}

/** Buckets sorted between two yields of orderSteps (a power of two, less one). */
const SORT_SLICE_MASK = 65_535;

export const KIND_SUGGEST = 0;
export const KIND_LOAD = 1;

/**
 * A replay log held as columns: typed arrays and interned names, about 17
 * bytes an event, so a million events are a few arrays rather than a million
 * objects, and sorting moves 4-byte indices.
 */
export class EventColumns {
  length = 0;
  at = new Float64Array(1024);
  kind = new Uint8Array(1024);
  session = new Uint32Array(1024);
  skill = new Uint32Array(1024);
  readonly sessions = new Interner();
  readonly skills = new Interner();

  push(at: number, kind: ReplayKind, session: string, skill: string): void {
    this.sorted = null;
    if (this.length === this.at.length) this.grow();
    const i = this.length++;
    this.at[i] = at;
    this.kind[i] = kind === "suggest" ? KIND_SUGGEST : KIND_LOAD;
    this.session[i] = this.sessions.id(session);
    this.skill[i] = this.skills.id(skill);
  }

  private grow(): void {
    const size = this.at.length * 2;
    const resize = <T extends Float64Array | Uint8Array | Uint32Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.at = resize(this.at, (n) => new Float64Array(n));
    this.kind = resize(this.kind, (n) => new Uint8Array(n));
    this.session = resize(this.session, (n) => new Uint32Array(n));
    this.skill = resize(this.skill, (n) => new Uint32Array(n));
  }

  /**
   * Event indices in replay order: by time; at the same millisecond a suggestion before a load (so a load can credit
   * it), then file order. A bucket sort on time (about one event per bucket), each bucket then sorted in place:
   * linear on real logs, where a comparison sort of a million indices took most of a second.
   */
  order(): Uint32Array {
    return drain(this.orderSteps());
  }

  /** order() a pass at a time (yielding 0, no share of a replay done), so a server sorting a million events keeps answering. */
  *orderSteps(): Steps<Uint32Array> {
    if (this.sorted?.length !== this.length) this.sorted = yield* this.sortedOrder();
    return this.sorted;
  }

  /** Kept while no event is added: a sweep replays the same log many times. */
  private sorted: Uint32Array | null = null;

  private *sortedOrder(): Steps<Uint32Array> {
    const n = this.length;
    const { at, kind } = this;
    const order = new Uint32Array(n);
    if (n === 0) return order;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (at[i] < min) min = at[i];
      if (at[i] > max) max = at[i];
    }
    const width = Math.max(1, (max - min) / n);
    const bucketOf = (i: number) => Math.floor((at[i] - min) / width);
    const buckets = bucketOf(max === min ? 0 : n - 1) + 2;
    const start = new Uint32Array(Math.max(buckets, Math.floor((max - min) / width) + 2));
    for (let i = 0; i < n; i++) start[bucketOf(i) + 1]++;
    for (let b = 1; b < start.length; b++) start[b] += start[b - 1];
    yield 0;
    const fill = start.slice();
    for (let i = 0; i < n; i++) order[fill[bucketOf(i)]++] = i; // file order within a bucket
    yield 0;
    const before = (a: number, b: number) => at[a] - at[b] || kind[a] - kind[b] || a - b;
    for (let b = 0; b + 1 < start.length; b++) {
      if ((b & SORT_SLICE_MASK) === SORT_SLICE_MASK) yield 0;
      const lo = start[b];
      const hi = start[b + 1];
      if (hi - lo < 2) continue;
      if (hi - lo > 32) {
        order.subarray(lo, hi).sort(before);
        continue;
      }
      for (let j = lo + 1; j < hi; j++) {
        const x = order[j];
        let k = j - 1;
        while (k >= lo && before(order[k], x) > 0) {
          order[k + 1] = order[k];
          k--;
        }
        order[k + 1] = x;
      }
    }
    return order;
  }
}

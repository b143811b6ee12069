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
   * Event indices in replay order: by time; at the same millisecond a
   * suggestion before a load (so a load can credit it), then file order.
   */
  order(): Uint32Array {
    const order = new Uint32Array(this.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    const { at, kind } = this;
    order.sort((a, b) => at[a] - at[b] || kind[a] - kind[b] || a - b);
    return order;
  }
}

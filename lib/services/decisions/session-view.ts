import type { Db } from "../../../db/client";
import { readForTurn } from "../../../db/queries/turn-reads";
import type { PickInput } from "../../engine/pick-skill";
import type { RulesConfig } from "../../rules/config";
import { checkSuggestion, shownWindow } from "../../rules/suggestion-rules";

/**
 * What a served turn knows of its session: the skills it loaded (rule 1;
 * the request's `loaded` and the session's reports) and whether its client
 * reports loads (rule 2, and the log's row). The reports are read with rule
 * 2's windows of the first names the engine asks about, in one read (one
 * round trip on PostgreSQL): ranking needs neither. A turn the engine never
 * asks about (gated, failed open, nothing fits) reads the reports alone,
 * for the log. Reads the session once.
 */
export class SessionView {
  /** The session's loads; filled before the first rule check returns. */
  readonly loaded: Set<string>;
  private reportsLoads: boolean;
  private reported: Promise<void> | null = null;

  constructor(
    private readonly ask: { sessionId?: string; loaded?: string[]; feedback?: boolean },
    private readonly db: Db | undefined,
    private readonly now: number,
    private readonly rules: RulesConfig,
    /** When the turn began, on `performance.now()`. */
    private readonly began?: number,
  ) {
    this.loaded = new Set(ask.loaded ?? []);
    this.reportsLoads = ask.feedback === true;
    if (!db || !ask.sessionId) this.reported = Promise.resolve();
  }

  /** The suggestion rules of selection spec §7 for the names the engine asks about. */
  readonly check: NonNullable<PickInput["rules"]> = async (names) => {
    const windows = await this.read(names);
    const { loaded: sessionLoaded, now, rules } = this;
    return (name) => checkSuggestion(name, { sessionLoaded, windowOf: (n) => windows.get(n) ?? shownWindow([], now, rules), now, rules });
  };

  /** Whether the client reports loads, as the log keeps it. */
  async clientReportsLoads(): Promise<boolean> {
    await this.read([]);
    return this.reportsLoads;
  }

  private async read(names: readonly string[]) {
    if (!this.db) return new Map();
    if (this.reported && names.length === 0) {
      await this.reported;
      return new Map();
    }
    const first = this.reported === null;
    const reading = readForTurn(this.db, { sessionId: first ? this.ask.sessionId : undefined, names, now: this.now, rules: this.rules, began: this.began });
    if (first)
      this.reported = reading.then(({ reports }) => {
        for (const s of reports?.loaded ?? []) this.loaded.add(s);
        this.reportsLoads ||= reports?.reportsLoads ?? false;
      });
    await this.reported;
    return (await reading).windows;
  }
}

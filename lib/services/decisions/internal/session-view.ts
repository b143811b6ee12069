import type { Db } from "../../../../db/client";
import { readForTurn, type TurnReads } from "../../../../db/queries/turn-reads";
import { isPending, type MaybePromise, thenMaybe } from "../../../base/maybe-promise";
import type { PickInput } from "../../../engine/pick-skill";
import type { RulesConfig } from "../../../rules/config";
import { checkSuggestion, type ShownWindow, shownWindow } from "../../../rules/suggestion-rules";

/**
 * What a served turn knows of its session: the skills it loaded (rule 1: the request's `loaded` and the session's
 * reports) and whether its client reports loads (rule 2, and the log's row). Reads the session once.
 */
// The reports are read with rule 2's windows of the first names the engine asks about, in one read (one round trip
// on PostgreSQL): ranking needs neither. A turn the engine never asks about reads the reports alone, for the log.
export class SessionView {
  /** The session's loads; filled before the first rule check returns. */
  readonly loaded: Set<string>;
  private reportsLoads: boolean;
  /** The session's reports: not read yet (null), being read, or in (`true`). */
  private reported: Promise<unknown> | true | null = null;

  constructor(
    private readonly ask: { sessionId?: string; loaded?: string[]; feedback?: boolean },
    private readonly db: Db | null,
    private readonly now: number,
    private readonly rules: RulesConfig,
    /** When the turn began, on `performance.now()`. */
    private readonly began?: number,
  ) {
    this.loaded = new Set(ask.loaded ?? []);
    this.reportsLoads = ask.feedback === true;
    if (!db || !ask.sessionId) this.reported = true;
  }

  /** The suggestion rules of selection spec §7 for the names the engine asks about (in the caller's turn when the reads are). */
  readonly check: NonNullable<PickInput["rules"]> = (names) =>
    thenMaybe(this.read(names), (windows) => {
      const { loaded: sessionLoaded, now, rules } = this;
      return (name: string) => checkSuggestion(name, { sessionLoaded, windowOf: (n) => windows.get(n) ?? shownWindow([], now, rules), now, rules });
    });

  /** Whether the client reports loads, as the log keeps it. */
  clientReportsLoads(): MaybePromise<boolean> {
    return thenMaybe(this.read([]), () => this.reportsLoads);
  }

  private read(names: readonly string[]): MaybePromise<ReadonlyMap<string, ShownWindow>> {
    if (!this.db) return NO_WINDOWS;
    const reported = this.reported;
    if (reported !== null && names.length === 0) return reported === true ? NO_WINDOWS : reported.then(() => NO_WINDOWS);
    const reading = readForTurn(this.db, {
      sessionId: reported === null ? this.ask.sessionId : undefined,
      names,
      now: this.now,
      rules: this.rules,
      began: this.began,
    });
    if (reported === null) {
      const took = (reads: TurnReads) => {
        for (const s of reads.reports?.loaded ?? []) this.loaded.add(s);
        this.reportsLoads ||= reads.reports?.reportsLoads ?? false;
        return reads.windows;
      };
      if (!isPending(reading)) {
        this.reported = true;
        return took(reading);
      }
      const windows = reading.then(took);
      this.reported = windows; // not a promise derived from it: one nobody awaited would be an unhandled rejection
      return windows;
    }
    // Rule checks see the session's loads: wait for its reports when they are still being read.
    if (reported === true) return thenMaybe(reading, (r) => r.windows);
    return Promise.all([reported, reading]).then(([, r]) => r.windows); // both handled at once: neither rejection goes unheard
  }
}

const NO_WINDOWS: ReadonlyMap<string, ShownWindow> = new Map();

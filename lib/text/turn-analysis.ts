import { isTrivialTurn } from "../gate/local-gate";
import { looksSecret, maskPersonalData, redact } from "../privacy/redact";
import { terms } from "./analyze";

/**
 * One turn, read once per request. The local gate's verdict, the secret
 * check, the redacted text and the turn's terms are each worked out the
 * first time something asks and then kept, so routing, domain entry and the
 * engine share one reading instead of each redoing it.
 */
export class TurnAnalysis {
  #trivial?: boolean;
  #secret?: boolean;
  #redacted?: string;
  #words?: number;
  #terms?: readonly string[];

  /** The turn as the agent sent it: never logged, never sent to a judge (`redacted` is). */
  constructor(readonly text: string) {}

  /** The local gate's verdict: a routine turn (thanks, ok) that no skill is asked about. */
  get trivial(): boolean {
    this.#trivial ??= isTrivialTurn(this.text);
    return this.#trivial;
  }

  /** It looks like it holds a secret: nothing of it leaves the process. */
  get secret(): boolean {
    this.#secret ??= looksSecret(this.text);
    return this.#secret;
  }

  /** What a judge may read: the turn with anything secret-shaped masked (a turn cleared of secrets has only personal data to mask). */
  get redacted(): string {
    this.#redacted ??= this.secret ? redact(this.text) : maskPersonalData(this.text);
    return this.#redacted;
  }

  /** Whitespace-separated words of the turn as sent (routing's length feature). */
  get words(): number {
    this.#words ??= this.text.trim().split(/\s+/).filter(Boolean).length;
    return this.#words;
  }

  /** The redacted turn's stemmed content words (what domain words and related skills are matched against). */
  get terms(): readonly string[] {
    this.#terms ??= terms(this.redacted);
    return this.#terms;
  }
}

/** The turn's one reading: a caller that analysed it already passes the analysis on. */
export function analyseTurn(turn: string | TurnAnalysis): TurnAnalysis {
  return typeof turn === "string" ? new TurnAnalysis(turn) : turn;
}

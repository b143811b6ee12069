import { replayLine } from "../replay/log-line";
import { syntheticLog } from "../replay/synthetic-log";

/** The demo week starts here: fixed, so every replay of it reads the same log (one digest, comparable runs). */
const DEMO_WEEK_START = Date.UTC(2026, 10, 16);

/**
 * The Replay page's "demo week": a synthetic week of suggestions and loads the size of the reference one (about 1,200
 * suggestions), over 60 made-up skills of which a few are useful and most mostly ignored, so both rules have
 * something to remove. Deterministic, and labelled synthetic everywhere it is shown.
 */
export function* demoWeekLines(): Generator<string> {
  for (const e of syntheticLog({ events: 1_350, skills: 60, sessions: 180, days: 7, start: DEMO_WEEK_START, seed: 1188, skillPrefix: "demo-skill-" })) {
    yield replayLine(e);
  }
}

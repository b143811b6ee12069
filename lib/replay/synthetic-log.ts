import { seededRandom } from "../base/random";
import { MINUTE_MS } from "../base/time";
import type { ReplayEvent } from "./log-line";

/**
 * A deterministic synthetic replay log, for benchmarks and demo data: clearly
 * made up, shaped like a real one. Sessions spread over `days`; each asks for a
 * few skills, some several times; a skill is loaded within a few minutes with
 * its own probability (a few skills are useful, most are mostly ignored).
 */
export interface SyntheticLogOptions {
  events: number;
  skills: number;
  sessions: number;
  days: number;
  start: number;
  seed?: number;
  /** Skill names are this and a 4-digit number (default `skill-`). */
  skillPrefix?: string;
}

/** Events in time order within a session, sessions interleaved by start time (not globally sorted). */
export function* syntheticLog(o: SyntheticLogOptions): Generator<ReplayEvent> {
  const random = seededRandom(o.seed ?? 7);
  const skillNames = Array.from({ length: o.skills }, (_, i) => `${o.skillPrefix ?? "skill-"}${String(i).padStart(4, "0")}`);
  // Popularity falls off (a few skills are suggested most); usefulness is a separate draw.
  const loadRate = skillNames.map(() => (random() < 0.2 ? 0.3 + random() * 0.4 : random() * 0.06));
  const pickSkill = () => Math.floor(o.skills * random() ** 2.2);
  const meanLoadRate = loadRate.reduce((a, b) => a + b, 0) / o.skills;
  // Turns per visit so that, loads included, the sessions' visits add up to the events asked for.
  const turnsPerVisit = o.events / o.sessions / (1 + meanLoadRate);
  let emitted = 0;
  for (let visit = 0; emitted < o.events; visit++) {
    const s = visit % o.sessions;
    const session = `syn-${s.toString(36)}`;
    let t = o.start + Math.floor(random() * o.days * 1440) * MINUTE_MS;
    const turns = Math.max(1, Math.round(turnsPerVisit * (0.5 + random())));
    for (let turn = 0; turn < turns && emitted < o.events; turn++) {
      const k = pickSkill();
      yield { at: t, session, kind: "suggest", skill: skillNames[k] };
      emitted++;
      if (random() < loadRate[k] && emitted < o.events) {
        yield { at: t + Math.floor(random() * 4 * MINUTE_MS), session, kind: "load", skill: skillNames[k] };
        emitted++;
      }
      t += Math.floor((1 + random() * 20) * MINUTE_MS);
    }
  }
}

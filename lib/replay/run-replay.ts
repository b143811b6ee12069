import { drain, type Steps } from "../base/steps";
import { DAY_MS, MINUTE_MS, utcDay } from "../base/time";
import { attributeLoad } from "../rules/attribution";
import type { RulesConfig } from "../rules/config";
import { checkSuggestion, type ShownWindow } from "../rules/suggestion-rules";
import { type EventColumns, KIND_SUGGEST } from "./event-columns";
import type { BadLines } from "./read-log";
import { type DayRow, type ReplayReport, type SkillRow, tally } from "./report";

/** Events replayed between two yields of replaySteps: a slice of milliseconds, so a server stays responsive (lib/README.md). */
export const REPLAY_SLICE = 16_384;

/**
 * Replay a log under `rules` (selection spec §7): every suggestion as recorded and as the rules would have shown it, in
 * time order, both crediting loads with lib/rules' attributeLoad. A removed suggestion's loads are lost unless
 * another shown suggestion takes them.
 */
// The replayed run decides each suggestion with checkSuggestion, from its session's loads so far (rule 1) and the
// window of that skill's suggestions it showed (rule 2), kept incrementally per skill.
export function runReplay(events: EventColumns, rules: RulesConfig, badLines: BadLines = { count: 0, first: [] }): ReplayReport {
  return drain(replaySteps(events, rules, badLines));
}

/** runReplay a slice at a time: yields the share of events replayed so far, returns the report. */
export function* replaySteps(
  events: EventColumns,
  rules: RulesConfig,
  badLines: BadLines = { count: 0, first: [] },
  slice = REPLAY_SLICE,
): Steps<ReplayReport> {
  const n = events.length;
  const order = yield* events.orderSteps();
  const { at, kind, session, skill } = events;
  const nSkills = events.skills.size;
  const attributionMs = rules.attribution_minutes * MINUTE_MS;
  const windowMs = rules.suppression.window_days * DAY_MS;

  const recordedLoaded = new Uint8Array(n);
  const replayedLoaded = new Uint8Array(n);
  const shown = new Uint8Array(n);
  const perSkill = {
    recorded: new Int32Array(nSkills),
    recordedLoaded: new Int32Array(nSkills),
    replayed: new Int32Array(nSkills),
    replayedLoaded: new Int32Array(nSkills),
    duplicates: new Int32Array(nSkills),
    rejected: new Int32Array(nSkills),
  };
  // Per UTC day of the suggestion (a load counts on its suggestion's day).
  const firstDay = n ? Math.floor(at[order[0]] / DAY_MS) : 0;
  const dayCount = n ? Math.floor(at[order[n - 1]] / DAY_MS) - firstDay + 1 : 0;
  const perDay = {
    recorded: new Int32Array(dayCount),
    recorded_loaded: new Int32Array(dayCount),
    replayed: new Int32Array(dayCount),
    replayed_loaded: new Int32Array(dayCount),
  };
  const dayOf = (i: number) => Math.floor(at[i] / DAY_MS) - firstDay;

  // Rule 2's window per skill: its shown suggestions in time order, the oldest dropped as the window moves.
  const windowQueue: number[][] = Array.from({ length: nSkills }, () => []);
  const windowHead = new Int32Array(nSkills);
  const windowShown = new Int32Array(nSkills);
  const windowLoads = new Int32Array(nSkills);
  const lastShown = new Float64Array(nSkills).fill(-Infinity);
  const queuePos = new Int32Array(n).fill(-1);
  const windowAt = (k: number, now: number): ShownWindow => {
    const q = windowQueue[k];
    let h = windowHead[k];
    while (h < q.length && at[q[h]] < now - windowMs) {
      windowShown[k]--;
      if (replayedLoaded[q[h]]) windowLoads[k]--;
      queuePos[q[h]] = -1; // out of the window: a late credit no longer counts here
      h++;
    }
    windowHead[k] = h;
    if (h > 4096 && h * 2 > q.length) {
      // Compact now and then, so a month of one skill does not keep every index.
      windowQueue[k] = q.slice(h);
      for (let j = 0; j < windowQueue[k].length; j++) queuePos[windowQueue[k][j]] = j;
      windowHead[k] = 0;
    }
    return { suggestions: windowShown[k], loads: windowLoads[k], lastShown: lastShown[k] };
  };

  // Per session (ids are dense): its recent suggestions a load could still credit, and the skills it loaded.
  const recentBySession: (number[] | undefined)[] = new Array(events.sessions.size);
  const loadsBySession: (Set<number> | undefined)[] = new Array(events.sessions.size);

  const credit = (recent: number[], k: number, loadAt: number, loadedFlags: Uint8Array, onlyShown: boolean): number => {
    const open: { at: number; loaded: boolean; i: number }[] = [];
    for (let j = recent.length - 1; j >= 0; j--) {
      const i = recent[j];
      if (at[i] < loadAt - attributionMs) break;
      if (skill[i] === k && (!onlyShown || shown[i])) open.push({ at: at[i], loaded: loadedFlags[i] === 1, i });
    }
    return attributeLoad(open, loadAt, attributionMs)?.i ?? -1;
  };

  // One rule context for the whole run (no objects or closures per event): it reads the event in hand.
  const current = { skill: 0, now: 0, loads: undefined as Set<number> | undefined };
  const ruleContext = {
    sessionLoaded: { has: () => current.loads?.has(current.skill) ?? false },
    windowOf: () => windowAt(current.skill, current.now),
    now: 0,
    rules,
  };

  let untilYield = slice;
  for (let o = 0; o < n; o++) {
    if (--untilYield === 0) {
      untilYield = slice;
      yield o / n;
    }
    const i = order[o];
    const k = skill[i];
    const s = session[i];
    const now = at[i];
    if (kind[i] === KIND_SUGGEST) {
      perSkill.recorded[k]++;
      perDay.recorded[dayOf(i)]++;
      let list = recentBySession[s];
      if (!list) {
        list = [];
        recentBySession[s] = list;
      }
      while (list.length > 0 && at[list[0]] < now - attributionMs) list.shift(); // can no longer take a load
      list.push(i);
      current.skill = k;
      current.now = now;
      current.loads = loadsBySession[s];
      ruleContext.now = now;
      const verdict = checkSuggestion(events.skills.names[k], ruleContext).verdict;
      if (verdict === "show") {
        shown[i] = 1;
        perSkill.replayed[k]++;
        perDay.replayed[dayOf(i)]++;
        queuePos[i] = windowQueue[k].push(i) - 1;
        windowShown[k]++;
        lastShown[k] = now;
      } else if (verdict === "already_loaded") perSkill.duplicates[k]++;
      else perSkill.rejected[k]++;
      continue;
    }
    // A load: rule 1 remembers it for the session; each run credits the suggestion attribution picks.
    let loads = loadsBySession[s];
    if (!loads) {
      loads = new Set();
      loadsBySession[s] = loads;
    }
    loads.add(k);
    const list = recentBySession[s];
    if (!list) continue;
    const recorded = credit(list, k, now, recordedLoaded, false);
    if (recorded >= 0) {
      recordedLoaded[recorded] = 1;
      perSkill.recordedLoaded[k]++;
      perDay.recorded_loaded[dayOf(recorded)]++;
    }
    const replayed = credit(list, k, now, replayedLoaded, true);
    if (replayed >= 0) {
      replayedLoaded[replayed] = 1;
      perSkill.replayedLoaded[k]++;
      perDay.replayed_loaded[dayOf(replayed)]++;
      if (queuePos[replayed] >= windowHead[k]) windowLoads[k]++;
    }
  }

  const days: DayRow[] = [];
  for (let d = 0; d < dayCount; d++) {
    if (perDay.recorded[d] === 0) continue;
    days.push({
      day: utcDay((firstDay + d) * DAY_MS),
      recorded: perDay.recorded[d],
      recorded_loaded: perDay.recorded_loaded[d],
      replayed: perDay.replayed[d],
      replayed_loaded: perDay.replayed_loaded[d],
    });
  }
  return buildReport(events, rules, badLines, perSkill, days);
}

function sum(a: Int32Array): number {
  let t = 0;
  for (const v of a) t += v;
  return t;
}

function buildReport(
  events: EventColumns,
  rules: RulesConfig,
  badLines: BadLines,
  perSkill: Record<"recorded" | "recordedLoaded" | "replayed" | "replayedLoaded" | "duplicates" | "rejected", Int32Array>,
  days: DayRow[],
): ReplayReport {
  const recordedLoaded = sum(perSkill.recordedLoaded);
  const replayedLoaded = sum(perSkill.replayedLoaded);
  const skills: SkillRow[] = [];
  events.skills.names.forEach((name, k) => {
    if (perSkill.recorded[k] === 0) return;
    skills.push({
      skill: name,
      recorded: perSkill.recorded[k],
      recorded_loaded: perSkill.recordedLoaded[k],
      replayed: perSkill.replayed[k],
      replayed_loaded: perSkill.replayedLoaded[k],
      duplicates: perSkill.duplicates[k],
      rejected: perSkill.rejected[k],
      loads_lost: perSkill.recordedLoaded[k] - perSkill.replayedLoaded[k],
    });
  });
  skills.sort((a, b) => b.duplicates + b.rejected - (a.duplicates + a.rejected) || b.loads_lost - a.loads_lost || (a.skill < b.skill ? -1 : 1));
  return {
    events: events.length,
    bad_lines: badLines,
    rules,
    recorded: tally(sum(perSkill.recorded), recordedLoaded),
    replayed: tally(sum(perSkill.replayed), replayedLoaded),
    removed: { duplicates: sum(perSkill.duplicates), rejected: sum(perSkill.rejected), loads_lost: recordedLoaded - replayedLoaded },
    skills,
    days,
  };
}

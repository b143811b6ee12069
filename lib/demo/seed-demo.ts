import path from "node:path";
import type { Db } from "../../db/client";
import { uncountDecisions } from "../../db/queries/decisions";
import { clearDiscoveryCache } from "../catalog/discover";
import { type JevConfig, packageRoot } from "../config";
import { JevError } from "../errors";
import { seededRandom } from "../random";
import { pickSkillService } from "../services/pick-skill";
import { recordFeedbackService } from "../services/record-feedback";
import { DAY_MS, MINUTE_MS } from "../time";
import { DEMO_OTHER_TURNS, DEMO_SKILLS, writeDemoSkills } from "./demo-skills";

/** Every demo row's session starts with this: it is how the demo is told apart and removed. */
export const DEMO_SESSION_PREFIX = "demo-";
export const DEMO_DAYS = 14;

export function demoSkillsRoot(): string {
  return path.join(packageRoot(), "data", "demo", "skills");
}

function realRows(db: Db): number {
  const like = `${DEMO_SESSION_PREFIX}%`;
  const count = (sql: string) => (db.$client.prepare(sql).get(like) as { n: number }).n;
  return (
    count("SELECT count(*) AS n FROM decisions WHERE session_id IS NULL OR session_id NOT LIKE ?") +
    count("SELECT count(*) AS n FROM feedback WHERE session_id NOT LIKE ?")
  );
}

/**
 * `npm run demo`: a deterministic synthetic fortnight, made by the real engine.
 * Demo sessions ask the demo skills (data/demo/skills) for turns over the last
 * 14 days (clock injected), and report loads for the useful skills more often
 * than for the ignored ones, so rule 2 comes into play. Refuses a database that
 * holds real rows unless `force`; seeding again replaces the demo rows.
 */
export async function seedDemo(
  db: Db,
  config: JevConfig,
  options: { now?: number; force?: boolean; turnsPerDay?: number } = {},
): Promise<{ decisions: number; loads: number }> {
  if (!options.force && realRows(db) > 0) {
    throw new JevError("conflict", "this database holds real decisions or feedback; run with --force to add demo data beside them");
  }
  removeDemo(db);
  const root = demoSkillsRoot();
  writeDemoSkills(root);
  clearDiscoveryCache();
  const random = seededRandom(20261130);
  const now = options.now ?? Date.now();
  const start = now - DEMO_DAYS * DAY_MS;
  const perDay = options.turnsPerDay ?? 90;
  // Sessions of a few turns at random times, in time order (the engine's rules depend on what came before).
  const turns: { at: number; session: string; turn: string; skill?: (typeof DEMO_SKILLS)[number] }[] = [];
  for (let s = 0; s < (DEMO_DAYS * perDay) / 4; s++) {
    let at = start + Math.floor(random() * (DEMO_DAYS * DAY_MS - DAY_MS / 4));
    const session = `${DEMO_SESSION_PREFIX}${s.toString(36)}`;
    for (let t = 0; t < 1 + Math.floor(random() * 6); t++) {
      at += Math.floor((1 + random() * 15) * MINUTE_MS);
      if (random() < 0.15) turns.push({ at, session, turn: DEMO_OTHER_TURNS[Math.floor(random() * DEMO_OTHER_TURNS.length)] });
      else {
        const skill = DEMO_SKILLS[Math.floor(DEMO_SKILLS.length * random() ** 1.4)];
        turns.push({ at, session, turn: skill.turns[Math.floor(random() * skill.turns.length)], skill });
      }
    }
  }
  turns.sort((a, b) => a.at - b.at);
  let loads = 0;
  const pendingLoads: { at: number; session: string; skill: string }[] = [];
  for (const t of turns) {
    while (pendingLoads.length && pendingLoads[0].at <= t.at) {
      const l = pendingLoads.shift()!;
      recordFeedbackService(db, { sessionId: l.session, skill: l.skill, event: "loaded", at: l.at }, config, l.at);
      loads++;
    }
    const served = await pickSkillService(
      { turn: t.turn, roots: [root], sessionId: t.session, agent: "hermes", feedback: true },
      { channel: "cli", db, config, clock: () => t.at },
    );
    const shown = served.record.suggested?.name;
    if (shown && t.skill && shown === t.skill.name && random() < t.skill.useful) {
      pendingLoads.push({ at: t.at + Math.floor((0.5 + random() * 3.5) * MINUTE_MS), session: t.session, skill: shown });
      pendingLoads.sort((a, b) => a.at - b.at);
    }
  }
  for (const l of pendingLoads) {
    recordFeedbackService(db, { sessionId: l.session, skill: l.skill, event: "loaded", at: l.at }, config, l.at);
    loads++;
  }
  return { decisions: turns.length, loads };
}

/** Remove every demo row (decisions with their candidates and suggestions, feedback) and their counts in the aggregates. */
export function removeDemo(db: Db): { decisions: number } {
  const like = `${DEMO_SESSION_PREFIX}%`;
  return db.transaction(() => {
    const rows = db.$client
      .prepare(
        "SELECT id, at, day, status, outcome, reason_code AS reasonCode, latency_ms AS latencyMs, stage_one_ms AS stageOneMs, stage_two_ms AS stageTwoMs, requests FROM decisions WHERE session_id LIKE ?",
      )
      .all(like) as Parameters<typeof uncountDecisions>[1][number][] & { id: number }[];
    uncountDecisions(db, rows);
    // Rule 2's per-day counts: recounted from what remains for every (skill, day) the demo touched.
    const touched = db.$client.prepare("SELECT DISTINCT skill, at / 86400000 AS day FROM suggestions WHERE session_id LIKE ?").all(like) as {
      skill: string;
      day: number;
    }[];
    // Rule 2's removals per day: the demo's taken out of the counts.
    const removals = db.$client
      .prepare(
        `SELECT r.name AS skill, d.at / 86400000 AS day, count(*) AS n FROM decision_candidates c
         JOIN decisions d ON d.id = c.decision_id JOIN skill_refs r ON r.id = c.skill_ref_id
         WHERE d.session_id LIKE ? AND c.verdict = 'suppressed' GROUP BY skill, day`,
      )
      .all(like) as { skill: string; day: number; n: number }[];
    const uncount = db.$client.prepare("UPDATE suppression_days SET count = count - ? WHERE skill = ? AND day = ?");
    for (const r of removals) uncount.run(r.n, r.skill, r.day);
    db.$client.exec("DELETE FROM suppression_days WHERE count <= 0");
    db.$client.prepare("DELETE FROM decision_candidates WHERE decision_id IN (SELECT id FROM decisions WHERE session_id LIKE ?)").run(like);
    db.$client.prepare("DELETE FROM suggestions WHERE session_id LIKE ?").run(like);
    db.$client.prepare("DELETE FROM decisions WHERE session_id LIKE ?").run(like);
    db.$client.prepare("DELETE FROM feedback WHERE session_id LIKE ?").run(like);
    const recount = db.$client.prepare(
      "SELECT count(*) AS suggestions, count(loaded_at) AS loads, max(at) AS lastAt FROM suggestions WHERE skill = ? AND at >= ? AND at < ? AND reports_loads = 1",
    );
    const put = db.$client.prepare("UPDATE suggestion_days SET suggestions = ?, loads = ?, last_at = ? WHERE skill = ? AND day = ?");
    const drop = db.$client.prepare("DELETE FROM suggestion_days WHERE skill = ? AND day = ?");
    for (const t of touched) {
      const c = recount.get(t.skill, t.day * DAY_MS, (t.day + 1) * DAY_MS) as { suggestions: number; loads: number; lastAt: number | null };
      if (c.suggestions === 0) drop.run(t.skill, t.day);
      else put.run(c.suggestions, c.loads, c.lastAt, t.skill, t.day);
    }
    return { decisions: rows.length };
  });
}

/** Whether the database holds demo rows (the Overview offers to remove them). */
export function hasDemoRows(db: Db): boolean {
  return db.$client.prepare("SELECT 1 FROM decisions WHERE session_id LIKE ? LIMIT 1").get(`${DEMO_SESSION_PREFIX}%`) !== undefined;
}

import type { Db } from "../../../db/client";
import { deleteSessionRows, hasSessionRows, rowsOutsideSessions } from "../../../db/queries/session-rows";
import { JevError } from "../../base/errors";
import { seededRandom } from "../../base/random";
import { DAY_MS, MINUTE_MS } from "../../base/time";
import { clearDiscoveryCache } from "../../catalog/discover";
import { demoSkillsRoot } from "../../demo/demo-folders";
import { DEMO_OTHER_TURNS, DEMO_SKILLS, writeDemoSkills } from "../../demo/demo-skills";
import { ctxAt, type DbCtx, type ServiceCtx } from "../context";
import { servePickSkill } from "../decisions/pick";
import { recordAgentFeedback } from "../feedback/record";

/** Every demo row's session starts with this: it is how the demo is told apart and removed. */
export const DEMO_SESSION_PREFIX = "demo-";
export const DEMO_DAYS = 14;
/** Demo skills less useful than this are the ones the story's agents mostly ignore (rule 2's examples). */
const IGNORED_BELOW = 0.25;

export { demoSkillsRoot } from "../../demo/demo-folders";

/** Rows the demo must not be mixed into: real decisions that offered something, and real feedback (a fail-open try-it call is neither). */
const realRows = (db: Db) => rowsOutsideSessions(db, DEMO_SESSION_PREFIX, { skipFailOpen: true });

/**
 * `npm run demo`: a deterministic synthetic fortnight, made by the real engine. Demo sessions ask the demo skills
 * (data/demo/skills) for turns over the last 14 days (clock injected), and report loads for the useful skills more
 * often than for the ignored ones, so rule 2 comes into play. Refuses a database that holds real rows unless `force`;
 * seeding again replaces the demo rows.
 */
export async function seedDemo(ctx: ServiceCtx, options: { force?: boolean; turnsPerDay?: number } = {}): Promise<{ decisions: number; loads: number }> {
  const { db, config } = ctx;
  if (!options.force && (await realRows(db)) > 0) {
    throw new JevError("conflict", "this database holds real decisions or feedback; run with --force to add demo data beside them");
  }
  await removeDemo(ctx);
  const root = demoSkillsRoot(config);
  writeDemoSkills(root);
  clearDiscoveryCache();
  const random = seededRandom(20261130);
  const now = ctx.clock();
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
      await recordAgentFeedback(ctxAt(db, config, l.at), { sessionId: l.session, skill: l.skill, event: "loaded", at: l.at });
      loads++;
    }
    const served = await servePickSkill(
      { db, config, clock: () => t.at },
      { channel: "cli", turn: t.turn, roots: [root], sessionId: t.session, agent: "hermes", feedback: true },
    );
    const suggested = served.record.suggested;
    const shown = suggested?.name;
    // The agent loads a fitting suggestion as often as its match says (so the reliability chart shows the
    // calibration it is there to show); the few skills the story has agents ignore are loaded a tenth as often.
    const loadChance = suggested ? suggested.match * (t.skill && t.skill.useful >= IGNORED_BELOW ? 1 : 0.1) : 0;
    if (shown && t.skill && shown === t.skill.name && random() < loadChance) {
      pendingLoads.push({ at: t.at + Math.floor((0.5 + random() * 3.5) * MINUTE_MS), session: t.session, skill: shown });
      pendingLoads.sort((a, b) => a.at - b.at);
    }
  }
  for (const l of pendingLoads) {
    await recordAgentFeedback(ctxAt(db, config, l.at), { sessionId: l.session, skill: l.skill, event: "loaded", at: l.at });
    loads++;
  }
  return { decisions: turns.length, loads };
}

/** Remove every demo row (decisions with their candidates and suggestions, feedback) and their counts in the aggregates. */
export function removeDemo(ctx: DbCtx): Promise<{ decisions: number }> {
  return deleteSessionRows(ctx.db, DEMO_SESSION_PREFIX);
}

/** Whether the database holds demo rows (the Overview offers to remove them). */
export function hasDemoRows(db: Db): Promise<boolean> {
  return hasSessionRows(db, DEMO_SESSION_PREFIX);
}

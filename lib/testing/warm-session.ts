import type { Db } from "../../db/client";
import type { JevConfig } from "../config";
import { recordAgentFeedback } from "../services/feedback/record";
import { setAgentSwitch } from "../services/rules/agent-switches";

/** The catalog warmUpSession's turns are written for (folder name → description). */
export const WARM_SESSION_SKILLS = {
  pdf: "Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents.",
  xlsx: "Create, edit and analyze Excel spreadsheets with formulas and charts.",
  "git-commit": "Write conventional git commit messages from staged changes.",
};

/** A turn of session `s-1` of the agent `claude-code` (which reports loads), over a catalog holding pdf and xlsx. */
export type SessionTurn = (text: string) => Promise<unknown>;

/** After warmUpSession: a turn that suggests xlsx to a session that has loaded pdf and been answered since. */
export const WARM_SUGGESTING_TURN = "build an Excel spreadsheet with charts of the sales";

/**
 * What the hot-path tests measure a warm turn after: rule 2 on for the
 * agent, a turn that suggested pdf, its load reported, and another turn, so
 * the session's reports, rule 2's history and the skills' ids are all known.
 */
export async function warmUpSession(ctx: { db: Db; config: JevConfig }, turn: SessionTurn): Promise<void> {
  await setAgentSwitch({ db: ctx.db }, { agent: "claude-code", name: "skill_feedback", value: "on" });
  await turn("merge these two PDF documents into one");
  await recordAgentFeedback({ db: ctx.db, config: ctx.config, clock: Date.now }, { sessionId: "s-1", skill: "pdf", event: "loaded" });
  await turn("make a spreadsheet with formulas for the budget");
}

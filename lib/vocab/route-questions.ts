import { z } from "zod";

/**
 * Routing's three questions (selection spec §9), asked of the same judge as
 * skill selection, each answered with a probability. One definition: the
 * prompts, the reply schema, the thresholds and the dashboard read it.
 */
export const ROUTE_QUESTIONS = {
  hard: "Does answering it well need careful multi-step reasoning, planning or expert knowledge?",
  code: "Does it involve writing, changing, reviewing or debugging code?",
  simple: "Is it quick to answer: a greeting, a short fact, a small rewording?",
} as const;

export type RouteQuestion = keyof typeof ROUTE_QUESTIONS;
export const ROUTE_QUESTION_KEYS = Object.keys(ROUTE_QUESTIONS) as RouteQuestion[];

const Unit = z.number().min(0).max(1);
export const RouteAnswers = z.object({ hard: Unit, code: Unit, simple: Unit });
export type RouteAnswers = z.infer<typeof RouteAnswers>;

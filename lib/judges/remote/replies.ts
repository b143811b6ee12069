import { z } from "zod";
import { RouteAnswers } from "../../vocab/route-questions";
import { JudgeError } from "../types";

/**
 * A chat-completions answer and the JSON the judge was asked to put in it,
 * validated strictly: anything else (prose, a missing or repeated id, a
 * number outside [0, 1]) is `invalid_response`. One surrounding code fence
 * is tolerated: it is still the JSON asked for.
 */
const Unit = z.number().min(0).max(1);

const ChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const StageOneReply = z.object({ scores: z.array(z.object({ id: z.number().int(), score: Unit })) });
const MergedStageOneReply = StageOneReply.extend({ routing: RouteAnswers });
const StageTwoReply = z.object({ needs_skill: Unit, matches: z.array(z.object({ id: z.number().int(), match: Unit })) });

const invalid = () => new JudgeError("invalid_response");

/** The JSON object inside a chat completion's first message. */
export function completionJson(body: string): unknown {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    throw invalid();
  }
  const parsed = ChatCompletion.safeParse(envelope);
  const content = parsed.success ? parsed.data.choices[0].message.content : null;
  if (content === null) throw invalid();
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(content);
  try {
    return JSON.parse(fenced ? fenced[1] : content);
  } catch {
    throw invalid();
  }
}

/** Values by id 1..count, each exactly once. */
function byId<T extends { id: number }>(entries: readonly T[], count: number, value: (entry: T) => number): number[] {
  if (entries.length !== count) throw invalid();
  const out = new Array<number>(count).fill(Number.NaN);
  for (const entry of entries) {
    if (entry.id < 1 || entry.id > count || !Number.isNaN(out[entry.id - 1])) throw invalid();
    out[entry.id - 1] = value(entry);
  }
  return out;
}

/** Stage 1: a score per card, in the cards' order; with routing's answers when they rode along. */
export function stageOneScores(body: string, count: number, withRouting = false): { scores: number[]; routing?: RouteAnswers } {
  const json = completionJson(body);
  if (withRouting) {
    const merged = MergedStageOneReply.safeParse(json);
    if (!merged.success) throw invalid();
    return { scores: byId(merged.data.scores, count, (e) => e.score), routing: merged.data.routing };
  }
  const parsed = StageOneReply.safeParse(json);
  if (!parsed.success) throw invalid();
  return { scores: byId(parsed.data.scores, count, (e) => e.score) };
}

/** Routing's answers asked on their own. */
export function routeAnswers(body: string): RouteAnswers {
  const parsed = RouteAnswers.safeParse(completionJson(body));
  if (!parsed.success) throw invalid();
  return parsed.data;
}

/** Stage 2: needs_skill, and a match per finalist in the finalists' order. */
export function stageTwoVerdict(body: string, count: number): { needsSkill: number; matches: number[] } {
  const parsed = StageTwoReply.safeParse(completionJson(body));
  if (!parsed.success) throw invalid();
  return { needsSkill: parsed.data.needs_skill, matches: byId(parsed.data.matches, count, (e) => e.match) };
}

/** Which judge ranks the skills (`JEV_JUDGE`): the embedded local one, or an OpenAI-compatible endpoint. */
export const JUDGE_KINDS = ["local", "openai"] as const;
export type JudgeKind = (typeof JUDGE_KINDS)[number];

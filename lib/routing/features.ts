import { analyseTurn, type TurnAnalysis } from "../text/turn-analysis";
import type { RouteAnswers } from "../vocab/route-questions";

const CODE =
  /```|\b(?:function|class|def|import|const|let|var|return|stack ?trace|traceback|exception|compile|refactor|regex|sql|bug|debug|unit tests?|pull request|typescript|javascript|python|rust|golang|java)\b|\w+\.(?:ts|tsx|js|py|rs|go|java|rb|c|cpp|h|sql|sh)\b|=>|\(\)/i;
const HARD =
  /\b(?:prove|derive|design|architect|plan|strategy|trade-?offs?|analy[sz]e|optimi[sz]e|step by step|why does|root cause|compare|evaluate|migrate)\b/i;

/**
 * Routing's answers from the turn's own features, sending nothing (routing
 * `source: features`, and turns that look secret): code markers, reasoning
 * words and length. Coarse by design; the judge reads the turn.
 */
export function featureAnswers(input: string | TurnAnalysis): RouteAnswers {
  const turn = analyseTurn(input);
  const words = turn.words;
  const code = CODE.test(turn.text) ? 0.8 : 0.1;
  const hard = Math.min(1, (HARD.test(turn.text) ? 0.5 : 0.1) + (words > 150 ? 0.3 : words > 60 ? 0.15 : 0));
  const simple = turn.trivial || words <= 6 ? 0.8 : words <= 20 && code < 0.5 && hard < 0.5 ? 0.5 : 0.1;
  return { hard, code, simple };
}

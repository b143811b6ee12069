import { z } from "zod";
import { JevError } from "../../lib/base/errors";
import { recordAgentFeedback } from "../../lib/services/feedback";
import { FeedbackEvent } from "../../lib/vocab/feedback-events";
import { cliCtx } from "../context";
import { parseFlags, UsageError } from "../usage";

const Flags = z.object({
  session: z.string().min(1).max(256),
  skill: z.string().min(1).max(256),
  event: FeedbackEvent,
  at: z.iso.datetime({ offset: true }).optional(),
});

/** `jev feedback`: the CLI twin of `POST /api/feedback`. */
export async function feedbackCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { session: { type: "string" }, skill: { type: "string" }, event: { type: "string" }, at: { type: "string" } });
  for (const name of ["session", "skill", "event"] as const) if (flags[name] === undefined) throw new UsageError(`feedback needs --${name}`);
  const parsed = Flags.safeParse(flags);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JevError("bad_request", `--${issue.path.join(".")}: ${issue.path[0] === "event" ? "must be loaded or rejected" : issue.message}`);
  }
  const { session, skill, event, at } = parsed.data;
  await recordAgentFeedback(cliCtx(), { sessionId: session, skill, event, at: at ? Date.parse(at) : undefined });
  out(JSON.stringify({ ok: true }));
  return 0;
}

import { ZodError, type z } from "zod";
import { tokenMatches, tokenSources } from "../auth/api-token";
import { describeZodIssue, type ErrorCode, toJevError } from "../base/errors";
import { errorAtMostEveryMinute } from "../base/log-once";
import { liveCtx, type ServiceCtx } from "../services/context";
import type { ActionRefusal, ActionResult } from "./action-result";

/**
 * The dashboard's twin of `handle` + `requireToken` (lib/http/handle.ts): every server action goes through
 * `guardedAction`, which checks the API token the page sends with it (typed once, kept in the tab's session storage),
 * parses the input with zod, runs the action and answers with a typed result. A refusal is a result, never a thrown
 * error: Next.js would answer a throw with a 500 and log its message.
 */

/** A server action gets the same context as every service verb. */
export type ActionContext = ServiceCtx;

/** The most a token field may hold; anything longer is not a token. */
const MAX_TOKEN_CHARS = 512;

/** Where an action's input keeps the token: a `token` field of its object or form. */
function fieldsOf(input: unknown): { token: unknown; fields: unknown } {
  if (input instanceof FormData) {
    // Object.fromEntries defines own keys: a field named __proto__ is a field like any other.
    const fields = Object.fromEntries(input);
    return { token: fields.token, fields };
  }
  if (input !== null && typeof input === "object" && !Array.isArray(input)) {
    return { token: Object.hasOwn(input, "token") ? (input as { token: unknown }).token : undefined, fields: input };
  }
  return { token: undefined, fields: input };
}

const refusal = (code: ErrorCode, message: string): ActionRefusal => ({ ok: false, code, message });

export function guardedAction<S extends z.ZodType, T extends object>(
  schema: S,
  run: (input: z.output<S>, ctx: ActionContext) => Promise<T> | T,
  what = "the action",
): (input: unknown) => Promise<ActionResult<T>> {
  return (input: unknown) =>
    answered(what, async () => {
      const ctx = liveCtx();
      const { token, fields } = fieldsOf(input);
      const valid = typeof token === "string" && token.length > 0 && token.length <= MAX_TOKEN_CHARS;
      if (!valid || !(await tokenMatches(ctx.db, tokenSources(ctx.config), token))) {
        return refusal("unauthorized", "this changes jev: give the API token (JEV_API_TOKEN, or `npx jev token`)");
      }
      const parsed = schema.safeParse(fields);
      if (!parsed.success) return refusal("bad_request", describeZodIssue(parsed.error.issues[0]).message);
      return { ok: true, ...(await run(parsed.data, ctx)) };
    });
}

/**
 * A server action that only reads what the dashboard's pages already show
 * (a running replay's progress): no token, as for the pages themselves, but
 * the same parsing and the same bounded refusals.
 */
export function readAction<S extends z.ZodType, T extends object>(
  schema: S,
  run: (input: z.output<S>, ctx: ActionContext) => Promise<T> | T,
  what = "the read",
): (input: unknown) => Promise<ActionResult<T>> {
  return (input: unknown) =>
    answered(what, async () => {
      const parsed = schema.safeParse(input);
      if (!parsed.success) return refusal("bad_request", describeZodIssue(parsed.error.issues[0]).message);
      return { ok: true, ...(await run(parsed.data, liveCtx())) };
    });
}

/** An action's work, its failures as refusals: a JevError's code and message, anything else `internal` with nothing of the raw error. */
async function answered<T extends object>(what: string, work: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ZodError) return refusal("bad_request", describeZodIssue(err.issues[0]).message);
    const known = toJevError(err);
    if (known.code !== "internal") return refusal(known.code, known.message);
    // Next would log the raw error (it may name files or carry input); keep the log and the reply bounded.
    errorAtMostEveryMinute(`[jev] ${what} failed (${err instanceof Error ? err.name : typeof err})`);
    return refusal("internal", `${what} failed`);
  }
}

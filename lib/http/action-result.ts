import type { ErrorCode } from "../base/errors";

/**
 * What every dashboard server action answers (lib/http/guarded-action.ts):
 * its result, or a refusal with the API's error code. Kept apart from the
 * guard, so browser components can name the type without the database.
 */
export type ActionResult<T extends object = object> = ({ ok: true } & T) | ActionRefusal;
export interface ActionRefusal {
  ok: false;
  code: ErrorCode;
  message: string;
}

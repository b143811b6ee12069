import { z } from "zod";
import { ERROR_STATUS } from "@/lib/base/errors";

/*
 * The shapes every route shares: the error envelope of interfaces.md and the bare acknowledgement. The reply
 * schemas in each route's schema.ts describe what it answers (the OpenAPI document, and the tests that hold
 * real replies to it); fields a schema does not name may be added later without breaking a client.
 */

export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    message: z.string(),
    /** The field a 400 is about (`turn`, `loadable.0`). */
    field: z.string().optional(),
  }),
});

export const OkReply = z.object({ ok: z.literal(true) });

/** An ISO-8601 instant as the API writes them (UTC, milliseconds). */
export const Instant = z.string().meta({ format: "date-time" });

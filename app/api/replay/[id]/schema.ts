import { z } from "zod";

export const RunId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

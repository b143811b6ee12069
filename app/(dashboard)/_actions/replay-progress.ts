"use server";

import { z } from "zod";
import { readAction } from "@/lib/http/guarded-action";
import { replayRun } from "@/lib/services/replay";

/** A running replay's phase and share done: what its page polls (a read, like the page itself: no token). */
export const readReplayProgress = readAction(
  z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict(),
  async ({ id }, ctx) => {
    const run = await replayRun(ctx, { id });
    return { status: run.status, phase: run.phase, progress: run.progress };
  },
  "the replay progress",
);

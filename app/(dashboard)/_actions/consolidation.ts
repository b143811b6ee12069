"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { PlanSkillName } from "@/lib/curator/consolidation-plan";
import { guardedAction } from "@/lib/http/guarded-action";
import { applyConsolidation, consolidationPreview, undoConsolidationInto } from "@/lib/services/curator";

/*
 * The Curator page's consolidation pass: Preview asks the remote judge (it costs the judge's tokens, so it takes the
 * API token like every change), Apply carries out exactly the preview shown (its id), Undo puts a consolidation back.
 */

const refreshed = <T extends object>(result: T): T => {
  revalidatePath("/curator");
  revalidatePath("/skills", "layout");
  return result;
};

export const consolidationPreviewAction = guardedAction(
  z.object({}),
  async (_input, ctx) => {
    const p = await consolidationPreview(ctx);
    const refused = p.refused.length ? `, ${p.refused.length} group(s) left alone` : "";
    return refreshed({ message: `${p.changes.length} plan(s) for ${p.clusters.length} overlapping group(s)${refused}; nothing changed yet` });
  },
  "the consolidation preview",
);

export const consolidationApplyAction = guardedAction(
  z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, "id: the preview to apply") }),
  async ({ id }, ctx) => refreshed({ message: (await applyConsolidation(ctx, { id })).message.split("\n")[0] }),
  "applying the consolidation",
);

export const consolidationUndoAction = guardedAction(
  z.object({ umbrella: PlanSkillName }),
  async ({ umbrella }, ctx) => refreshed({ message: (await undoConsolidationInto(ctx, { umbrella })).message }),
  "undoing the consolidation",
);

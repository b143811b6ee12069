"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { guardedAction } from "@/lib/http/guarded-action";
import { curatorActionService } from "@/lib/services/curator-actions";
import { CuratorAction } from "@/lib/vocab/curator";

const AdminForm = z.object({
  action: CuratorAction,
  name: z.string().trim().max(256).optional(),
  dry_run: z.enum(["true", "false"]).optional(),
});

/**
 * The dashboard's curator actions (pin, unpin, archive, restore, run): they
 * change files in the Hermes home; the confirmation dialog asks for the token.
 */
export const curatorAdminAction = guardedAction(
  AdminForm,
  async ({ action, name, dry_run }, { db, config }) => {
    const result = await curatorActionService(db, config, action, { name, dryRun: dry_run === "true" });
    revalidatePath("/curator");
    revalidatePath("/skills", "layout");
    return { message: result.message };
  },
  "the curator action",
);

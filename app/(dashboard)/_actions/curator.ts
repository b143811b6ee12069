"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { guardedAction } from "@/lib/http/guarded-action";
import { curatorAction } from "@/lib/services/curator";
import { CuratorAction } from "@/lib/vocab/curator";

const AdminForm = z.object({
  action: CuratorAction,
  name: z.string().trim().max(256).optional(),
  dry_run: z.enum(["true", "false"]).optional(),
});

/**
 * The dashboard's curator actions (pin, unpin, archive, restore, adopt, run): they
 * change files in the Hermes home; the confirmation dialog asks for the token.
 */
export const curatorAdminAction = guardedAction(
  AdminForm,
  async ({ action, name, dry_run }, ctx) => {
    const result = await curatorAction(ctx, { action, name, dryRun: dry_run === "true" });
    revalidatePath("/curator");
    revalidatePath("/skills", "layout");
    return { message: result.message };
  },
  "the curator action",
);

"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/client";
import { ensureApiToken, isAuthorized } from "@/lib/auth/api-token";
import { loadConfig } from "@/lib/config";
import { describeZodIssue, JevError } from "@/lib/errors";
import { curatorActionService } from "@/lib/services/curator-actions";
import { CuratorAction } from "@/lib/vocab/curator";

type Result = { ok: true; message: string } | { ok: false; message: string; unauthorized?: boolean };

const AdminForm = z.object({
  action: CuratorAction,
  name: z.string().trim().max(256).optional(),
  dry_run: z.enum(["true", "false"]).optional(),
  token: z.string().max(512),
});

/**
 * The dashboard's curator actions (pin, unpin, archive, restore, run): they
 * change files in the Hermes home, so, like the API, they need the bearer
 * token, which the confirmation dialog asks for.
 */
export async function curatorAdminAction(form: FormData): Promise<Result> {
  const parsed = AdminForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, message: describeZodIssue(parsed.error.issues[0]).message };
  const { action, name, dry_run, token } = parsed.data;
  const db = getDb();
  const config = loadConfig();
  if (!isAuthorized(`Bearer ${token}`, (await ensureApiToken(db, config.apiToken)).token)) {
    return { ok: false, unauthorized: true, message: "wrong API token (JEV_API_TOKEN, or `npx jev token`)" };
  }
  try {
    const result = await curatorActionService(db, config, action, { name, dryRun: dry_run === "true" });
    revalidatePath("/curator");
    revalidatePath("/skills", "layout");
    return { ok: true, message: result.message };
  } catch (err) {
    if (err instanceof JevError) return { ok: false, message: err.message };
    console.error(`[jev] curator action failed (${err instanceof Error ? err.name : typeof err})`);
    return { ok: false, message: `the curator could not ${action}` };
  }
}

import { parseWith, readJson } from "@/lib/http/handle";
import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { curatorAction } from "@/lib/services/curator";
import { ActionParams, NameBody, NoBody, RunBody } from "./schema";

/** POST /api/curator/[action]: `pin`/`unpin`/`archive`/`restore`/`adopt` take `{"name"}`, `run` `{"dry_run"}`, `pause`/`resume` `{}`. Refusals are 404 or 409. */
export const curatorActionReply: RouteHandler = async (request, params, ctx) => {
  const { action } = parseWith(ActionParams, params);
  if (action === "pause" || action === "resume") {
    await readJson(request, NoBody);
    return jsonReply(await curatorAction(ctx, { action }));
  }
  const body = action === "run" ? await readJson(request, RunBody) : await readJson(request, NameBody);
  const input = "name" in body ? { name: body.name } : { dryRun: body.dry_run };
  return jsonReply(await curatorAction(ctx, { action, ...input }));
};

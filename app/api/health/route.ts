import { getDb } from "@/db/client";
import { discover } from "@/lib/catalog/discover";
import { loadConfig } from "@/lib/config";
import { handle } from "@/lib/http/handle";
import { catalogSource } from "@/lib/services/catalog-source";

export const dynamic = "force-dynamic";

/** Liveness for agents and load balancers: no token needed. */
export async function GET() {
  return handle(() => {
    getDb();
    const { roots, disabled } = catalogSource({}, loadConfig());
    return Response.json({ ok: true, db: "sqlite", skills: discover(roots, { disabled }).skills.length });
  });
}

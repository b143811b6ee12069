import { getDb } from "@/db/client";
import { discover } from "@/lib/catalog/discover";
import { isWalkOverBudget } from "@/lib/catalog/walk-budget";
import { loadConfig } from "@/lib/config";
import { handle } from "@/lib/http/handle";
import { catalogSource } from "@/lib/services/catalog-source";

export const dynamic = "force-dynamic";

/** Liveness for agents and load balancers: no token needed. A catalog over the walk budget is a warning, not an outage. */
export async function GET() {
  return handle(async () => {
    getDb();
    const { roots, disabled, fence } = catalogSource({}, loadConfig());
    try {
      const { skills } = await discover(roots, { disabled, fence });
      return Response.json({ ok: true, db: "sqlite", skills: skills.length });
    } catch (err) {
      if (!isWalkOverBudget(err)) throw err;
      return Response.json({ ok: true, db: "sqlite", skills: 0, warnings: [`${err.message}; every selection fails open`] });
    }
  });
}

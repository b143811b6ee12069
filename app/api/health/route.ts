import { getDb } from "@/db/client";
import { discover } from "@/lib/catalog/discover";
import { isWalkOverBudget } from "@/lib/catalog/walk-budget";
import { loadConfig } from "@/lib/config";
import { handle } from "@/lib/http/handle";
import { catalogSource } from "@/lib/services/catalog/source";
import { localIndexState } from "@/lib/services/catalog/warm-judge";

export const dynamic = "force-dynamic";

/**
 * Liveness for agents and load balancers: no token needed. `db` says which
 * database this instance is on (sqlite, or postgres for a fleet). A catalog over the
 * walk budget is a warning, not an outage. `index`: whether the local judge's
 * index of the default catalog is ready (built at start; until then big catalogs fail open).
 */
export async function GET() {
  return handle(async () => {
    const db = getDb().jev.dialect; // "sqlite" or "postgres"
    const config = loadConfig();
    const { roots, disabled, fence } = catalogSource({}, config);
    try {
      const { skills } = await discover(roots, { disabled, fence });
      return Response.json({ ok: true, db, skills: skills.length, index: localIndexState(config, skills) });
    } catch (err) {
      if (!isWalkOverBudget(err)) throw err;
      return Response.json({ ok: true, db, skills: 0, warnings: [`${err.message}; every selection fails open`] });
    }
  });
}

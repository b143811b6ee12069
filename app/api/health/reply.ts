import { discover } from "@/lib/catalog/discover";
import { isWalkOverBudget } from "@/lib/catalog/walk-budget";
import { jsonReply } from "@/lib/http/json-reply";
import type { RouteHandler } from "@/lib/http/route-table";
import { catalogSource, encoderInUse, localIndexState } from "@/lib/services/catalog";

/**
 * GET /api/health, liveness for agents and load balancers (no token): `db` names the database (sqlite, or postgres
 * for a fleet); a catalog over the walk budget is a warning, not an outage; `index` says whether the local judge's
 * index of the default catalog is ready, `encoder` how far its sentence encoder is (ready, building, loading, failed, off).
 */
export const healthReply: RouteHandler = async (_request, _params, { db, config }) => {
  const dialect = db.jev.dialect;
  const { roots, disabled, fence } = catalogSource({}, config);
  try {
    const { skills } = await discover(roots, { disabled, fence });
    return jsonReply({ ok: true, db: dialect, skills: skills.length, index: localIndexState(config, skills), encoder: encoderInUse(config)?.state });
  } catch (err) {
    if (!isWalkOverBudget(err)) throw err;
    return jsonReply({ ok: true, db: dialect, skills: 0, warnings: [`${err.message}; every selection fails open`] });
  }
};

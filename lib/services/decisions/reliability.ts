import { type LoadsByMatchRow, loadsByMatch } from "../../../db/queries/match-reliability";
import type { DbCtx } from "../context";
import { resolveRange } from "./summary";

export interface MatchReliability {
  from: string;
  to: string;
  rows: (LoadsByMatchRow & { share: number | null })[];
  shown: number;
}

/**
 * "Does 0.7 mean 70% on my skills?": the judge's suggestions to agents that report loads, by match bucket, and the
 * share loaded, from the decision log alone (nothing about the turn). A load is not the same as right (an agent may
 * skip a right skill), so this reads as a floor on how often a match is right, with the agents' own skills and turns.
 */
export async function matchReliability(ctx: DbCtx, range: { from?: string; to?: string }): Promise<MatchReliability> {
  const { db } = ctx;
  const { from, to } = resolveRange(range, ctx.clock());
  const rows = await loadsByMatch(db, { from, to });
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    rows: rows.map((r) => ({ ...r, share: r.shown ? Math.round((r.loaded / r.shown) * 1000) / 1000 : null })),
    shown: rows.reduce((n, r) => n + r.shown, 0),
  };
}

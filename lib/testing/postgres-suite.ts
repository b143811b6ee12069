import { afterAll, beforeAll } from "vitest";
import { type Postgres, startPostgres } from "./postgres";
import { postgresSkipReason } from "./postgres-skip";

/** Why a suite that needs PostgreSQL is skipped here (said once, on one line), or null when it runs (see postgresSkipReason). */
export function postgresSkip(suite: string): string | null {
  const problem = postgresSkipReason();
  if (problem) console.warn(`[skipped] ${suite}: ${problem}`);
  return problem;
}

/** A cluster for the suite: started before its tests, stopped after. */
export function useTestPostgres(): { current(): Postgres } {
  let pg: Postgres | null = null;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  return {
    current() {
      if (!pg) throw new Error("PostgreSQL has not started");
      return pg;
    },
  };
}

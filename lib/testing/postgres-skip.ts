import { postgresUnavailable } from "./postgres";

/**
 * Why a test that needs PostgreSQL is skipped here, or null when it runs. In
 * CI (`CI` set) it always runs: if PostgreSQL is missing there, starting it
 * fails the test, as it should.
 */
export function postgresSkipReason(): string | null {
  return process.env.CI ? null : postgresUnavailable();
}

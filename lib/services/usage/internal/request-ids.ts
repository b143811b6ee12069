import { processWide } from "../../../base/process-state";

/**
 * The `request_id`s of usage bumps this process answered (or is answering) lately, per Hermes home: a retry whose
 * first answer was lost is answered again without counting twice, even while the first is still being written or when
 * the database could not record it. The database remembers them too (usage_requests), across restarts and for other
 * processes.
 */
const KEEP_MS = 24 * 3_600_000;
const MAX_PER_HOME = 50_000;

interface Seen {
  at: number;
  /** Settles with the first request's outcome. */
  outcome: Promise<unknown>;
}

const seenByHome = processWide("jev.usageRequestIds", () => new Map<string, Map<string, Seen>>());

/** The first request with this id, if this process saw it within a day. */
export function seenRequest(home: string, id: string, now: number): Seen | undefined {
  const seen = seenByHome.get(home)?.get(id);
  return seen && now - seen.at < KEEP_MS ? seen : undefined;
}

/** Remember a request as it starts; the oldest are forgotten past the limit. */
export function rememberRequest(home: string, id: string, now: number, outcome: Promise<unknown>): void {
  let seen = seenByHome.get(home);
  if (!seen) {
    seen = new Map();
    seenByHome.set(home, seen);
  }
  seen.set(id, { at: now, outcome });
  for (const oldest of seen.keys()) {
    if (seen.size <= MAX_PER_HOME) break;
    seen.delete(oldest);
  }
}

/** A failed request may be sent again and counted then. */
export function forgetRequest(home: string, id: string): void {
  seenByHome.get(home)?.delete(id);
}

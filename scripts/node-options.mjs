// The server's Node flags, shared by `npm start` (scripts/start.mjs) and the
// tests and benchmarks that start their own server (lib/testing/server-process.ts).
// A small, bounded V8 heap. jev's live set is about 100 MB with an 885-skill
// catalog with bodies (the index, its strings, Next's code); under sustained
// load V8 lets the old space fill to its cap with garbage between
// collections, and the young generation sits on top, so the cap sets the
// peak: with 160 MB and 16 MB semi-spaces a 4,000-request fuzz peaked at
// 245 MB, with 160/8 at 232-248 MB (the Skills and Curator pages in the mix),
// with 140/8 at 222-223 MB, at the same pick-skill throughput within noise
// (bench/fuzz.ts, bench/http.ts). Unbounded, RSS drifted to ~280 MB. The
// SQLite checkpoint worker (db/background-checkpoints.ts) added 9 MB, and
// e2e/fuzz.spec.ts then peaked at 242-257 MB with 140/8; with 140/4 at
// 229-246 MB on the same seeds, for about 4 µs more GC per pick-skill request.
// The old space stays at 140: with 130 the e2e suite's shared server once ran
// out of heap. Its live set is about 98 MB (a heap snapshot, which collects
// fully, in the middle of e2e/hardening.spec.ts: the local index ~14 MB, the
// rest mostly Next's and jev's code), but under that spec's traffic the heap
// stays at 105-125 MB after each major GC: concurrent marking keeps what dies
// while it runs. A catalog of a few thousand skills with bodies needs more:
// JEV_NODE_HEAP_FLAGS replaces the default.
export const DEFAULT_HEAP_FLAGS = "--max-old-space-size=140 --max-semi-space-size=4";

/** NODE_OPTIONS for the server process: the caller's, plus the heap flags. */
export function serverNodeOptions(env = process.env) {
  return [env.NODE_OPTIONS, env.JEV_NODE_HEAP_FLAGS ?? DEFAULT_HEAP_FLAGS].filter(Boolean).join(" ");
}

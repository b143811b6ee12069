// The server's Node flags, shared by `npm start` (scripts/start.mjs) and the
// tests and benchmarks that start their own server (lib/testing/server-process.ts).
// A small, bounded V8 heap: jev's live set is about 100 MB with an 885-skill
// catalog with bodies (the index, its strings, Next's code); unbounded, RSS
// drifted to ~280 MB under sustained load. Under a long fuzz of hostile
// requests (megabyte bodies, page renders) the old space fills to its cap
// with garbage between collections, and the young generation's default
// 16 MB semi-spaces sat on top of it: 245 MB peak RSS, 232 MB with 8 MB
// semi-spaces, at the same pick-skill throughput within noise (bench/fuzz.ts,
// bench/http.ts). JEV_NODE_HEAP_FLAGS replaces the default.
export const DEFAULT_HEAP_FLAGS = "--max-old-space-size=160 --max-semi-space-size=8";

/** NODE_OPTIONS for the server process: the caller's, plus the heap flags. */
export function serverNodeOptions(env = process.env) {
  return [env.NODE_OPTIONS, env.JEV_NODE_HEAP_FLAGS ?? DEFAULT_HEAP_FLAGS].filter(Boolean).join(" ");
}

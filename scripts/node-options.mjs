// The server's Node flags, shared by `npm start` (scripts/start.mjs) and the
// tests and benchmarks that start their own server (lib/testing/server-process.ts).
// A small, bounded V8 heap: jev's working set is a few MB of indexes; unbounded,
// RSS drifted to ~280 MB under sustained load, and a fuzz of hostile requests
// (megabyte bodies, deeply nested JSON, page renders) pushed it past 250 MB.
// JEV_NODE_HEAP_FLAGS replaces the default.
export const DEFAULT_HEAP_FLAGS = "--max-old-space-size=160";

/** NODE_OPTIONS for the server process: the caller's, plus the heap flags. */
export function serverNodeOptions(env = process.env) {
  return [env.NODE_OPTIONS, env.JEV_NODE_HEAP_FLAGS ?? DEFAULT_HEAP_FLAGS].filter(Boolean).join(" ");
}

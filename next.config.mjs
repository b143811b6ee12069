/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native addons (better-sqlite3, fs-ext's flock), and pg (it requires its optional native binding by name):
  // load them from node_modules at run time, never bundle them. The ONNX runtime is loaded only by the encoder's
  // worker (lib/judges/local/dense/encoder-worker.mjs, started by path); it is listed so no route could bundle it.
  serverExternalPackages: ["better-sqlite3", "fs-ext", "pg", "onnxruntime-node"],
  poweredByHeader: false,
  // Replies are a few hundred bytes of JSON to local agents: gzip costs more than it saves.
  compress: false,
  // The Replay page uploads a log in pieces of 4 MiB (lib/services/replay/upload-files.ts) through a server action.
  experimental: { serverActions: { bodySizeLimit: "2mb" } },
  // `npm start` builds with this set: `npm test` already type-checks (tsc --noEmit), so the build skips its own pass.
  typescript: { ignoreBuildErrors: process.env.JEV_BUILD_SKIP_TYPECHECK === "1" },
};

export default nextConfig;

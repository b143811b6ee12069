/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // Replies are a few hundred bytes of JSON to local agents: gzip costs more than it saves.
  compress: false,
  // The Replay page uploads a log in pieces of 4 MiB (lib/services/replay-upload-files.ts) through a server action.
  experimental: { serverActions: { bodySizeLimit: "5mb" } },
};

export default nextConfig;

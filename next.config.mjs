/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // Replies are a few hundred bytes of JSON to local agents: gzip costs more than it saves.
  compress: false,
};

export default nextConfig;

// Compile server/serve.ts (and the lib/ modules it imports) to one plain
// JavaScript file, .next/jev-server.mjs, with packages left to node_modules.
// The server then runs on bare Node: through the tsx loader it cost ~50 MB
// more resident memory for the whole life of the process.
import path from "node:path";
import { build, stop } from "esbuild";

/** Bundle the server for the app in `root`; returns the bundle's path. Takes well under a second. */
export async function bundleServer(root) {
  const outfile = path.join(root, ".next", "jev-server.mjs");
  await build({
    entryPoints: [path.join(root, "server", "serve.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  // esbuild keeps a helper process for later builds; the launcher lives as long as the server, so end it now.
  await stop();
  return outfile;
}

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The peer tests (peers/): jev against the real programs around it, each installed pinned (PyPI, npm) into a cache
 * under node_modules/.cache. Not part of `npm test`; `.ci/run` runs them after it (`npm run test:peers`).
 */
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["peers/**/*.test.ts"],
    environment: "node",
    globalSetup: ["peers/support/global-setup.ts"],
    // Each suite starts servers and real programs: one at a time on a 2-core machine.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The same `@/` alias as tsconfig.json, for tests of app/ modules.
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "db/**/*.test.ts", "db/*.test.ts", "cli/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    // Unit tests pin the lexical judge's behaviour; the sentence encoder's own tests (lib/judges/local/dense) turn it
    // on, and e2e runs the server as users get it (encoder on).
    env: { JEV_ENCODER: "off" },
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["lib/**/*.test.ts", "db/**/*.test.ts", "cli/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
  },
});

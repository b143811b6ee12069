import { defineConfig } from "@playwright/test";
import { E2E } from "./e2e/support/env";

/** End-to-end: the real app under `next start` on loopback, driven by Debian's Chromium. */
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  workers: 1,
  fullyParallel: false,
  reporter: [["list"]],
  use: {
    baseURL: E2E.baseURL,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // Lay out a fresh Hermes home with real skills and a fresh database, then start as `npm start` does.
    command: "node bin/run-ts.mjs e2e/support/prepare-server.ts && node scripts/start.mjs",
    url: `${E2E.baseURL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { ...E2E.serverEnv },
  },
});

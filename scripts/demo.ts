// `npm run demo [-- --force | --remove]`: seed the configured database with a
// deterministic synthetic fortnight made by the real engine (lib/demo), or
// remove it. Demo rows are the sessions named `demo-…`; it also writes (or removes) a synthetic
// Hermes home in demo/hermes beside the database (data/demo/hermes by default) for the Skills and Curator pages. Nothing else is touched.

import fs from "node:fs";
import { JevError } from "../lib/base/errors";
import { ConfigError } from "../lib/config";
import { demoHermesHome, writeDemoHermesHome } from "../lib/demo/demo-hermes-home";
import { liveCtx } from "../lib/services/context";
import { removeDemo, seedDemo } from "../lib/services/demo";

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--force" && a !== "--remove");
if (unknown.length) {
  console.error(`demo: unknown option ${unknown[0]} (use --force or --remove)`);
  process.exit(2);
}
try {
  const ctx = liveCtx();
  const { config } = ctx;
  if (args.includes("--remove")) {
    const { decisions } = await removeDemo(ctx);
    fs.rmSync(demoHermesHome(config), { recursive: true, force: true });
    console.log(`demo: removed ${decisions} demo decisions and their suggestions, loads and counts from ${config.dbFile}, and the demo Hermes home`);
  } else {
    const started = Date.now();
    const { decisions, loads } = await seedDemo(ctx, { force: args.includes("--force") });
    console.log(
      `demo: ${decisions} synthetic decisions and ${loads} loads over 14 days in ${config.dbFile} (${((Date.now() - started) / 1000).toFixed(1)} s). They are demo data: sessions named demo-…; npm run demo -- --remove takes them out.`,
    );
    writeDemoHermesHome(demoHermesHome(config));
    console.log(
      `demo: a synthetic Hermes home is in ${demoHermesHome(config)}; to see the curator at work on it: HERMES_HOME=${demoHermesHome(config)} npm start`,
    );
  }
} catch (err) {
  if (err instanceof JevError || err instanceof ConfigError) {
    console.error(`demo: ${err.message}`);
    process.exit(2);
  }
  console.error(`demo: failed (${err instanceof Error ? err.name : "error"})`);
  process.exit(1);
}

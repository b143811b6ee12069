/**
 * A separate process that bumps a skill's view count N times through jev's
 * locked read-modify-write, for the cross-process tests of skills/.usage.json:
 *   node bin/run-ts.mjs lib/testing/usage-bump-worker.ts <home> <skill> <times>
 */
import { mutateUsage } from "../hermes/usage-file";
import { bumpView } from "../hermes/usage-record";

const [home, skill, times] = process.argv.slice(2);
for (let i = 0; i < Number(times); i++) {
  await mutateUsage(home, (map) => {
    bumpView(map, skill, Date.now());
    return { write: true, result: null };
  });
}

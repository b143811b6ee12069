import fs from "node:fs";
import { expect } from "vitest";
import { silentServer } from "./silent-server";

type Turn = () => Promise<{ status: number | null; ms: number }>;

/**
 * The three turns that show an agent bounds jev's hook (issue 53), in the agent's own runner: one with no hooks (the
 * turn's own time), one with jev's entry but its command stalled (`sleep 60`, an interpreter that never starts: cut at
 * jev's 5 s, not the agent's default), one with jev's own hook and its server silent (the script's own 1.5 s).
 */
export async function expectHookBounded(options: {
  /** The agent's settings file holding jev's hooks as `jev integrate` wrote it, and that file with no hooks at all. */
  settingsFile: string;
  withoutHooks: string;
  /** The file the hook reads jev's URL from. */
  urlFile: string;
  turn: Turn;
}): Promise<void> {
  const written = fs.readFileSync(options.settingsFile, "utf8");
  const silent = await silentServer();
  try {
    fs.writeFileSync(options.settingsFile, options.withoutHooks);
    const bare = await options.turn();
    expect(bare.status).toBe(0);

    const stalled = JSON.parse(written);
    stalled.hooks.UserPromptSubmit[0].hooks[0].command = "sleep 60";
    fs.writeFileSync(options.settingsFile, JSON.stringify(stalled));
    const held = await options.turn();
    expect(held.status).toBe(0);
    expect(held.ms).toBeGreaterThan(4_000);
    expect(held.ms - bare.ms).toBeLessThan(20_000);

    fs.writeFileSync(options.settingsFile, written);
    fs.writeFileSync(options.urlFile, `${silent.url}\n`);
    const waited = await options.turn();
    expect(waited.status).toBe(0);
    expect(silent.connections()).toBeGreaterThan(0);
    expect(waited.ms - bare.ms).toBeLessThan(4_500);
  } finally {
    fs.writeFileSync(options.settingsFile, written);
    await silent.close();
  }
}

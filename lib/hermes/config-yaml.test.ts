import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DEFAULT_CURATOR_CONFIG, parseHermesConfig, withThresholdDefaults } from "./config-yaml";

const curator = (yaml: string) => parseHermesConfig(parse(yaml)).curator;

describe("config.yaml curator section (curator checklist 21)", () => {
  it("defaults: 168 h, 2 h, the conservative 30 d / 90 d, prune_builtins on, consolidate off; a release's thresholds fill only what config.yaml leaves out", () => {
    expect(parseHermesConfig(undefined).curator).toEqual(DEFAULT_CURATOR_CONFIG);
    expect(DEFAULT_CURATOR_CONFIG).toMatchObject({
      intervalHours: 168,
      minIdleHours: 2,
      staleAfterDays: 30,
      archiveAfterDays: 90,
      pruneBuiltins: true,
      consolidate: false,
    });
    const newer = { staleAfterDays: 14, archiveAfterDays: 30, protectedNames: [] };
    expect(withThresholdDefaults(parseHermesConfig(undefined), newer)).toMatchObject({ staleAfterDays: 14, archiveAfterDays: 30 });
    expect(withThresholdDefaults(parseHermesConfig(parse("curator:\n  archive_after_days: 60\n")), newer)).toMatchObject({
      staleAfterDays: 14,
      archiveAfterDays: 60,
    });
    expect(withThresholdDefaults(parseHermesConfig(parse("curator:\n  stale_after_days: 0\n")), newer)).toMatchObject({ staleAfterDays: 14 });
  });

  it("a threshold of 0, -3 or 'abc' falls back (and is reported once); explicit values are honoured, with Python's casts", () => {
    for (const bad of ["0", "-3", '"abc"']) {
      const config = parseHermesConfig(parse(`curator:\n  stale_after_days: ${bad}\n`));
      expect(config.curator.staleAfterDays).toBe(30);
      expect(config.curatorThresholds.staleAfterDays).toBeUndefined();
      expect(config.fallbacks).toEqual([`curator.stale_after_days=${JSON.stringify(parse(`x: ${bad}`).x)}`]);
    }
    expect(curator("curator:\n  stale_after_days: 7\n  archive_after_days: '90'\n  interval_hours: 2.9\n  min_idle_hours: '0.5'")).toMatchObject({
      staleAfterDays: 7,
      archiveAfterDays: 90,
      intervalHours: 2,
      minIdleHours: 0.5,
    });
    expect(curator("curator:\n  enabled: 0\n  prune_builtins: false\n  consolidate: yes\n  backup: {keep: 0}")).toMatchObject({
      enabled: false,
      pruneBuiltins: false,
      consolidate: true,
      backup: { enabled: true, keep: 1 },
    });
  });

  it("skills: disabled and platform_disabled as strings or lists", () => {
    expect(parseHermesConfig(parse("skills:\n  disabled: a\n  platform_disabled:\n    telegram: [b, c]\n")).skills).toEqual({
      externalDirs: [],
      disabled: ["a"],
      platformDisabled: { telegram: ["b", "c"] },
    });
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, RulesConfig } from "./config";
import { checkSuggestion, type ShownSuggestion, shownWindow, suppressionState } from "./suggestion-rules";

const H = 3_600_000;
const D = 24 * H;
const now = Date.parse("2026-11-29T12:00:00Z");
const shown = (hoursAgo: number[], loadedIdx: number[] = []): ShownSuggestion[] => hoursAgo.map((h, i) => ({ at: now - h * H, loaded: loadedIdx.includes(i) }));

describe("rejection suppression (selection spec §7 rule 2)", () => {
  it("needs at least 5 shown suggestions in the window", () => {
    expect(suppressionState(shown([7, 8, 9, 10]), now, DEFAULT_RULES).suppressed).toBe(false);
    expect(suppressionState(shown([1, 8, 9, 10, 11]), now, DEFAULT_RULES).suppressed).toBe(true);
  });

  it("is lifted when loads reach 1/10 of suggestions", () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(suppressionState(shown(ten), now, DEFAULT_RULES).suppressed).toBe(true);
    expect(suppressionState(shown(ten, [9]), now, DEFAULT_RULES).suppressed).toBe(false); // 1/10 is not fewer than 1/10
    expect(suppressionState(shown([...ten, 11], [9]), now, DEFAULT_RULES).suppressed).toBe(true); // 1/11 is
  });

  it("counts only the last 14 days", () => {
    const old = [15 * 24, 16 * 24, 17 * 24, 18 * 24];
    expect(suppressionState(shown([1, ...old]), now, DEFAULT_RULES)).toMatchObject({ suppressed: false, suggestions: 1 });
  });

  it("lets the skill through once every 6 hours since it was last shown", () => {
    const state = suppressionState(shown([2, 8, 9, 10, 11]), now, DEFAULT_RULES);
    expect(state).toMatchObject({ suppressed: true, retryAt: now + 4 * H });
    expect(suppressionState(shown([6, 8, 9, 10, 11]), now, DEFAULT_RULES).suppressed).toBe(false);
  });

  it("can be switched off and reconfigured", () => {
    const off = RulesConfig.parse({ suppression: { enabled: false } });
    expect(off.suppression.min_suggestions).toBe(5);
    expect(suppressionState(shown([1, 2, 3, 4, 5]), now, off).suppressed).toBe(false);
    const strict = RulesConfig.parse({ suppression: { min_suggestions: 2 } });
    expect(suppressionState(shown([1, 2]), now, strict).suppressed).toBe(true);
  });

  it("ignores history after the clock (a replay never sees the future)", () => {
    expect(suppressionState([...shown([1, 2, 3, 4]), { at: now + D, loaded: false }], now, DEFAULT_RULES).suppressed).toBe(false);
  });
});

describe("rule 1 before rule 2 (checkSuggestion)", () => {
  it("never suggests a skill already loaded in this session, unless switched off", () => {
    const ctx = { sessionLoaded: new Set(["pdf"]), windowOf: () => shownWindow([], now, DEFAULT_RULES), now, rules: DEFAULT_RULES };
    expect(checkSuggestion("pdf", ctx)).toEqual({ verdict: "already_loaded" });
    expect(checkSuggestion("xlsx", ctx)).toEqual({ verdict: "show" });
    expect(checkSuggestion("pdf", { ...ctx, rules: RulesConfig.parse({ dedup_loaded: false }) })).toEqual({ verdict: "show" });
  });

  it("says which numbers suppressed a skill and when it is retried", () => {
    const ctx = { sessionLoaded: new Set<string>(), windowOf: () => shownWindow(shown([2, 8, 9, 10, 11]), now, DEFAULT_RULES), now, rules: DEFAULT_RULES };
    expect(checkSuggestion("pdf", ctx)).toEqual({ verdict: "suppressed", suggestions: 5, loads: 0, retryAt: now + 4 * H });
    expect(checkSuggestion("pdf", { ...ctx, sessionLoaded: new Set(["pdf"]) })).toEqual({ verdict: "already_loaded" });
  });
});

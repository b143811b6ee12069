import { describe, expect, it } from "vitest";
import { describeRange, parseDecisionsView, viewHref, viewRange } from "./search-params";

describe("Decisions view from the URL", () => {
  it("keeps valid filters, drops bad ones, and turns a backwards range round", () => {
    expect(parseDecisionsView({ from: "2026-11-01", to: "2026-11-07", outcome: "suppressed", reason: "unknown", skill: "pdf", session: "s1" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-07",
      outcome: "suppressed",
      reason: "unknown",
      skill: "pdf",
      session: "s1",
    });
    expect(parseDecisionsView({ from: "yesterday", outcome: "weird", reason: ["timeout", "other"], range: "9y" })).toEqual({ reason: "timeout" });
    expect(parseDecisionsView({ from: "2026-11-07", to: "2026-11-01" })).toMatchObject({ from: "2026-11-01", to: "2026-11-07" });
    expect(parseDecisionsView({ from: "2026-13-45" }).from).toBeUndefined();
    expect(parseDecisionsView({ channel: "mcp" })).toEqual({ channel: "mcp" });
    expect(parseDecisionsView({ channel: "carrier-pigeon" })).toEqual({});
    expect(viewHref("/decisions", { channel: "mcp", outcome: "suggested" }, { skill: "pdf" })).toBe("/decisions?outcome=suggested&channel=mcp&skill=pdf");
    expect(parseDecisionsView({ from: "1970-01-01" }).from).toBeUndefined();
  });

  it("a preset is a window ending now; custom days win over it", () => {
    const now = Date.parse("2026-11-30T12:00:00Z");
    expect(viewRange({ range: "24h" }, now)).toEqual({ from: "2026-11-29T12:00:00.000Z", to: "2026-11-30T12:00:00.000Z" });
    expect(viewRange({}, now).from).toBe("2026-11-23T12:00:00.000Z");
    expect(viewRange({ range: "1h", from: "2026-11-01" }, now)).toEqual({ from: "2026-11-01", to: undefined });
  });

  it("links: a new filter drops the cursor; a preset clears custom days and the other way round", () => {
    const view = { from: "2026-11-01", to: "2026-11-02", cursor: "abc", outcome: "suggested" as const };
    expect(viewHref("/decisions", view, { skill: "pdf" })).toBe("/decisions?from=2026-11-01&to=2026-11-02&outcome=suggested&skill=pdf");
    expect(viewHref("/decisions", view, { range: "1h" })).toBe("/decisions?range=1h&outcome=suggested");
    expect(viewHref("/decisions", { range: "1h" }, { from: "2026-11-03" })).toBe("/decisions?from=2026-11-03");
  });

  it("ranges read as inclusive days", () => {
    expect(describeRange("2026-11-01T00:00:00.000Z", "2026-11-08T00:00:00.000Z")).toEqual({ fromDay: "2026-11-01", lastDay: "2026-11-07" });
  });
});

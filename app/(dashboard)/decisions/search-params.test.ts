import { describe, expect, it } from "vitest";
import { parseDecisionsView } from "./search-params";

describe("Decisions view from the URL", () => {
  it("keeps valid filters, drops bad ones, and turns a backwards range round", () => {
    expect(parseDecisionsView({ from: "2026-11-01", to: "2026-11-07", status: "ok", reason: "unknown" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-07",
      status: "ok",
      reason: "unknown",
    });
    expect(parseDecisionsView({ from: "yesterday", status: "weird", reason: ["timeout", "other"] })).toEqual({ reason: "timeout" });
    expect(parseDecisionsView({ from: "2026-11-07", to: "2026-11-01" })).toMatchObject({ from: "2026-11-01", to: "2026-11-07" });
    expect(parseDecisionsView({ from: "2026-13-45" }).from).toBeUndefined();
  });
});

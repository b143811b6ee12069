import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseReplayLine } from "./log-line";

/** The general way, for comparison: JSON.parse and Date.parse. */
function general(text: string) {
  try {
    const v = JSON.parse(text);
    const at = Date.parse(v.ts);
    if (Number.isNaN(at)) return "bad";
    return { at, session: v.session, kind: v.kind, skill: v.skill };
  } catch {
    return "bad";
  }
}

describe("replay log lines", () => {
  it("reads the canonical form as JSON.parse and Date.parse would, for any values", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.constantFrom("suggest", "load"),
        fc.string({ minLength: 1, maxLength: 30 }),
        (date, session, kind, skill) => {
          const text = JSON.stringify({ ts: date.toISOString(), session, kind, skill });
          expect(parseReplayLine(text)).toEqual(general(text));
        },
      ),
    );
  });

  it("sends anything else the general way", () => {
    expect(parseReplayLine('{ "ts": "2026-11-02T10:00:00Z", "session": "s", "kind": "load", "skill": "pdf" }')).toEqual({
      at: Date.parse("2026-11-02T10:00:00Z"),
      session: "s",
      kind: "load",
      skill: "pdf",
    });
    expect(parseReplayLine('{"ts":"2026-02-30T00:00:00.000Z","session":"s","kind":"load","skill":"pdf"}')).toEqual(
      general('{"ts":"2026-02-30T00:00:00.000Z","session":"s","kind":"load","skill":"pdf"}'),
    );
    expect(parseReplayLine('{"ts":"2026-11-02T10:00:00.000Z","session":"s","kind":"peek","skill":"pdf"}')).toEqual({
      problem: expect.stringContaining("kind"),
    });
    expect(parseReplayLine('{"ts":"2026-11-02T10:00:00.000Z","session":"s\\"x","kind":"load","skill":"pdf"}')).toMatchObject({ session: 's"x' });
  });
});

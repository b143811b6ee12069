import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventColumns } from "./event-columns";

describe("event columns", () => {
  it("orders events by time, suggestions before loads at the same millisecond, then file order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 4e12 })), fc.boolean()), { maxLength: 400 }),
        (rows) => {
          const cols = new EventColumns();
          for (const [at, load] of rows) cols.push(at, load ? "load" : "suggest", "s", "k");
          const expected = rows.map((_, i) => i).sort((a, b) => rows[a][0] - rows[b][0] || Number(rows[a][1]) - Number(rows[b][1]) || a - b);
          expect([...cols.order()]).toEqual(expected);
        },
      ),
    );
  });

  it("handles many events at one millisecond (one bucket)", () => {
    const cols = new EventColumns();
    for (let i = 0; i < 100_000; i++) cols.push(5, i % 2 ? "load" : "suggest", "s", "k");
    const order = cols.order();
    expect(order[0]).toBe(0);
    expect(order[50_000]).toBe(1); // every suggestion first, in file order, then the loads
  });

  it("interns names", () => {
    const cols = new EventColumns();
    cols.push(1, "suggest", "a", "pdf");
    cols.push(2, "load", "a", "pdf");
    expect(cols.sessions.size).toBe(1);
    expect(cols.skills.names).toEqual(["pdf"]);
  });
});

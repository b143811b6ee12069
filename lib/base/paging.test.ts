import { describe, expect, it } from "vitest";
import { pageOf } from "./paging";

const rows = Array.from({ length: 250 }, (_, i) => i);

describe("pageOf", () => {
  it("cuts a list into pages of the size given, 1-based", () => {
    expect(pageOf(rows, 1, 100)).toMatchObject({ page: 1, pages: 3, first: 1, last: 100, total: 250 });
    expect(pageOf(rows, 1, 100).rows[0]).toBe(0);
    const third = pageOf(rows, 3, 100);
    expect(third).toMatchObject({ page: 3, first: 201, last: 250 });
    expect(third.rows).toEqual(rows.slice(200));
  });

  it("reads a page past the end as the last page, and one before the first as the first", () => {
    expect(pageOf(rows, 9, 100)).toMatchObject({ page: 3, first: 201, last: 250 });
    expect(pageOf(rows, 0, 100)).toMatchObject({ page: 1, first: 1 });
  });

  it("an empty list is one empty page", () => {
    expect(pageOf([], 4, 100)).toEqual({ rows: [], page: 1, pages: 1, first: 0, last: 0, total: 0 });
  });

  it("every row is on exactly one page", () => {
    for (const size of [1, 7, 100, 250, 251]) {
      const { pages } = pageOf(rows, 1, size);
      const all = Array.from({ length: pages }, (_, p) => pageOf(rows, p + 1, size).rows).flat();
      expect(all).toEqual(rows);
    }
  });

  it("refuses a page size that is not a positive integer", () => {
    expect(() => pageOf(rows, 1, 0)).toThrow(RangeError);
    expect(() => pageOf(rows, 1, 2.5)).toThrow(RangeError);
  });
});

/** One page of a list the dashboard shows in pages: its rows, where they sit in the whole, and how many pages there are. */
export interface PageOf<R> {
  rows: R[];
  /** 1-based; a page past the end reads as the last one. */
  page: number;
  pages: number;
  /** 1-based positions of the first and last rows shown (0 and 0 when the list is empty). */
  first: number;
  last: number;
  total: number;
}

/**
 * Page `page` (1-based) of `rows`, `size` rows a page. A page past the end
 * is the last page rather than an empty one: a bookmark of page 9 still
 * shows something once the list has shrunk.
 */
export function pageOf<R>(rows: readonly R[], page: number, size: number): PageOf<R> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError("page size must be a positive integer");
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const start = (current - 1) * size;
  const shown = rows.slice(start, start + size);
  return { rows: shown, page: current, pages, first: shown.length ? start + 1 : 0, last: start + shown.length, total: rows.length };
}

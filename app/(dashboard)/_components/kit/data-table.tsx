import type { ReactNode } from "react";

/** One column of a DataTable: its header and how a row fills its cell. */
export interface Column<R> {
  /** Unique among the table's columns (React's key). */
  key: string;
  header: ReactNode;
  /** What the header means, as a tooltip. */
  title?: string;
  /** Right-aligned tabular figures. */
  num?: boolean;
  nowrap?: boolean;
  cell: (row: R) => ReactNode;
}

export interface DataTableProps<R> {
  columns: readonly Column<R>[];
  rows: readonly R[];
  /** A stable key per row. */
  rowKey: (row: R, index: number) => string;
  /** What to show instead of an empty table; nothing when omitted. */
  empty?: ReactNode;
  testId?: string;
  rowTestId?: string | ((row: R) => string | undefined);
  /** Extra attributes of a row (a class, an aria-label, a data- attribute specs read). */
  rowProps?: (row: R) => RowAttributes;
  compact?: boolean;
  /** A horizontal scroller around it, for wide tables on narrow screens. */
  scroll?: boolean;
  /** On a phone, each row as a card (each cell labelled with its column's header) instead of a scroller. */
  cardsOnPhone?: boolean;
  caption?: ReactNode;
}

type RowAttributes = { className?: string; "aria-label"?: string; "aria-current"?: "true" } & { [data: `data-${string}`]: string | undefined };

const cellClass = (c: { num?: boolean; nowrap?: boolean }) => [c.num && "num", c.nowrap && "nowrap"].filter(Boolean).join(" ") || undefined;

/**
 * The dashboard's one table: a header row from `columns`, a row per item,
 * and `empty` when there are none. Server-rendered; the cells are plain
 * React, so a cell may hold a link, a badge or a button.
 */
export function DataTable<R>({ columns, rows, rowKey, empty, testId, rowTestId, rowProps, compact, scroll, cardsOnPhone, caption }: DataTableProps<R>) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const classes = ["decisions", compact && "compact", cardsOnPhone && "cards-on-phone"].filter(Boolean).join(" ");
  const table = (
    <table className={classes} data-testid={testId}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.key} className={cellClass(c)} title={c.title} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)} data-testid={typeof rowTestId === "function" ? rowTestId(row) : rowTestId} {...rowProps?.(row)}>
            {columns.map((c) => (
              <td key={c.key} className={cellClass(c)} data-label={cardsOnPhone && typeof c.header === "string" ? c.header : undefined}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scroll ? <div className="table-scroll">{table}</div> : table;
}

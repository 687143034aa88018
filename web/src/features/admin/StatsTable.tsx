// The one table of the admin page's figures (routes, patterns, sessions, the daily figures): a
// header row of column names, then one row per record whose first cell names the row. Each cell
// carries its column's name as data-label, which the narrow layout shows beside the value
// (admin.module.css), so the table reads as cards on a phone.
import type { ReactNode } from "react";
import styles from "./admin.module.css";

export interface Column<Row> {
  /** The column's name, in the header and as each cell's data-label. */
  label: string;
  /** Figures: aligned to the right. */
  numeric?: boolean;
  /** A column of buttons: its name only for screen readers, its cells without a data-label. */
  action?: boolean;
  /** A class of its own for the column's cells. */
  cellClassName?: string;
  cell: (row: Row) => ReactNode;
}

export function StatsTable<Row>({
  rows,
  rowKey,
  columns,
  className,
  caption,
  describedBy,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  className?: string;
  /** Names the table for screen readers (when no description on the page does). */
  caption?: string;
  /** The id of the text that describes the table. */
  describedBy?: string;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={className ? `${styles.table} ${className}` : styles.table} aria-describedby={describedBy}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? styles.num : undefined}>
                {column.action ? <span className="visually-hidden">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, i) => {
                const className = [column.numeric ? styles.num : "", column.cellClassName ?? ""].filter(Boolean).join(" ") || undefined;
                const dataLabel = column.action ? undefined : column.label;
                return i === 0 ? (
                  <th key={column.label} scope="row" data-label={dataLabel} className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} data-label={dataLabel} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

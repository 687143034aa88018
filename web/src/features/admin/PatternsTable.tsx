// The top navigation patterns (spec section 7): which page people went to next, how often, and
// how long they stayed on the first one.
import { useT } from "../../lib/i18n/locale-context.tsx";
import { formatCount, formatDuration, type PatternStat } from "./admin-data.ts";
import { RouteLink } from "./RouteLink.tsx";
import { StatsTable, type Column } from "./StatsTable.tsx";
import { TableCard } from "./TableCard.tsx";
import { adminTexts } from "./texts.ts";
import styles from "./admin.module.css";

export function PatternsTable({ rows, total }: { rows: PatternStat[]; total: number }) {
  const t = useT(adminTexts);
  const columns: Column<PatternStat>[] = [
    {
      label: t("admin.patterns.fromTo"),
      cellClassName: styles.pattern,
      cell: (row) => (
        <>
          <RouteLink route={row.fromRoute} />
          {/* The arrow is read as "to" (aria-label is not announced on a plain span). */}
          <span className={styles.arrow} aria-hidden="true">
            →
          </span>
          <span className="visually-hidden"> {t("admin.patterns.to")} </span>
          <RouteLink route={row.toRoute} />
        </>
      ),
    },
    { label: t("admin.patterns.times"), numeric: true, cell: (row) => formatCount(row.occurrenceCount) },
    { label: t("admin.patterns.users"), numeric: true, cell: (row) => formatCount(row.uniqueUsers) },
    { label: t("admin.patterns.stayedFirst"), numeric: true, cell: (row) => formatDuration(row.averageTransitionTime, t) },
  ];
  return (
    <TableCard
      id="patterns-title"
      title={t("admin.patterns.title")}
      description={t("admin.patterns.description")}
      note={total > rows.length ? t("admin.patterns.note", { shown: rows.length, total: formatCount(total) }) : undefined}
      empty={rows.length === 0 ? t("admin.patterns.empty") : undefined}
    >
      <StatsTable
        rows={rows}
        rowKey={(row) => `${row.fromRoute}→${row.toRoute}`}
        columns={columns}
        describedBy="patterns-title-description"
      />
    </TableCard>
  );
}

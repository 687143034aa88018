// The top routes (spec section 7): the pages opened most often, each with a bar for its share.
import { useT } from "../../lib/i18n/locale-context.tsx";
import { formatCount, num, type RouteStat } from "./admin-data.ts";
import { RouteLink } from "./RouteLink.tsx";
import { StatsTable, type Column } from "./StatsTable.tsx";
import { TableCard } from "./TableCard.tsx";
import { adminTexts } from "./texts.ts";
import styles from "./admin.module.css";

export function RoutesTable({ rows, total }: { rows: RouteStat[]; total: number }) {
  const t = useT(adminTexts);
  const top = Math.max(1, ...rows.map((r) => num(r.visitCount)));
  const columns: Column<RouteStat>[] = [
    {
      label: t("admin.routes.route"),
      cell: (row) => (
        <>
          <RouteLink route={row.route} />
          <span className={styles.bar} aria-hidden="true">
            <span style={{ width: `${(num(row.visitCount) / top) * 100}%` }} />
          </span>
        </>
      ),
    },
    { label: t("admin.routes.visits"), numeric: true, cell: (row) => formatCount(row.visitCount) },
    { label: t("admin.routes.visitors"), numeric: true, cell: (row) => formatCount(row.uniqueVisitors) },
    { label: t("admin.routes.sessions"), numeric: true, cell: (row) => formatCount(row.uniqueSessions) },
  ];
  return (
    <TableCard
      id="routes-title"
      title={t("admin.routes.title")}
      description={t("admin.routes.description")}
      note={total > rows.length ? t("admin.routes.note", { shown: rows.length, total: formatCount(total) }) : undefined}
      empty={rows.length === 0 ? t("admin.routes.empty") : undefined}
    >
      <StatsTable rows={rows} rowKey={(row) => row.route ?? ""} columns={columns} describedBy="routes-title-description" />
    </TableCard>
  );
}

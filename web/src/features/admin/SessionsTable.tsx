// Sessions per user (spec section 7): each visitor's browsing sessions, most first, with a button
// to see only that visitor's analytics (not while the page already shows one visitor).
import { Link } from "react-router";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { formatCount, formatDateTime, formatDecimal, formatDuration, num, visitorLabel, type SessionStat } from "./admin-data.ts";
import { StatsTable, type Column } from "./StatsTable.tsx";
import { TableCard } from "./TableCard.tsx";
import { adminTexts } from "./texts.ts";
import styles from "./admin.module.css";

export function SessionsTable({
  rows,
  total,
  filtered,
  onFilterUser,
}: {
  rows: SessionStat[];
  total: number;
  filtered: boolean;
  onFilterUser: (user: string) => void;
}) {
  const t = useT(adminTexts);
  const columns: Column<SessionStat>[] = [
    {
      label: t("admin.sessions.user"),
      cell: (row) =>
        row.username && row.userId ? (
          <Link to={paths.user(row.userId)} translate="no">
            {visitorLabel(row, t)}
          </Link>
        ) : (
          <span className={styles.guest}>{visitorLabel(row, t)}</span>
        ),
    },
    { label: t("admin.sessions.sessions"), numeric: true, cell: (row) => formatCount(row.totalSessions) },
    { label: t("admin.sessions.navigations"), numeric: true, cell: (row) => formatCount(row.totalNavigations) },
    { label: t("admin.sessions.perSession"), numeric: true, cell: (row) => formatDecimal(row.averageNavigationsPerSession) },
    {
      label: t("admin.sessions.averageLength"),
      numeric: true,
      cell: (row) => formatDuration(num(row.averageSessionDuration) * 1000, t),
    },
    {
      label: t("admin.sessions.lastSession"),
      cellClassName: styles.lastSession,
      cell: (row) =>
        row.lastSession ? <time dateTime={row.lastSession}>{formatDateTime(row.lastSession)}</time> : formatDateTime(row.lastSession),
    },
  ];
  if (!filtered) {
    columns.push({
      label: t("admin.sessions.filter"),
      action: true,
      cellClassName: styles.rowAction,
      cell: (row) => {
        const filterValue = row.username ?? row.userId;
        return filterValue ? (
          <button
            type="button"
            className={styles.chip}
            onClick={() => onFilterUser(filterValue)}
            aria-label={t("admin.sessions.onlyThisUserLabel", { name: visitorLabel(row, t) })}
          >
            {t("admin.sessions.onlyThisUser")}
          </button>
        ) : null;
      },
    });
  }
  return (
    <TableCard
      id="sessions-title"
      title={t("admin.sessions.title")}
      description={t("admin.sessions.description")}
      note={total > rows.length ? t("admin.sessions.note", { shown: rows.length, total: formatCount(total) }) : undefined}
      empty={rows.length === 0 ? t("admin.sessions.empty") : undefined}
    >
      <StatsTable
        rows={rows}
        rowKey={(row) => row.userId ?? "unknown"}
        columns={columns}
        className={styles.sessions}
        describedBy="sessions-title-description"
      />
    </TableCard>
  );
}

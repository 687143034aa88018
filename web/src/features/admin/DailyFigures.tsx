// Navigations and active users per day (spec section 7): the chart (chart.js, loaded only here),
// and the same figures as a table for those who cannot see the chart or want the numbers.
import { lazy, Suspense } from "react";
import { Loading } from "../../components/Loading.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { formatCount, formatDay, type DailyPoint, type Filters } from "./admin-data.ts";
import { StatsTable, type Column } from "./StatsTable.tsx";
import { adminTexts } from "./texts.ts";
import styles from "./admin.module.css";

const DailyChart = lazy(() => import("./DailyChart.tsx"));

export function DailyFigures({ points, filters }: { points: DailyPoint[]; filters: Filters }) {
  const t = useT(adminTexts);
  const label = t("admin.daily.label", { from: formatDay(filters.from), to: formatDay(filters.to) });
  const columns: Column<DailyPoint>[] = [
    { label: t("admin.daily.day"), cell: (p) => <time dateTime={p.date}>{formatDay(p.date)}</time> },
    { label: t("admin.daily.navigations"), numeric: true, cell: (p) => formatCount(p.navigations) },
    { label: t("admin.daily.activeUsers"), numeric: true, cell: (p) => formatCount(p.activeUsers) },
    { label: t("admin.daily.sessions"), numeric: true, cell: (p) => formatCount(p.sessions) },
    { label: t("admin.daily.pages"), numeric: true, cell: (p) => formatCount(p.routes) },
  ];
  return (
    <section className={`card ${styles.card}`} aria-labelledby="daily-title">
      <div className={styles.cardHead}>
        <h3 id="daily-title">{t("admin.daily.title")}</h3>
      </div>
      <Suspense
        fallback={
          <div className={`${styles.chartCanvas} ${styles.chartLoading}`}>
            <Loading label={t("admin.daily.loadingChart")} />
          </div>
        }
      >
        <DailyChart points={points} label={label} />
      </Suspense>
      <details className={styles.details}>
        <summary>{t("admin.daily.showTable")}</summary>
        <StatsTable rows={points.filter((p) => p.navigations > 0)} rowKey={(p) => p.date} columns={columns} caption={label} />
      </details>
    </section>
  );
}

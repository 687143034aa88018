// The navigation analytics for the chosen dates and user (spec section 7): a summary, the daily
// figures, the top routes and patterns and the sessions per user; or why there is nothing to show.
import { Link } from "react-router";
import type { CombinedError } from "urql";
import { Loading } from "../../components/Loading.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { errorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import {
  dailySeries,
  formatCount,
  formatDay,
  formatDecimal,
  formatDuration,
  sessionSummaryOf,
  toDay,
  type Filters,
  type NavigationAnalyticsData,
} from "./admin-data.ts";
import { DailyFigures } from "./DailyFigures.tsx";
import { EmptyState } from "./EmptyState.tsx";
import { LoadError } from "./LoadError.tsx";
import { PatternsTable } from "./PatternsTable.tsx";
import { RoutesTable } from "./RoutesTable.tsx";
import { SessionsTable } from "./SessionsTable.tsx";
import { Stat } from "./Stat.tsx";
import { adminTexts } from "./texts.ts";
import styles from "./admin.module.css";

export function AnalyticsResults({
  filters,
  who,
  unknownUser,
  waitingForUser,
  result,
  onRetry,
  onFilterUser,
}: {
  filters: Filters;
  who: string | null;
  unknownUser: boolean;
  waitingForUser: boolean;
  result: { data?: NavigationAnalyticsData; fetching: boolean; error?: CombinedError; stale: boolean };
  onRetry: () => void;
  onFilterUser: (user: string) => void;
}) {
  const t = useT(adminTexts);
  if (unknownUser) {
    return (
      <EmptyState title={t("admin.noSuchUser.title")}>
        <p>{richText(t, "admin.noSuchUser.body", { link: (words) => <Link to="/admin">{words}</Link> }, { username: filters.user })}</p>
      </EmptyState>
    );
  }
  const data = result.data;
  if (!data || waitingForUser) {
    if (result.error && !waitingForUser) {
      return <LoadError message={errorText(result.error, t("admin.analytics.loadFailed"))} onRetry={onRetry} />;
    }
    return <Loading label={t("admin.analytics.loading")} />;
  }

  const routes = data.navigationRouteStats?.nodes ?? [];
  const patterns = data.navigationPatternStats?.nodes ?? [];
  const sessions = data.navigationSessionStats?.nodes ?? [];
  const summary = sessionSummaryOf(data.getNavigationAnalytics);
  const points = dailySeries(filters.from, filters.to, data.navigationDailyStats?.nodes ?? []);
  const totalNavigations = points.reduce((sum, p) => sum + p.navigations, 0);
  const empty = routes.length === 0 && sessions.length === 0 && totalNavigations === 0;
  const range = { from: formatDay(filters.from), to: formatDay(filters.to) };

  return (
    <div className={styles.analytics} aria-busy={result.fetching || undefined}>
      {result.error ? <LoadError message={errorText(result.error, t("admin.analytics.refreshFailed"))} onRetry={onRetry} /> : null}
      {empty ? (
        <EmptyState title={filters.to >= toDay(new Date()) ? t("admin.empty.titleYet") : t("admin.empty.titleDates")}>
          <p>{who ? t("admin.empty.nothingFor", { who, ...range }) : t("admin.empty.nothing", range)}</p>
          <p className="muted">{who ? t("admin.empty.explainFiltered") : t("admin.empty.explain")}</p>
        </EmptyState>
      ) : (
        <>
          <ul className={`${styles.stats} ${styles.summary}`} aria-label={t("admin.summary.label")}>
            <Stat label={t("admin.summary.navigations")} value={formatCount(totalNavigations)} />
            <Stat label={t("admin.summary.sessions")} value={formatCount(summary.totalSessions)} />
            <Stat label={t("admin.summary.visitors", { count: summary.uniqueVisitors })} value={formatCount(summary.uniqueVisitors)} />
            <Stat label={t("admin.summary.averageSession")} value={formatDuration(summary.averageSessionDuration * 1000, t)} />
            <Stat label={t("admin.summary.pagesPerSession")} value={formatDecimal(summary.averageNavigationsPerSession)} />
          </ul>
          <DailyFigures points={points} filters={filters} />
          <div className={styles.tables}>
            <RoutesTable rows={routes} total={data.navigationRouteStats?.totalCount ?? routes.length} />
            <PatternsTable rows={patterns} total={data.navigationPatternStats?.totalCount ?? patterns.length} />
          </div>
          <SessionsTable
            rows={sessions}
            total={data.navigationSessionStats?.totalCount ?? sessions.length}
            filtered={Boolean(who)}
            onFilterUser={onFilterUser}
          />
        </>
      )}
    </div>
  );
}

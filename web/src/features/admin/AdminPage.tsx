// /admin (admins only; the route guard sends everyone else to /): totals of things, devices,
// users, groups and actions, and navigation analytics (spec sections 2, 3 and 7): a summary,
// daily navigations and active users as a chart, the top 10 routes and navigation patterns, and
// sessions per user; the moderation queue (reports to hide, restore or dismiss, authors to
// suspend) and received feedback. A date range (the last 30 days by default) and an optional user
// feed every query; both live in the address, so a view can be shared and the back button works.
//
// The parts live beside this file: AdminTotals, AnalyticsFilters, AnalyticsResults (summary,
// DailyFigures and the three tables, each a StatsTable in a TableCard).
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { ReceivedFeedback } from "../form/FeedbackFormPage.tsx";
import { ModerationQueue } from "../moderation/ModerationQueue.tsx";
import {
  filtersFromSearch,
  formatDay,
  isUuid,
  searchFromFilters,
  SESSION_ROWS,
  unknownUserMessage,
  visitorLabel,
  type Filters,
} from "./admin-data.ts";
import { AdminTotals, useAdminTotals } from "./AdminTotals.tsx";
import { AdminUserByUsernameDocument as userByUsernameQuery } from "./AdminUserByUsername.generated.ts";
import { AnalyticsFilters } from "./AnalyticsFilters.tsx";
import { AnalyticsResults } from "./AnalyticsResults.tsx";
import { NavigationAnalyticsDocument as analyticsQuery } from "./NavigationAnalytics.generated.ts";
import styles from "./admin.module.css";
import { adminTexts } from "./texts.ts";

export default function AdminPage() {
  const t = useT(adminTexts);
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(() => new Date());
  const filters = useMemo(() => filtersFromSearch(searchParams, today), [searchParams, today]);
  const apply = (next: Filters) => setSearchParams(searchFromFilters(next, today));

  // The user filter: a username is looked up; a visitor id (guests) is used as it is.
  const username = filters.user && !isUuid(filters.user) ? filters.user : null;
  const [lookup] = useQuery({
    query: userByUsernameQuery,
    variables: { username: username ?? "" },
    pause: !username,
  });
  const foundUser = username ? (lookup.data?.userByUsername ?? null) : null;
  const unknownUser = Boolean(username && lookup.data && !lookup.fetching && !foundUser);
  const targetUserId = !filters.user ? null : isUuid(filters.user) ? filters.user : (foundUser?.id ?? null);
  const waitingForUser = Boolean(filters.user && !targetUserId);

  const [totals, refetchTotals] = useAdminTotals();
  const [analytics, refetchAnalytics] = useQuery({
    query: analyticsQuery,
    variables: { startDate: filters.from, endDate: filters.to, targetUserId, sessionRows: SESSION_ROWS },
    pause: waitingForUser,
    requestPolicy: "cache-and-network",
  });
  const refresh = () => {
    refetchTotals({ requestPolicy: "network-only" });
    if (!waitingForUser) refetchAnalytics({ requestPolicy: "network-only" });
  };
  const refreshing = (totals.fetching || analytics.fetching) && Boolean(totals.data || analytics.data);

  const who = filters.user ? (foundUser?.username ?? (username || visitorLabel({ username: null, userId: filters.user }, t))) : null;
  const range = { from: formatDay(filters.from), to: formatDay(filters.to) };

  return (
    <section className={`page ${styles.page}`} aria-labelledby="page-title">
      <header className={styles.header}>
        <div>
          <h1 id="page-title">{t("admin.title")}</h1>
          <p className={styles.intro}>{t("admin.intro")}</p>
        </div>
        <button type="button" className="button button-secondary" onClick={refresh} disabled={refreshing}>
          {refreshing ? t("admin.refreshing") : t("admin.refresh")}
        </button>
      </header>

      <AdminTotals totals={totals} onRetry={() => refetchTotals({ requestPolicy: "network-only" })} />

      <section aria-labelledby="analytics-title" className={styles.section}>
        <div className="section-head">
          <h2 id="analytics-title">{t("admin.analytics.title")}</h2>
          <p className={`muted ${styles.scope}`} aria-live="polite">
            {who ? t("admin.scope.only", { ...range, who }) : t("admin.scope.everyone", range)}
            {who ? (
              <>
                {" · "}
                <Link to={searchFromFilters({ ...filters, user: "" }, today) || "/admin"}>{t("admin.scope.showEveryone")}</Link>
              </>
            ) : null}
          </p>
        </div>

        <AnalyticsFilters
          key={`${filters.from}|${filters.to}|${filters.user}`}
          filters={filters}
          today={today}
          onApply={apply}
          userError={unknownUser && username ? unknownUserMessage(username, t) : undefined}
        />

        <AnalyticsResults
          filters={filters}
          who={who}
          unknownUser={unknownUser}
          waitingForUser={waitingForUser && !unknownUser}
          result={analytics}
          onRetry={() => refetchAnalytics({ requestPolicy: "network-only" })}
          onFilterUser={(user) => apply({ ...filters, user })}
        />
      </section>

      <section className={styles.section}>
        <ModerationQueue />
      </section>

      <section className={styles.section}>
        <ReceivedFeedback />
      </section>
    </section>
  );
}

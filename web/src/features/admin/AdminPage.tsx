// /admin (admins only; the route guard sends everyone else to /): totals of things, devices,
// users, groups and actions, and navigation analytics (spec sections 2, 3 and 7): a summary,
// daily navigations and active users as a chart, the top 10 routes and navigation patterns, and
// sessions per user; the moderation queue (reports to hide, restore or dismiss, authors to
// suspend) and received feedback. A date range (the last 30 days by default) and an optional user feed every
// query; both live in the address, so a view can be shared and the back button works.
import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useQuery, type CombinedError } from "urql";
import { term } from "../../../../shared/branding.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { paths } from "../../routes/paths.ts";
import {
  dailySeries,
  defaultFilters,
  filtersFromSearch,
  formatCount,
  formatDateTime,
  formatDay,
  formatDecimal,
  formatDuration,
  isUuid,
  lastDays,
  num,
  QUICK_RANGES,
  searchFromFilters,
  SESSION_ROWS,
  sessionSummaryOf,
  shortRoute,
  toDay,
  unknownUserMessage,
  validateFilters,
  visitorLabel,
  type DailyPoint,
  type Filters,
  type NavigationAnalyticsData,
  type PatternStat,
  type RouteStat,
  type SessionStat,
} from "./admin-data.ts";
import { AdminTotalsDocument as totalsQuery } from "./AdminTotals.generated.ts";
import { AdminUserByUsernameDocument as userByUsernameQuery } from "./AdminUserByUsername.generated.ts";
import { NavigationAnalyticsDocument as analyticsQuery } from "./NavigationAnalytics.generated.ts";
import "./admin.css";
import { ReceivedFeedback } from "../form/FeedbackFormPage.tsx";
import { ModerationQueue } from "../moderation/ModerationQueue.tsx";
import { errorText } from "../../lib/errors.ts";

const DailyChart = lazy(() => import("./DailyChart.tsx"));

export default function AdminPage() {
  const branding = useBranding();
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

  const [totals, refetchTotals] = useQuery({
    query: totalsQuery,
    requestPolicy: "cache-and-network",
  });
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

  const who = filters.user ? (foundUser?.username ?? (username || visitorLabel({ username: null, userId: filters.user }))) : null;

  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <header className="admin-header">
        <div>
          <h1 id="page-title">Admin</h1>
          <p className="admin-intro">Totals across the platform, and how people move around the app.</p>
        </div>
        <button type="button" className="button button-secondary" onClick={refresh} disabled={refreshing}>
          {refreshing ? "Refreshing…" : "Refresh"}
        </button>
      </header>

      <section aria-labelledby="totals-title" className="admin-section">
        <h2 id="totals-title" className="visually-hidden">
          Totals
        </h2>
        {totals.data?.adminTotals ? (
          <ul className="admin-stats admin-totals">
            <Stat label={term(branding, "things", true)} value={formatCount(totals.data.adminTotals.things)} />
            <Stat label="Devices" value={formatCount(totals.data.adminTotals.devices)} />
            <Stat label="Users" value={formatCount(totals.data.adminTotals.users)} />
            <Stat label={term(branding, "groups", true)} value={formatCount(totals.data.adminTotals.groups)} />
            <Stat label="Actions" value={formatCount(totals.data.adminTotals.actions)} />
          </ul>
        ) : totals.fetching ? (
          <Loading label="Loading totals…" />
        ) : (
          <LoadError
            message={errorText(totals.error, "We could not load the totals.")}
            onRetry={() => refetchTotals({ requestPolicy: "network-only" })}
          />
        )}
      </section>

      <section aria-labelledby="analytics-title" className="admin-section">
        <div className="admin-section-head">
          <h2 id="analytics-title">Navigation analytics</h2>
          <p className="muted admin-scope" aria-live="polite">
            {formatDay(filters.from)} – {formatDay(filters.to)} · {who ? <>only {who}</> : "everyone"}
            {who ? (
              <>
                {" · "}
                <Link to={searchFromFilters({ ...filters, user: "" }, today) || "/admin"}>Show everyone</Link>
              </>
            ) : null}
          </p>
        </div>

        <FilterForm
          key={`${filters.from}|${filters.to}|${filters.user}`}
          filters={filters}
          today={today}
          onApply={apply}
          userError={unknownUser && username ? unknownUserMessage(username) : undefined}
        />

        <AnalyticsBody
          filters={filters}
          who={who}
          unknownUser={unknownUser}
          waitingForUser={waitingForUser && !unknownUser}
          result={analytics}
          onRetry={() => refetchAnalytics({ requestPolicy: "network-only" })}
          onFilterUser={(user) => apply({ ...filters, user })}
        />
      </section>

      <section className="admin-section">
        <ModerationQueue />
      </section>

      <section className="admin-section">
        <ReceivedFeedback />
      </section>
    </section>
  );
}

// -----------------------------------------------------------------------------------------------

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <li className="admin-stat">
      <span className="admin-stat-value">{value}</span>
      <span className="admin-stat-label">{label}</span>
      {hint ? <span className="admin-stat-hint">{hint}</span> : null}
    </li>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="form-error admin-load-error" role="alert">
      <span>{message}</span>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card admin-empty">
      <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" focusable="false">
        <rect x="6" y="26" width="7" height="14" rx="2" fill="currentColor" opacity="0.35" />
        <rect x="17" y="18" width="7" height="22" rx="2" fill="currentColor" opacity="0.55" />
        <rect x="28" y="22" width="7" height="18" rx="2" fill="currentColor" opacity="0.45" />
        <rect x="39" y="12" width="3" height="28" rx="1.5" fill="currentColor" opacity="0.2" />
        <path d="M5 43h38" stroke="currentColor" strokeWidth="2" strokeLinecap="round" opacity="0.5" />
      </svg>
      <h3>{title}</h3>
      {children}
    </div>
  );
}

// -----------------------------------------------------------------------------------------------
// The filter form: date range (with quick ranges) and an optional user.

function FilterForm({
  filters,
  today,
  onApply,
  userError,
}: {
  filters: Filters;
  today: Date;
  onApply: (filters: Filters) => void;
  /** The server's verdict on the applied username (not found). */
  userError?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Filters>(filters);
  const [touched, setTouched] = useState<Record<keyof Filters, boolean>>({ from: false, to: false, user: false });
  const errors = validateFilters(draft);
  const hasErrors = Object.keys(errors).length > 0;
  const shownUserError = (touched.user || draft.user !== filters.user ? errors.user : undefined) ??
    (draft.user.trim() === filters.user ? userError : undefined);
  const shown = {
    from: touched.from ? errors.from : undefined,
    to: touched.to ? errors.to : undefined,
    user: shownUserError,
  };

  const change = (field: keyof Filters) => (event: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: event.target.value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ from: true, to: true, user: true });
    if (hasErrors) return;
    onApply({ ...draft, user: draft.user.trim() });
  };

  const defaults = defaultFilters(today);
  const isDefault = filters.from === defaults.from && filters.to === defaults.to && !filters.user;

  return (
    <form className="card admin-filters" onSubmit={submit} noValidate aria-label="Analytics filters">
      <div className="admin-quick" role="group" aria-label="Quick date ranges">
        {QUICK_RANGES.map((days) => {
          const range = lastDays(days, today);
          const active = filters.from === range.from && filters.to === range.to;
          return (
            <button
              key={days}
              type="button"
              className={`admin-chip${active ? " active" : ""}`}
              aria-pressed={active}
              onClick={() => onApply({ ...filters, ...range })}
            >
              Last {days} days
            </button>
          );
        })}
      </div>
      <div className="admin-filter-fields">
        <Field id={`${id}-from`} label="From" error={shown.from}>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={change("from")}
            aria-invalid={shown.from ? true : undefined}
            aria-describedby={shown.from ? `${id}-from-error` : undefined}
            required
          />
        </Field>
        <Field id={`${id}-to`} label="To" error={shown.to}>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={change("to")}
            aria-invalid={shown.to ? true : undefined}
            aria-describedby={shown.to ? `${id}-to-error` : undefined}
            required
          />
        </Field>
        <Field id={`${id}-user`} label="User" hint="A username; empty for everyone" error={shown.user}>
          <input
            id={`${id}-user`}
            type="search"
            value={draft.user}
            onChange={change("user")}
            placeholder="Everyone"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={shown.user ? true : undefined}
            aria-describedby={[`${id}-user-hint`, shown.user ? `${id}-user-error` : ""].filter(Boolean).join(" ")}
          />
        </Field>
        <div className="admin-filter-actions">
          <button type="submit" className="button">
            Apply
          </button>
          {!isDefault ? (
            <button type="button" className="button button-secondary" onClick={() => onApply(defaults)}>
              Reset
            </button>
          ) : null}
        </div>
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field admin-field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// -----------------------------------------------------------------------------------------------
// The analytics themselves.

function AnalyticsBody({
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
  if (unknownUser) {
    return (
      <EmptyState title="No such user">
        <p>
          {unknownUserMessage(filters.user)}. Check the spelling, or <Link to="/admin">show everyone</Link>.
        </p>
      </EmptyState>
    );
  }
  const data = result.data;
  if (!data || waitingForUser) {
    if (result.error && !waitingForUser) {
      return <LoadError message={errorText(result.error, "We could not load the analytics.")} onRetry={onRetry} />;
    }
    return <Loading label="Loading analytics…" />;
  }

  const routes = data.navigationRouteStats?.nodes ?? [];
  const patterns = data.navigationPatternStats?.nodes ?? [];
  const sessions = data.navigationSessionStats?.nodes ?? [];
  const summary = sessionSummaryOf(data.getNavigationAnalytics);
  const points = dailySeries(filters.from, filters.to, data.navigationDailyStats?.nodes ?? []);
  const totalNavigations = points.reduce((sum, p) => sum + p.navigations, 0);
  const empty = routes.length === 0 && sessions.length === 0 && totalNavigations === 0;

  return (
    <div className="admin-analytics" aria-busy={result.fetching || undefined}>
      {result.error ? (
        <LoadError message={errorText(result.error, "We could not refresh the analytics.")} onRetry={onRetry} />
      ) : null}
      {empty ? (
        <EmptyState title={filters.to >= toDay(new Date()) ? "No navigation data yet" : "No navigation data for these dates"}>
          <p>
            {who ? <>Nothing was recorded for {who} </> : <>Nothing was recorded </>}
            between {formatDay(filters.from)} and {formatDay(filters.to)}.
          </p>
          <p className="muted">
            Each visit to a page is recorded as people move around the app, and reaches the server within half a
            minute or when they leave. Try a longer date range{who ? " or everyone" : ""}.
          </p>
        </EmptyState>
      ) : (
        <>
          <ul className="admin-stats admin-summary" aria-label="Summary">
            <Stat label="Navigations" value={formatCount(totalNavigations)} />
            <Stat label="Sessions" value={formatCount(summary.totalSessions)} />
            <Stat label={summary.uniqueVisitors === 1 ? "Visitor" : "Visitors"} value={formatCount(summary.uniqueVisitors)} />
            <Stat label="Average session" value={formatDuration(summary.averageSessionDuration * 1000)} />
            <Stat label="Pages per session" value={formatDecimal(summary.averageNavigationsPerSession)} />
          </ul>
          <DailyCard points={points} filters={filters} />
          <div className="admin-tables">
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

function DailyCard({ points, filters }: { points: DailyPoint[]; filters: Filters }) {
  const label = `Daily navigations and active users from ${formatDay(filters.from)} to ${formatDay(filters.to)}`;
  return (
    <section className="card admin-card" aria-labelledby="daily-title">
      <div className="admin-card-head">
        <h3 id="daily-title">Navigations and active users per day</h3>
      </div>
      <Suspense
        fallback={
          <div className="admin-chart-canvas admin-chart-loading">
            <Loading label="Loading chart…" />
          </div>
        }
      >
        <DailyChart points={points} label={label} />
      </Suspense>
      <details className="admin-details">
        <summary>Show the figures as a table</summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{label}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="num">
                  Navigations
                </th>
                <th scope="col" className="num">
                  Active users
                </th>
                <th scope="col" className="num">
                  Sessions
                </th>
                <th scope="col" className="num">
                  Pages
                </th>
              </tr>
            </thead>
            <tbody>
              {points
                .filter((p) => p.navigations > 0)
                .map((p) => (
                  <tr key={p.date}>
                    <th scope="row" data-label="Day">
                      {formatDay(p.date)}
                    </th>
                    <td className="num" data-label="Navigations">
                      {formatCount(p.navigations)}
                    </td>
                    <td className="num" data-label="Active users">
                      {formatCount(p.activeUsers)}
                    </td>
                    <td className="num" data-label="Sessions">
                      {formatCount(p.sessions)}
                    </td>
                    <td className="num" data-label="Pages">
                      {formatCount(p.routes)}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

function RouteLink({ route }: { route: string | null }) {
  if (!route) return <span className="muted">—</span>;
  const short = shortRoute(route);
  return (
    <Link to={route} className="admin-route" title={short !== route ? route : undefined}>
      {short}
    </Link>
  );
}

function TableCard({
  id,
  title,
  description,
  note,
  children,
}: {
  id: string;
  title: string;
  description: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section className="card admin-card" aria-labelledby={id}>
      <div className="admin-card-head">
        <h3 id={id}>{title}</h3>
        <p className="muted" id={`${id}-description`}>
          {description}
        </p>
      </div>
      {children}
      {note ? <p className="muted admin-note">{note}</p> : null}
    </section>
  );
}

function RoutesTable({ rows, total }: { rows: RouteStat[]; total: number }) {
  const top = Math.max(1, ...rows.map((r) => num(r.visitCount)));
  return (
    <TableCard
      id="routes-title"
      title="Top routes"
      description="The pages opened most often."
      note={total > rows.length ? `The top ${rows.length} of ${formatCount(total)} pages.` : undefined}
    >
      {rows.length === 0 ? (
        <p className="muted">No pages were opened in this period.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-describedby="routes-title-description">
            <thead>
              <tr>
                <th scope="col">Route</th>
                <th scope="col" className="num">
                  Visits
                </th>
                <th scope="col" className="num">
                  Visitors
                </th>
                <th scope="col" className="num">
                  Sessions
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.route ?? ""}>
                  <th scope="row" data-label="Route">
                    <RouteLink route={row.route} />
                    <span className="admin-bar" aria-hidden="true">
                      <span style={{ width: `${(num(row.visitCount) / top) * 100}%` }} />
                    </span>
                  </th>
                  <td className="num" data-label="Visits">
                    {formatCount(row.visitCount)}
                  </td>
                  <td className="num" data-label="Visitors">
                    {formatCount(row.uniqueVisitors)}
                  </td>
                  <td className="num" data-label="Sessions">
                    {formatCount(row.uniqueSessions)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TableCard>
  );
}

function PatternsTable({ rows, total }: { rows: PatternStat[]; total: number }) {
  return (
    <TableCard
      id="patterns-title"
      title="Top navigation patterns"
      description="Which page people went to next, and how long they stayed on the first one."
      note={total > rows.length ? `The top ${rows.length} of ${formatCount(total)} patterns.` : undefined}
    >
      {rows.length === 0 ? (
        <p className="muted">No one went from one page to another in this period.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-describedby="patterns-title-description">
            <thead>
              <tr>
                <th scope="col">From → to</th>
                <th scope="col" className="num">
                  Times
                </th>
                <th scope="col" className="num">
                  Users
                </th>
                <th scope="col" className="num">
                  Stayed first
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.fromRoute}→${row.toRoute}`}>
                  <th scope="row" data-label="From → to" className="admin-pattern">
                    <RouteLink route={row.fromRoute} />
                    {/* The arrow is read as "to" (aria-label is not announced on a plain span). */}
                    <span className="admin-arrow" aria-hidden="true">
                      →
                    </span>
                    <span className="visually-hidden"> to </span>
                    <RouteLink route={row.toRoute} />
                  </th>
                  <td className="num" data-label="Times">
                    {formatCount(row.occurrenceCount)}
                  </td>
                  <td className="num" data-label="Users">
                    {formatCount(row.uniqueUsers)}
                  </td>
                  <td className="num" data-label="Stayed first">
                    {formatDuration(row.averageTransitionTime)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TableCard>
  );
}

function SessionsTable({
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
  return (
    <TableCard
      id="sessions-title"
      title="Sessions per user"
      description="Browsing sessions (one per browser tab) of each visitor, most sessions first. Guests are counted by their guest id."
      note={total > rows.length ? `The ${rows.length} most active of ${formatCount(total)} visitors.` : undefined}
    >
      {rows.length === 0 ? (
        <p className="muted">No sessions started in this period.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-sessions" aria-describedby="sessions-title-description">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col" className="num">
                  Sessions
                </th>
                <th scope="col" className="num">
                  Navigations
                </th>
                <th scope="col" className="num">
                  Per session
                </th>
                <th scope="col" className="num">
                  Average length
                </th>
                <th scope="col">Last session</th>
                {filtered ? null : (
                  <th scope="col">
                    <span className="visually-hidden">Filter</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const label = visitorLabel(row);
                const filterValue = row.username ?? row.userId;
                return (
                  <tr key={row.userId ?? "unknown"}>
                    <th scope="row" data-label="User">
                      {row.username && row.userId ? (
                        <Link to={paths.user(row.userId)}>{label}</Link>
                      ) : (
                        <span className="admin-guest">{label}</span>
                      )}
                    </th>
                    <td className="num" data-label="Sessions">
                      {formatCount(row.totalSessions)}
                    </td>
                    <td className="num" data-label="Navigations">
                      {formatCount(row.totalNavigations)}
                    </td>
                    <td className="num" data-label="Per session">
                      {formatDecimal(row.averageNavigationsPerSession)}
                    </td>
                    <td className="num" data-label="Average length">
                      {formatDuration(num(row.averageSessionDuration) * 1000)}
                    </td>
                    <td data-label="Last session">{formatDateTime(row.lastSession)}</td>
                    {filtered ? null : (
                      <td className="admin-row-action">
                        {filterValue ? (
                          <button
                            type="button"
                            className="admin-chip"
                            onClick={() => onFilterUser(filterValue)}
                            aria-label={`Only this user: ${label}`}
                          >
                            Only this user
                          </button>
                        ) : null}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </TableCard>
  );
}

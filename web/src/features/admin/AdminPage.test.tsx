// The admin dashboard against a fake API: totals, tables, the chart, filters feeding the queries,
// the empty state, the server's error message, and the guard for non-admins.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders, type AppServices } from "../../App.tsx";
import { LANGUAGE_STORAGE_KEY } from "../../lib/i18n/locale-context.tsx";
import { NoticeStore } from "../../lib/notices.tsx";
import { SessionStore, type Session } from "../../lib/session.ts";
import { buildRouteObjects } from "../../routes/routes.tsx";
import type { Data, OperationName, Reply, Variables } from "../../test/fake-api.tsx";
import { fakeAuth, MemoryStorage, TEST_CONFIG, userSession } from "../../test/helpers.tsx";
import { memoryRoutes } from "../../test/router.tsx";

// chart.js needs a real canvas; the chart module is stood in for by a labelled placeholder.
vi.mock("./DailyChart.tsx", () => ({
  default: ({ points, label }: { points: { date: string; navigations: number }[]; label: string }) => (
    <canvas role="img" aria-label={label} data-points={points.map((p) => `${p.date}:${p.navigations}`).join(",")} />
  ),
}));

const ALICE_ID = "22222222-2222-4222-8222-222222222222";

/** A value without its __typename fields (typed() below adds them). */
type Untyped<T> = T extends readonly (infer U)[]
  ? Untyped<U>[]
  : T extends object
    ? { [K in Exclude<keyof T, "__typename">]: Untyped<T[K]> }
    : T;
type Analytics = Data<"NavigationAnalytics">;
/** The NavigationAnalytics answer, checked against its generated type less the __typename fields. */
type Fixture = {
  [K in
    | "navigationRouteStats"
    | "navigationPatternStats"
    | "navigationSessionStats"
    | "navigationDailyStats"
    | "getNavigationAnalytics"]: Untyped<NonNullable<Analytics[K]>>;
};

const ANALYTICS: Fixture = {
  navigationRouteStats: {
    totalCount: 12,
    nodes: [
      {
        route: "/things",
        visitCount: 7,
        totalTimeSpent: "7000",
        averageTimeSpent: "1000.0",
        uniqueVisitors: 3,
        uniqueSessions: 4,
        lastVisited: "2026-11-21T09:00:00Z",
      },
      {
        route: "/activity",
        visitCount: 3,
        totalTimeSpent: "900",
        averageTimeSpent: "300.0",
        uniqueVisitors: 2,
        uniqueSessions: 2,
        lastVisited: "2026-11-21T09:00:00Z",
      },
    ],
  },
  navigationPatternStats: {
    totalCount: 2,
    nodes: [{ fromRoute: "/", toRoute: "/things", occurrenceCount: 5, averageTransitionTime: "4200.0", uniqueUsers: 2, uniqueSessions: 3 }],
  },
  navigationSessionStats: {
    totalCount: 2,
    nodes: [
      {
        userId: ALICE_ID,
        username: "alice",
        totalSessions: 3,
        averageSessionDuration: "125.0",
        totalNavigations: 12,
        averageNavigationsPerSession: "4.00",
        firstSession: "2026-11-20T09:00:00Z",
        lastSession: "2026-11-21T09:00:00Z",
      },
      {
        userId: "0b7d7a1e-0000-4000-8000-000000000001",
        username: null,
        totalSessions: 1,
        averageSessionDuration: "10.0",
        totalNavigations: 2,
        averageNavigationsPerSession: "2.00",
        firstSession: "2026-11-21T08:00:00Z",
        lastSession: "2026-11-21T08:00:00Z",
      },
    ],
  },
  navigationDailyStats: {
    nodes: [
      {
        date: "2026-11-20",
        dailyNavigations: 14,
        dailySessions: 4,
        uniqueRoutesVisited: 5,
        averageTimePerNavigation: "900.0",
        activeUsers: 2,
      },
    ],
  },
  getNavigationAnalytics: {
    sessionSummary: {
      totalSessions: 4,
      totalNavigations: 14,
      averageSessionDuration: 96.3,
      averageNavigationsPerSession: 3.5,
      uniqueVisitors: 2,
    },
  },
};

const EMPTY: Fixture = {
  navigationRouteStats: { totalCount: 0, nodes: [] },
  navigationPatternStats: { totalCount: 0, nodes: [] },
  navigationSessionStats: { totalCount: 0, nodes: [] },
  navigationDailyStats: { nodes: [] },
  getNavigationAnalytics: { sessionSummary: { totalSessions: 0, totalNavigations: 0 } },
};

type Answers = { [N in OperationName]?: (variables: Variables<N>) => Reply<N> };

/** Adds the __typename fields graphcache needs (the real API sends them). */
function typed(data: Fixture): Analytics {
  const nodes = (connection: { nodes: object[] }, connectionType: string, nodeType: string) => ({
    ...connection,
    __typename: connectionType,
    nodes: connection.nodes.map((n) => ({ ...n, __typename: nodeType })),
  });
  return {
    __typename: "Query",
    navigationRouteStats: nodes(data.navigationRouteStats, "RouteStatsConnection", "RouteStat"),
    navigationPatternStats: nodes(data.navigationPatternStats, "PatternStatsConnection", "PatternStat"),
    navigationSessionStats: nodes(data.navigationSessionStats, "SessionStatsConnection", "SessionStat"),
    navigationDailyStats: nodes(data.navigationDailyStats, "DailyStatsConnection", "DailyStat"),
    getNavigationAnalytics: data.getNavigationAnalytics,
  } as unknown as Analytics; // the fixture is checked as Fixture; this only adds the typenames
}

function adminSession(): Session {
  return userSession({ username: "root", name: "Root Admin" }, { role: "bk_admin" });
}

function renderAdmin({ path = "/admin", session = adminSession(), answers = {} as Answers } = {}) {
  window.scrollTo = () => {};
  const calls: { operationName: string; variables: Record<string, unknown> }[] = [];
  const handlers: Answers = {
    AdminTotals: () => ({
      data: {
        adminTotals: { __typename: "AdminTotal", things: 1204, devices: 87, users: 356, groups: 12, actions: 5120 },
      },
    }),
    NavigationAnalytics: () => ({ data: typed(ANALYTICS) }),
    AdminUserByUsername: (v) => ({
      data: {
        userByUsername: v.username === "alice" ? { __typename: "User", id: ALICE_ID, username: "alice", name: "Alice Smith" } : null,
      },
    }),
    ...answers,
  };
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    calls.push({ operationName: body.operationName, variables: body.variables });
    const handler = (handlers as Record<string, ((variables: unknown) => unknown) | undefined>)[body.operationName];
    const answer = handler ? handler(body.variables) : { data: null };
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  });
  const sessionStore = new SessionStore({ storage: new MemoryStorage() });
  sessionStore.set(session);
  const services: AppServices = {
    config: TEST_CONFIG,
    sessionStore,
    auth: fakeAuth(),
    notices: new NoticeStore(),
    fetch: fetch as unknown as typeof globalThis.fetch,
  };
  const { element, router } = memoryRoutes(buildRouteObjects(), path);
  render(<AppProviders services={services}>{element}</AppProviders>);
  const analyticsCalls = () => calls.filter((c) => c.operationName === "NavigationAnalytics");
  return { router, calls, analyticsCalls };
}

describe("/admin", () => {
  it("shows the totals, the summary, the chart and the tables", async () => {
    renderAdmin();
    await screen.findByRole("heading", { level: 1, name: "Admin" });
    expect(await screen.findByText("1,204")).toBeTruthy();
    const totals = screen.getByText("1,204").closest("ul")!;
    expect(within(totals).getByText("Things")).toBeTruthy();
    expect(within(totals).getByText("356")).toBeTruthy();
    expect(within(totals).getByText("5,120")).toBeTruthy();

    const routes = (await screen.findByRole("heading", { name: "Top routes" })).closest("section")!;
    const rows = within(routes).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByRole("link", { name: "/things" }).getAttribute("href")).toBe("/things");
    expect(within(rows[1]).getByText("7")).toBeTruthy();
    expect(within(routes).getByText("The top 2 of 12 pages.")).toBeTruthy();

    const patterns = screen.getByRole("heading", { name: "Top navigation patterns" }).closest("section")!;
    expect(within(patterns).getByText("4.2 s")).toBeTruthy();

    const sessions = screen.getByRole("heading", { name: "Sessions per user" }).closest("section")!;
    expect(within(sessions).getByRole("link", { name: "alice" }).getAttribute("href")).toBe(`/users/${ALICE_ID}/dashboard`);
    expect(within(sessions).getByText("Guest 0b7d7a1e")).toBeTruthy();
    expect(within(sessions).getByText("2 min 5 s")).toBeTruthy();

    const chart = await screen.findByRole("img", { name: /Daily navigations and active users/ });
    expect(chart.getAttribute("data-points")).toContain("2026-11-20:14");
  });

  it("asks for the last 30 days by default and feeds the chosen range and user to the queries", async () => {
    const { analyticsCalls, router } = renderAdmin();
    await screen.findByRole("heading", { name: "Top routes" });
    const first = analyticsCalls()[0].variables;
    expect(first.targetUserId).toBeNull();
    const days = (Date.parse(String(first.endDate)) - Date.parse(String(first.startDate))) / 86_400_000 + 1;
    expect(days).toBe(30);

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-10" } });
    fireEvent.change(screen.getByLabelText("User"), { target: { value: "alice" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));

    await waitFor(() =>
      expect(analyticsCalls().at(-1)!.variables).toMatchObject({
        startDate: "2026-11-01",
        endDate: "2026-11-10",
        targetUserId: ALICE_ID,
      }),
    );
    expect(router.location()).toBe("/admin?from=2026-11-01&to=2026-11-10&user=alice");
    expect(await screen.findByText(/only alice/)).toBeTruthy();
  });

  it("validates the form instantly with the database's messages", async () => {
    const { analyticsCalls } = renderAdmin();
    await screen.findByRole("heading", { name: "Top routes" });
    const before = analyticsCalls().length;
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-10" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-01" } });
    expect(screen.getByText("The end date is before the start date")).toBeTruthy();
    expect(screen.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(screen.getByLabelText("User"), { target: { value: "9lives" } });
    expect(screen.getByText("Username must start with a letter")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(analyticsCalls()).toHaveLength(before);
  });

  it("says when a username does not exist", async () => {
    const { analyticsCalls } = renderAdmin({ path: "/admin?user=nobody" });
    expect((await screen.findAllByText("No user has the username “nobody”")).length).toBeGreaterThan(0);
    expect(analyticsCalls()).toHaveLength(0);
  });

  it("filters by a visitor from the sessions table", async () => {
    const { analyticsCalls } = renderAdmin();
    await screen.findByRole("heading", { name: "Sessions per user" });
    fireEvent.click(screen.getByRole("button", { name: "Only this user: Guest 0b7d7a1e" }));
    await waitFor(() => expect(analyticsCalls().at(-1)!.variables.targetUserId).toBe("0b7d7a1e-0000-4000-8000-000000000001"));
  });

  it("explains when there is no data yet", async () => {
    renderAdmin({ answers: { NavigationAnalytics: () => ({ data: typed(EMPTY) }) } });
    expect(await screen.findByRole("heading", { name: "No navigation data yet" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Top routes" })).toBeNull();
    expect(await screen.findByText("1,204")).toBeTruthy();
  });

  it("shows the server's message when a query fails", async () => {
    renderAdmin({
      answers: {
        NavigationAnalytics: () => ({
          data: null,
          errors: [{ message: "Only an admin may see navigation analytics", extensions: { code: "DNIED" } }],
        }),
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Only an admin may see navigation analytics");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("speaks German: its own texts, the durations' units and the numbers", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    try {
      renderAdmin();
      await screen.findByRole("heading", { level: 1, name: "Verwaltung" });
      const sessions = (await screen.findByRole("heading", { name: "Sitzungen pro Person" })).closest("section")!;
      expect(within(sessions).getByText("2 Min. 5 s")).toBeTruthy();
      expect(within(sessions).getByRole("button", { name: "Nur diese Person: Gast 0b7d7a1e" })).toBeTruthy();
      expect(within(sessions).getByRole("columnheader", { name: "Ø Dauer" })).toBeTruthy();
      const patterns = screen.getByRole("heading", { name: "Häufigste Wege" }).closest("section")!;
      expect(within(patterns).getByText("4,2 s")).toBeTruthy();
      const routes = screen.getByRole("heading", { name: "Meistbesuchte Seiten" }).closest("section")!;
      expect(within(routes).getByText("Die 2 meistbesuchten von 12 Seiten.")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Anwenden" })).toBeTruthy();
    } finally {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    }
  });

  it("sends non-admins home", async () => {
    const { router, calls } = renderAdmin({ session: userSession() });
    await act(async () => {});
    expect(router.location()).toBe("/");
    expect(calls.filter((c) => c.operationName === "AdminTotals")).toHaveLength(0);
  });
});

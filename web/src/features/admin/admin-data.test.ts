import { describe, expect, it } from "vitest";
import {
  dailySeries,
  defaultFilters,
  filtersFromSearch,
  formatDuration,
  lastDays,
  parseDay,
  RANGE_ORDER_MESSAGE,
  searchFromFilters,
  sessionSummaryOf,
  shortRoute,
  validateFilters,
  visitorLabel,
} from "./admin-data.ts";

const TODAY = new Date(2026, 10, 21, 15, 30); // 21 Nov 2026, local time

describe("filters", () => {
  it("default to the last 30 days, today included, for everyone", () => {
    expect(defaultFilters(TODAY)).toEqual({ from: "2026-10-23", to: "2026-11-21", user: "" });
    expect(lastDays(7, TODAY)).toEqual({ from: "2026-11-15", to: "2026-11-21" });
  });

  it("round-trip through the address, leaving defaults out", () => {
    expect(searchFromFilters(defaultFilters(TODAY), TODAY)).toBe("");
    const custom = { from: "2026-11-01", to: "2026-11-10", user: "alice" };
    const search = searchFromFilters(custom, TODAY);
    expect(search).toBe("?from=2026-11-01&to=2026-11-10&user=alice");
    expect(filtersFromSearch(new URLSearchParams(search), TODAY)).toEqual(custom);
  });

  it("ignore broken or reversed dates in the address", () => {
    expect(filtersFromSearch(new URLSearchParams("from=2026-02-30&to=soon"), TODAY)).toEqual(defaultFilters(TODAY));
    expect(filtersFromSearch(new URLSearchParams("from=2026-11-10&to=2026-11-01&user=bob"), TODAY)).toEqual({
      ...defaultFilters(TODAY),
      user: "bob",
    });
  });

  it("validate with the database's messages", () => {
    expect(validateFilters({ from: "2026-11-10", to: "2026-11-01", user: "" })).toEqual({ to: RANGE_ORDER_MESSAGE });
    expect(validateFilters({ from: "", to: "2026-11-01", user: "" })).toEqual({ from: "This field is mandatory" });
    expect(validateFilters({ from: "2026-11-01", to: "2026-11-02", user: "1abc" })).toEqual({
      user: "Username must start with a letter",
    });
    expect(validateFilters({ from: "2026-11-01", to: "2026-11-02", user: "0b7d7a1e-0000-4000-8000-000000000001" })).toEqual({});
    expect(validateFilters({ from: "2026-11-01", to: "2026-11-01", user: " alice " })).toEqual({});
  });

  it("parse only real days", () => {
    expect(parseDay("2026-02-28")).not.toBeNull();
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("21/11/2026")).toBeNull();
  });
});

describe("answers", () => {
  it("fill the days without data with zeros", () => {
    const series = dailySeries("2026-11-01", "2026-11-04", [
      {
        date: "2026-11-02",
        dailyNavigations: 12,
        activeUsers: 3,
        dailySessions: 4,
        uniqueRoutesVisited: 5,
        averageTimePerNavigation: "1500.5",
      },
    ]);
    expect(series.map((p) => [p.date, p.navigations, p.activeUsers])).toEqual([
      ["2026-11-01", 0, 0],
      ["2026-11-02", 12, 3],
      ["2026-11-03", 0, 0],
      ["2026-11-04", 0, 0],
    ]);
  });

  it("read the session summary JSON defensively", () => {
    expect(sessionSummaryOf({ sessionSummary: { totalSessions: 3, totalNavigations: "9", averageSessionDuration: 61.5 } })).toEqual({
      totalSessions: 3,
      totalNavigations: 9,
      averageSessionDuration: 61.5,
      averageNavigationsPerSession: 0,
      uniqueVisitors: 0,
    });
    expect(sessionSummaryOf(null).totalSessions).toBe(0);
  });
});

describe("formatting", () => {
  it("writes durations for people", () => {
    expect(formatDuration("0")).toBe("0 s");
    expect(formatDuration(850)).toBe("0.9 s");
    expect(formatDuration("12400.0")).toBe("12 s");
    expect(formatDuration(125_000)).toBe("2 min 5 s");
    expect(formatDuration(4_000_000)).toBe("1 h 7 min");
  });

  it("shortens ids in routes and names guests", () => {
    expect(shortRoute("/things/1b2c3d4e-1111-4111-8111-111111111111/dashboard")).toBe("/things/1b2c3d4e…/dashboard");
    expect(visitorLabel({ username: null, userId: "0b7d7a1e-0000-4000-8000-000000000001" })).toBe("Guest 0b7d7a1e");
    expect(visitorLabel({ username: "alice", userId: "x" })).toBe("alice");
  });
});

// /rainfall/{id}: the sums behind the bar chart, and the page against a fake API (a station from
// the cache with its stale notice, an unknown station, an unreachable source).
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { gqlError, renderRoute } from "../../components/environment/test-utils.tsx";
import { barWindows, periodText, primaryMeasure, RANGES, rangeDates, readingsOf, summariseBars, toBars } from "./rainfall-data.ts";
import { translator } from "../../../../shared/i18n/translate.ts";
import { en } from "../../lib/i18n/messages/en-GB.ts";
import { de } from "../../lib/i18n/messages/de.ts";
import { rainfallPageEn } from "../../lib/i18n/messages/rainfallPage.en-GB.ts";
import { rainfallPageDe } from "../../lib/i18n/messages/rainfallPage.de.ts";

vi.mock("./RainfallBarChart.tsx", () => ({ default: () => <canvas /> }));
vi.mock("../../components/environment/LocationMapView.tsx", () => ({ default: () => <div data-testid="mini-map" /> }));

const HOUR = 3600_000;
const NOW = new Date(2026, 10, 21, 14, 20).getTime();
const reading = (t: number, value: number | null, measure = "M15") => ({
  dateTime: new Date(t).toISOString(),
  value,
  measure,
  stationId: "S1",
});

describe("rainfall data", () => {
  it("prefers the 15-minute measure, else the commonest", () => {
    expect(
      primaryMeasure(
        [
          { id: "Z-daily", period: 86400 },
          { id: "A-15", period: 900 },
        ],
        [],
      ),
    ).toBe("A-15");
    expect(primaryMeasure([], [reading(NOW, 1, "X"), reading(NOW, 1, "Y"), reading(NOW - HOUR, 1, "Y")])).toBe("Y");
    expect(primaryMeasure([], [])).toBeNull();
    expect(readingsOf([reading(NOW, 1, "X")], "Y")).toHaveLength(1);
  });

  it("sums readings into the hour they end in, leaving hours without readings empty", () => {
    const day = RANGES[0];
    const windows = barWindows(day, NOW);
    expect(windows).toHaveLength(24);
    expect(windows[23].end).toBe(new Date(2026, 10, 21, 15, 0).getTime());
    const at14 = new Date(2026, 10, 21, 14, 0).getTime();
    const bars = toBars(
      [
        reading(at14, 0.4),
        reading(at14 - 15 * 60_000, 0.2),
        reading(at14 + 15 * 60_000, 1),
        reading(at14, null),
        reading(NOW - 30 * HOUR, 9),
      ],
      day,
      NOW,
    );
    const byEnd = (t: number) => bars.find((b) => b.end === t)!;
    expect(byEnd(at14)).toMatchObject({ total: 0.6, count: 2 });
    expect(byEnd(at14 + HOUR)).toMatchObject({ total: 1, count: 1 });
    expect(bars.filter((b) => b.total === null)).toHaveLength(22);
    expect(summariseBars(bars)).toMatchObject({ total: 1.6, withData: 2 });
    expect(summariseBars(bars).wettest?.end).toBe(at14 + HOUR);
  });

  it("sums days for the longer ranges and asks for their UTC dates", () => {
    const week = RANGES[1];
    expect(barWindows(week, NOW)).toHaveLength(7);
    const bars = toBars([reading(NOW - 2 * HOUR, 2), reading(NOW - 49 * HOUR, 3)], week, NOW);
    expect(bars[6].total).toBe(2);
    expect(bars[4].total).toBe(3);
    const dates = rangeDates(week, Date.UTC(2026, 10, 21, 10));
    expect(dates).toEqual({ startdate: "2026-11-14", enddate: "2026-11-21" });
  });

  it("describes measure periods", () => {
    expect(periodText(900)).toBe("15-minute totals");
    expect(periodText(3600)).toBe("Hourly totals");
    expect(periodText(86400)).toBe("Daily totals");
    expect(periodText(null)).toBe("Rain totals");
    const germanT = translator("de", { "en-GB": { ...en, ...rainfallPageEn }, de: { ...de, ...rainfallPageDe } });
    expect(periodText(900, germanT)).toBe("15-Minuten-Summen");
    expect(periodText(86400, germanT)).toBe("Tagessummen");
  });
});

const STATION = {
  __typename: "RainfallStationDetails" as const,
  id: "E7050",
  stationReference: "E7050",
  label: "Reading Caversham",
  lat: 51.468,
  long: -0.97,
  easting: 471800,
  northing: 174700,
  town: "Reading",
  riverName: "Thames",
  catchmentName: "Thames Middle",
  measures: [
    {
      __typename: "RainfallMeasure" as const,
      id: "E7050-rainfall-t-15_min-mm",
      parameter: "rainfall",
      parameterName: "Rainfall",
      period: 900,
      qualifier: "Tipping Bucket Raingauge",
      unitName: "mm",
    },
  ],
  last24hTotal: 1.2,
  last24hReadings: 3,
  fetchedAt: new Date(Date.now() - 3 * HOUR).toISOString(),
  stale: true,
  source: "cache",
  notice: "The Environment Agency's rainfall service could not be reached; showing data fetched 3 hours ago.",
  attribution: "this uses Environment Agency rainfall data from the real-time data API (Beta)",
  licence: "Open Government Licence v3.0",
};

function withReadings() {
  const now = Date.now();
  const readings = [0.2, 0.4, 0.6].map((v, i) => ({
    __typename: "RainfallReading" as const,
    dateTime: new Date(now - (2 + i) * HOUR).toISOString(),
    value: v,
    measure: "E7050-rainfall-t-15_min-mm",
    stationId: "E7050",
  }));
  return { ...STATION, readings, latestReading: readings[0] };
}

describe("RainfallStationPage", () => {
  it("shows the station, its figures, the stale notice, the chart and the credit", async () => {
    const { calls } = renderRoute("/rainfall/E7050", {
      RainfallStationDetails: { data: { rainfallStation: withReadings() } },
      RainfallStationReadings: {
        data: {
          rainfallReadings: { ...STATION, __typename: "RainfallReadings", stale: false, notice: null, readings: withReadings().readings },
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Reading Caversham" })).toBeTruthy();
    expect(screen.getByText("Environment Agency rainfall station E7050 · Reading · River Thames")).toBeTruthy();
    expect(screen.getByText(/could not be reached; showing data fetched 3 hours ago/)).toBeTruthy();
    expect(screen.getAllByText("1.2 mm").length).toBeGreaterThan(0);
    expect(screen.getAllByText("0.2 mm").length).toBeGreaterThan(0);
    expect(screen.getByText("From 3 readings")).toBeTruthy();
    expect(screen.getByRole("img", { name: /^Rain per hour, the last 24 hours: 1\.2 mm in all; the wettest hour was/ })).toBeTruthy();
    expect(screen.getByText(/This uses Environment Agency rainfall data from the real-time data API \(Beta\)/)).toBeTruthy();
    expect(screen.getByRole("region", { name: /^Map of Reading Caversham/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open in the map" }).getAttribute("href")).toBe("/map?lat=51.46800&lng=-0.97000&zoom=15");
    expect(calls.filter((c) => c.operationName === "RainfallStationReadings")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "7 days" }));
    expect(await screen.findByRole("img", { name: /^Rain per day, the last 7 days: 1\.2 mm in all/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    const asked = calls.find((c) => c.operationName === "RainfallStationReadings")!;
    expect(asked.variables).toMatchObject({ stationId: "E7050", limit: 10000 });
  });

  it("says plainly when the station is unknown", async () => {
    renderRoute("/rainfall/NOPE", { RainfallStationDetails: gqlError("Rainfall station not found", "NTFND", "rainfallStation") });
    expect(await screen.findByRole("heading", { level: 1, name: "Rainfall station not found" })).toBeTruthy();
    expect(screen.getByText("The Environment Agency has no rainfall station “NOPE”.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Rainfall station not found");
  });

  it("explains an unknown station while the source is out of reach", async () => {
    renderRoute("/rainfall/NOPE", {
      RainfallStationDetails: gqlError("Rainfall data is unavailable right now", "UNAVL", "rainfallStation"),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Rainfall station not found" })).toBeTruthy();
    expect(screen.getByText(/could not be reached to look it up/)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Rainfall data is unavailable right now");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

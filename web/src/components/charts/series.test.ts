import { describe, expect, it } from "vitest";
import { parseUtc, readingValue, readingsToPoints, rollupsToPoints, summarise, tickLabel, timeTicks } from "./series.ts";
import { windowText } from "./ReadingsChart.tsx";

describe("readings series", () => {
  const rows = [
    { createdAt: "2026-05-09T12:00:00Z", data: { water: 45, temperature: 12.5 } },
    { createdAt: "2026-05-09T11:00:00Z", data: JSON.stringify({ water: 30 }) },
    { createdAt: "2026-05-09T10:00:00Z", data: { temperature: 11 } },
    { createdAt: "not a time", data: { water: 10 } },
    { createdAt: "2026-05-09T09:00:00Z", data: { water: "15.5" } },
  ];

  it("turns newest-first rows into points oldest first, skipping rows without the value", () => {
    expect(readingsToPoints(rows, "water")).toEqual([
      { t: Date.parse("2026-05-09T09:00:00Z"), v: 15.5 },
      { t: Date.parse("2026-05-09T11:00:00Z"), v: 30 },
      { t: Date.parse("2026-05-09T12:00:00Z"), v: 45 },
    ]);
    expect(readingsToPoints(rows, "ph")).toEqual([]);
  });

  it("reads values from objects or JSON text", () => {
    expect(readingValue({ ph: 6.8 }, "ph")).toBe(6.8);
    expect(readingValue('{"ph": 7}', "ph")).toBe(7);
    expect(readingValue({ ph: null }, "ph")).toBeNull();
    expect(readingValue("oops", "ph")).toBeNull();
  });

  it("reads times without a zone as UTC", () => {
    expect(parseUtc("2026-05-09T10:40:47")).toBe(Date.parse("2026-05-09T10:40:47Z"));
    expect(parseUtc("2026-05-09 10:40:47")).toBe(Date.parse("2026-05-09T10:40:47Z"));
    expect(parseUtc("2026-05-09T10:40:47+02:00")).toBe(Date.parse("2026-05-09T08:40:47Z"));
    expect(parseUtc("")).toBeNull();
  });

  it("summarises latest, lowest and highest", () => {
    expect(summarise(readingsToPoints(rows, "water"))).toEqual({
      count: 3,
      latest: { t: Date.parse("2026-05-09T12:00:00Z"), v: 45 },
      min: 15.5,
      max: 45,
    });
    expect(summarise([])).toEqual({ count: 0, latest: null, min: null, max: null });
  });

  it("puts ticks on whole local hours for a day and on midnights for longer ranges", () => {
    const to = new Date(2026, 4, 9, 14, 37).getTime();
    const day = timeTicks(to - 24 * 3600_000, to);
    expect(day.length).toBeGreaterThan(3);
    expect(day.length).toBeLessThanOrEqual(8);
    for (const t of day) {
      const d = new Date(t);
      expect(d.getMinutes()).toBe(0);
      expect(d.getHours() % 3).toBe(0);
    }
    const month = timeTicks(to - 30 * 24 * 3600_000, to);
    expect(month.length).toBeLessThanOrEqual(8);
    for (const t of month) expect(new Date(t).getHours()).toBe(0);
    expect(timeTicks(to, to)).toEqual([]);
  });

  it("labels ticks by hour on short ranges and by date on long ones", () => {
    // British words and 24-hour clock in London time (lib/dates.ts; issue 22): 14:00 UTC in May is 15:00 BST.
    const t = Date.UTC(2026, 4, 9, 14, 0);
    expect(tickLabel(t, 24 * 3600_000)).toBe("15:00");
    expect(tickLabel(Date.UTC(2026, 4, 8, 23, 0), 24 * 3600_000)).toBe("9 May");
    expect(tickLabel(t, 7 * 24 * 3600_000)).toBe("9 May");
  });

  it("names the window", () => {
    expect(windowText(0, 24 * 3600_000)).toBe("the last 24 hours");
    expect(windowText(0, 7 * 24 * 3600_000)).toBe("the last 7 days");
  });
});

describe("rollup series", () => {
  it("takes one quantity's means oldest first, and the readings' own extremes and count", () => {
    const rows = [
      {
        parameter: "water",
        buckets: ["2026-11-20T00:00:00Z", "2026-11-21T00:00:00Z", "not a time"],
        readings: [144, 140, 1],
        min: [12, 15, 0],
        max: [48, 61, 99],
        mean: [30, 35, 50],
      },
      { parameter: "battery", buckets: ["2026-11-20T00:00:00Z"], readings: [144], min: [3.3], max: [3.4], mean: [3.35] },
    ];
    expect(rollupsToPoints(rows, "water")).toEqual({
      points: [
        { t: Date.UTC(2026, 10, 20), v: 30 },
        { t: Date.UTC(2026, 10, 21), v: 35 },
      ],
      summary: { readings: 284, min: 12, max: 61 },
    });
    expect(rollupsToPoints(rows, "ph")).toEqual({ points: [], summary: null });
  });
});

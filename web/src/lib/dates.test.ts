// Issue 22: "Dates appear in US format in a UK product: one formatter (Intl) for every date and
// time, en-GB and Europe/London by default, following the browser's language where it is another."
import { afterEach, describe, expect, it } from "vitest";
import {
  DEFAULT_LOCALE,
  DEFAULT_TIME_ZONE,
  dateSettings,
  dayKey,
  formatDate,
  formatDateTime,
  formatTime,
  resolveDateSettings,
  setDateSettings,
  timeAgo,
} from "./dates.ts";

const initial = dateSettings();
afterEach(() => setDateSettings(initial));

describe("lib/dates", () => {
  it("defaults to en-GB in Europe/London, also for a browser that says en-US", () => {
    expect(resolveDateSettings(undefined)).toEqual({ locale: "en-GB", timeZone: "Europe/London" });
    expect(resolveDateSettings(["en-US", "en"], "America/New_York")).toEqual({ locale: DEFAULT_LOCALE, timeZone: DEFAULT_TIME_ZONE });
    // jsdom's navigator says en-US: the app still writes British dates.
    expect(dateSettings().locale).toBe("en-GB");
  });

  it("follows the browser's language where it is another, with the browser's zone", () => {
    expect(resolveDateSettings(["de-DE", "en"], "Europe/Berlin")).toEqual({ locale: "de-DE", timeZone: "Europe/Berlin" });
  });

  it("writes day, month, year in the British order and 24-hour London time", () => {
    // 14:05 UTC on 25 November is 14:05 in London (GMT); 14:05 UTC on 5 July is 15:05 (BST).
    expect(formatDate("2026-11-25T14:05:00Z")).toBe("25 Nov 2026");
    expect(formatDateTime("2026-11-25T14:05:00Z")).toBe("25 Nov 2026, 14:05");
    expect(formatTime("2026-07-05T14:05:00Z")).toBe("15:05");
    expect(dayKey("2026-07-05T23:30:00Z")).toBe("2026-07-06");
    expect(formatDate(null, "—")).toBe("—");
  });

  it("formats in another language when the browser asks for it", () => {
    setDateSettings({ locale: "de-DE", timeZone: "Europe/Berlin" });
    expect(formatDate("2026-11-25T14:05:00Z")).toBe("25. Nov. 2026");
  });

  it("says how long ago, then the date", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(timeAgo(now - 20_000, now)).toBe("just now");
    expect(timeAgo(now - 3 * 3600_000, now)).toBe("3 hours ago");
    expect(timeAgo(now - 86_400_000, now)).toBe("yesterday");
    expect(timeAgo("2026-09-01T12:00:00Z", now)).toBe("1 Sept 2026");
  });
});

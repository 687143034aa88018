import { describe, expect, it } from "vitest";
import { addDays, adoptProblem, isoWeekday, rotaDateLabel, swapDateProblem } from "./care-rules.ts";

describe("care rules (the database's words)", () => {
  it("names dates as the database does", () => {
    expect(isoWeekday("2026-12-01")).toBe(2);
    expect(rotaDateLabel("2026-12-01")).toBe("Tuesday 1 December");
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
  });

  it("accepts a swap date on the slot's day within 8 weeks, and says why not otherwise", () => {
    expect(swapDateProblem("2026-12-01", 2, "2026-11-26")).toBeNull();
    expect(swapDateProblem("2026-12-02", 2, "2026-11-26")).toBe("Wednesday 2 December is not a Tuesday, the slot's day");
    expect(swapDateProblem("2026-11-24", 2, "2026-11-26")).toBe("Choose a date from today up to 8 weeks ahead");
    expect(swapDateProblem("2027-02-02", 2, "2026-11-26")).toBe("Choose a date from today up to 8 weeks ahead");
  });

  it("refuses a sixth adopter and a person's fifty-first thing", () => {
    expect(adoptProblem(4, 10)).toBeNull();
    expect(adoptProblem(5, 0)).toBe("This thing already has 5 people looking after it, the most it can have");
    expect(adoptProblem(0, 50)).toBe("You can look after up to 50 things; stop looking after one first");
  });
});

describe("ukToday", () => {
  it("is the date in London, whatever the machine's zone", async () => {
    const { ukToday } = await import("./care-rules.ts");
    expect(ukToday(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-02"); // BST
    expect(ukToday(new Date("2026-12-01T23:30:00Z"))).toBe("2026-12-01"); // GMT
  });
});

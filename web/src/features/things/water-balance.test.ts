// The water balance as chart input (issue 21, section 5): the estimated store as a line, and the
// waterings and rain as marks a volunteer can read.
import { describe, expect, it } from "vitest";
import { balanceMarks, storePoints } from "./water-balance.ts";
import { translator } from "../../../../shared/i18n/translate.ts";
import { en } from "../../lib/i18n/messages/en-GB.ts";
import { de } from "../../lib/i18n/messages/de.ts";
import { thingsEn } from "../../lib/i18n/messages/things.en-GB.ts";
import type { ThingsT } from "./texts.ts";

const days = [
  { day: "2026-11-23", storePercent: 40, rainMm: 0.2, wateredLitres: null },
  { day: "2026-11-24", storePercent: 95, rainMm: 3.25, wateredLitres: 20 },
  { day: "2026-11-25", storePercent: null, rainMm: null, wateredLitres: null },
];

describe("water balance on the charts", () => {
  it("draws the estimated store day by day at noon, leaving out days it could not estimate", () => {
    expect(storePoints(days)).toEqual([
      { t: Date.parse("2026-11-23T12:00:00Z"), v: 40 },
      { t: Date.parse("2026-11-24T12:00:00Z"), v: 95 },
    ]);
  });

  it("marks each watering with its litres and each day's rain, but not a trace of rain", () => {
    expect(balanceMarks(days)).toEqual([
      { t: Date.parse("2026-11-24T12:00:00Z"), kind: "watering", label: "Watered 20 L" },
      { t: Date.parse("2026-11-24T12:00:00Z"), kind: "rain", label: "3.3 mm rain" },
    ]);
  });

  it("says the marks in the reader's language (they were English whatever the language)", async () => {
    const { thingsDe } = await import("../../lib/i18n/messages/things.de.ts");
    const t = translator("de", { "en-GB": { ...en, ...thingsEn }, de: { ...de, ...thingsDe } }) as unknown as ThingsT;
    expect(balanceMarks(days, t).map((m) => m.label)).toEqual(["20 L gegossen", "3,3 mm Regen"]);
  });
});

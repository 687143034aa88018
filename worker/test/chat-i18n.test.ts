// The care assistant's words in English and German (issue 25): the two catalogues pair up (same
// keys, valid ICU, same arguments), the German says every sentence in German, and the figures are
// written as each language writes them.
import { describe, expect, it } from "vitest";
import { catalogueProblems } from "../../shared/i18n/catalogue-check.ts";
import { en } from "../assistant/messages/en-GB.ts";
import { de } from "../assistant/messages/de.ts";
import { words } from "../assistant/format.ts";
import { looksGerman } from "../assistant/rules.ts";

describe("the care assistant's catalogues", () => {
  it("pair up: the same keys and arguments, valid ICU", () => {
    expect(catalogueProblems(en, en, "en-GB")).toEqual([]);
    expect(catalogueProblems(en, de, "de")).toEqual([]);
  });

  it("say every sentence in German (none left as the English)", () => {
    const same = Object.entries(en)
      .filter(([key, text]) => de[key as keyof typeof de] === text)
      .map(([key]) => key);
    // A reading's parts the two languages write alike.
    expect(same).toEqual(["sensor.problems"]);
  });
});

describe("the figures", () => {
  it("in British English as before: 14%, 0.4 mm, 4°C, 3.45 V, 2 hours ago, a and b", () => {
    const w = words("en-GB");
    expect([w.percent(14.2), w.mm(0.4), w.celsius(4), w.volts(3.45), w.km(2.1)]).toEqual(["14%", "0.4 mm", "4°C", "3.45 V", "2.1 km"]);
    expect([w.ago(0.001), w.ago(0.5), w.ago(1), w.ago(2), w.ago(72), w.duration(30)]).toEqual([
      "just now",
      "30 minutes ago",
      "1 hour ago",
      "2 hours ago",
      "3 days ago",
      "30 hours",
    ]);
    expect(w.list(["a", "b", "c"])).toBe("a, b and c");
    expect(w.day("2026-11-18")).toBe("Wed 18 Nov");
  });

  it("in German: 14 %, 0,4 mm, 4 °C, 3,45 V, vor 2 Stunden, a und b", () => {
    const w = words("de");
    expect([w.percent(14.2), w.mm(0.4), w.celsius(4), w.volts(3.45), w.km(2.1)]).toEqual(["14 %", "0,4 mm", "4 °C", "3,45 V", "2,1 km"]);
    expect([w.ago(0.001), w.ago(0.5), w.ago(1), w.ago(2), w.ago(72), w.duration(30)]).toEqual([
      "gerade eben",
      "vor 30 Minuten",
      "vor 1 Stunde",
      "vor 2 Stunden",
      "vor 3 Tagen",
      "30 Stunden",
    ]);
    expect(w.list(["a", "b", "c"])).toBe("a, b und c");
    expect(w.day("2026-11-18")).toBe("Mi., 18. Nov.");
    expect(w.actionName("WATERING")).toBe("Gießen");
  });
});

describe("telling a German question", () => {
  it("by its words, without mistaking English for it", () => {
    for (const q of [
      "Braucht es Wasser?",
      "Wann wurde es zuletzt gegossen?",
      "Funktioniert der Sensor?",
      "Was bedeutet der Boden?",
      "Was soll ich diese Woche tun?",
      "Regnet es morgen?",
    ]) {
      expect(looksGerman(q), q).toBe(true);
    }
    for (const q of [
      "Does it need water?",
      "When was it last watered?",
      "Is the sensor working?",
      "What does the soil mean?",
      "What should I do this week?",
      "Was it watered?",
      "Hi",
    ]) {
      expect(looksGerman(q), q).toBe(false);
    }
  });
});

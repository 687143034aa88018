// Badge titles and descriptions come from the catalogue by kind and count, word for word the
// database's English (without its "(s)"), in German for German readers, and as stored for a kind
// the screens do not know.
import { describe, expect, it } from "vitest";
import { translator } from "../../../../shared/i18n/translate.ts";
import { de } from "../../lib/i18n/messages/de.ts";
import { en } from "../../lib/i18n/messages/en-GB.ts";
import { badgeText } from "./badge-texts.ts";
import { accountEn } from "../../lib/i18n/messages/account.en-GB.ts";
import { accountDe } from "../../lib/i18n/messages/account.de.ts";

const german = translator("de", { "en-GB": { ...en, ...accountEn }, de: { ...de, ...accountDe } });

describe("badgeText", () => {
  it("says the database's English plainly, by the threshold or the number in the description", () => {
    expect(
      badgeText({ badgeType: "signin", level: 1, title: "Regular I", description: "Signed in 1 time(s)", threshold: 1 }, "steward"),
    ).toEqual({ title: "Regular I", description: "Signed in 1 time" });
    expect(
      badgeText({ badgeType: "measurement", level: 2, title: "Measurer II", description: "Took 10 measurement(s)" }, "steward"),
    ).toEqual({ title: "Measurer II", description: "Took 10 measurements" });
    expect(
      badgeText({ badgeType: "litres", level: 2, title: "Water Carrier II", description: "Gave 1,000 litres of water" }, "steward"),
    ).toEqual({ title: "Water Carrier II", description: "Gave 1,000 litres of water" });
    expect(
      badgeText(
        { badgeType: "created", level: 3, title: "Founder III", description: "Added 50 thing(s) to look after", threshold: 50 },
        "bee",
      ).description,
    ).toBe("Added 50 cafes to look after");
  });

  it("speaks German", () => {
    expect(
      badgeText(
        { badgeType: "watering", level: 2, title: "Waterer II", description: "Watered 10 time(s)", threshold: 10 },
        "steward",
        german,
      ),
    ).toEqual({ title: "Gießprofi II", description: "10-mal gegossen" });
  });

  it("keeps the stored words of a kind it does not know", () => {
    expect(
      badgeText({ badgeType: "planting", level: 1, title: "Planter I", description: "Planted 1 tree(s)", threshold: 1 }, "steward"),
    ).toEqual({ title: "Planter I", description: "Planted 1 tree" });
  });
});

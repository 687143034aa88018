// The e-mails in English and German (issue 25): the two catalogues pair up (same keys, valid ICU,
// same arguments), every template renders in German without an English sentence left in it, and
// the British English texts stay word for word what they were.
import { describe, expect, it } from "vitest";
import { catalogueProblems } from "../../shared/i18n/catalogue-check.ts";
import { en } from "../mail/messages/en-GB.ts";
import { de } from "../mail/messages/de.ts";
import { buildEmail } from "../mail/render.ts";
import { templateNames } from "../mail/templates/index.ts";

const publicUrl = "https://steward.example.org";
const SAMPLES: Record<string, Record<string, unknown>> = {
  verify_email: { name: "Greta", userEmailId: "e1", token: "t" },
  password_reset: { name: "Greta", userId: "u1", token: "t" },
  account_deletion: { name: "Greta", token: "t" },
  new_user: { name: "Greta", username: "greta", userId: "u1", token: "t" },
  password_changed: { name: "Greta" },
  invitation: { inviterName: "Ann", kind: "group", targetName: "Kiezgarten", invitationId: "i1", code: "c" },
  notification: { name: "Greta", title: "Eiche", body: "Text", linkPath: "/things" },
  notice_digest: { name: "Greta", frequency: "weekly", notices: [{ title: "Eiche", body: "Text", linkPath: "/things" }] },
  daily_digest: {
    name: "Greta",
    things: [
      { id: "1", name: "Eiche", colour: "red", band: null, water: 12.4 },
      { id: "2", name: "Linde", colour: "green", band: null, water: null, waterNeed: "fine" },
    ],
    tasks: [{ title: "Mulchen", dueDate: "2026-12-01", overdue: true, thingName: "Eiche" }],
    activity: [{ type: "WATERING", thingName: "Linde", by: null }],
  },
};

const render = (template: string, locale: "en-GB" | "de", domainName: string | null = null) =>
  buildEmail({ to: "greta@example.org", template, domainName, variables: SAMPLES[template] }, { publicUrl, locale });

describe("the e-mail catalogues", () => {
  it("pair up: the same keys and arguments, valid ICU", () => {
    expect(catalogueProblems(en, en, "en-GB")).toEqual([]);
    expect(catalogueProblems(en, de, "de")).toEqual([]);
  });

  it("have a sample for every template", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...templateNames].sort());
  });

  it.each(Object.keys(SAMPLES))("%s renders in German, in both brands", (template) => {
    for (const domain of [null, "beecafe.example.org"]) {
      const email = render(template, "de", domain);
      expect(email.html).toContain('<html lang="de">');
      expect(email.text).toMatch(/^Hallo/);
      // No sentence of the English catalogue is left in the German mail.
      for (const text of Object.values(en)) {
        if (!/[{]/.test(text) && text.length > 12) expect(email.text).not.toContain(text);
      }
    }
  });

  it("speaks of each brand's own things in German, with plurals by count", () => {
    expect(render("daily_digest", "de").text).toContain("1 deiner Objekte braucht heute Aufmerksamkeit.");
    expect(render("daily_digest", "de", "beecafe.example.org").subject).toBe("Deine tägliche Zusammenfassung – Bee Cafe");
    expect(render("daily_digest", "de").text).toContain("Eiche ist trocken und braucht jetzt Wasser (12 % Bodenfeuchte)");
    expect(render("daily_digest", "de").text).toContain("Mulchen bei Eiche – überfällig seit 2026-12-01");
    expect(render("daily_digest", "de").text).toContain("Jemand: gegossen bei Linde");
    expect(render("daily_digest", "de").text).toContain("Linde: alles in Ordnung");
    expect(render("invitation", "de").subject).toBe("Ann lädt dich ein, der Gruppe „Kiezgarten“ beizutreten – auf Steward");
    expect(render("notice_digest", "de").text).toContain("Ein Hinweis von Steward in dieser Woche:");
  });

  it("keeps the British English texts as they were", () => {
    expect(render("daily_digest", "en-GB").text).toContain("1 of your things needs attention today.");
    expect(render("daily_digest", "en-GB").text).toContain("Eiche is dry and needs water now (12% moisture)");
    expect(render("daily_digest", "en-GB").text).toContain("Mulchen at Eiche — overdue since 2026-12-01");
    expect(render("daily_digest", "en-GB").text).toContain("Someone: watering at Linde");
    expect(render("daily_digest", "en-GB").text).toContain("Linde is fine");
    expect(render("invitation", "en-GB").subject).toBe("Ann invited you to join the group “Kiezgarten” on Steward");
    expect(render("notice_digest", "en-GB").text).toContain("One notice from Steward this week:");
    expect(render("verify_email", "en-GB").html).toContain('<html lang="en-GB">');
  });
});

describe("notices and water-need reasons in the recipient's language (shared/i18n/notices)", () => {
  const key = { textKey: "notice.task_due", textValues: { task: "Mulchen", thing: "Eiche" } };
  const english = { title: "Due tomorrow: Mulchen", body: 'The task "Mulchen" at Eiche is due tomorrow.' };
  const mail = (template: string, variables: Record<string, unknown>, locale: "en-GB" | "de") =>
    buildEmail({ to: "greta@example.org", template, domainName: null, variables }, { publicUrl, locale });

  it("writes a notice e-mail with a key in German, and word for word the English in en-GB", () => {
    const variables = { name: "Greta", ...english, linkPath: "/tasks", linkLabel: "Open in the app", ...key };
    const de = mail("notification", variables, "de");
    expect(de.subject).toBe("Morgen fällig: Mulchen – Steward");
    expect(de.text).toContain("Die Aufgabe „Mulchen“ bei Eiche ist morgen fällig.");
    expect(de.text).toContain("In der App öffnen");
    expect(de.text).not.toContain("is due tomorrow");
    const en = mail("notification", variables, "en-GB");
    expect(en.subject).toBe("Due tomorrow: Mulchen — Steward");
    expect(en.text).toContain(english.body);
    expect(en.text).toContain("Open in the app");
  });

  it("keeps the English of a notice without a key", () => {
    expect(mail("notification", { name: "Greta", ...english, linkPath: "/tasks" }, "de").text).toContain(english.body);
  });

  it("writes the held notices of the notice digest in German", () => {
    const de = mail("notice_digest", { name: "Greta", frequency: "daily", notices: [{ ...english, linkPath: "/tasks", ...key }] }, "de");
    expect(de.text).toContain("Morgen fällig: Mulchen");
    expect(de.text).toContain("Die Aufgabe „Mulchen“ bei Eiche ist morgen fällig.");
  });

  it("writes the daily digest's water-need reasons from their parts", () => {
    const thing = {
      id: "1",
      name: "Eiche",
      colour: "red",
      band: null,
      water: null,
      waterNeed: "needs_water",
      waterNeedReason: "no watering recorded; no rain in the last 7 days; hot days ahead",
      waterNeedReasonParts: [{ key: "reason.no_watering" }, { key: "reason.no_rain_week" }, { key: "reason.hot_ahead" }],
    };
    expect(mail("daily_digest", { name: "Greta", things: [thing] }, "de").text).toContain(
      "keine Bewässerung erfasst; in den letzten 7 Tagen kein Regen; heiße Tage stehen bevor",
    );
    expect(mail("daily_digest", { name: "Greta", things: [thing] }, "en-GB").text).toContain(thing.waterNeedReason);
  });
});

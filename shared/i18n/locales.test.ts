import { describe, expect, it } from "vitest";
import { acceptLanguageTags, negotiateLocale } from "./locales.ts";

describe("choosing a language", () => {
  it.each([
    [["de-AT", "en"], "de"],
    [["en-US", "de"], "en-GB"],
    [["fr-FR", "de-CH"], "de"],
    [["fr-FR", "es"], "en-GB"],
    [[], "en-GB"],
    [[null, "de"], "de"],
  ] as const)("%j → %s", (tags, locale) => {
    expect(negotiateLocale(tags)).toBe(locale);
  });

  it("reads an Accept-Language header by its weights", () => {
    expect(acceptLanguageTags("fr;q=0.5, de-CH, en;q=0.8, *;q=0.1")).toEqual(["de-CH", "en", "fr"]);
    expect(acceptLanguageTags("en;q=0, de")).toEqual(["de"]);
    expect(negotiateLocale(acceptLanguageTags("fr, de;q=0.9, en;q=0.8"))).toBe("de");
    expect(acceptLanguageTags(undefined)).toEqual([]);
  });
});

// How the reader's language is chosen, the same in the app (locale-context.tsx) and in the page's
// first script (early.ts): the account's choice, then this device's, then the browser's languages.
import { afterEach, describe, expect, it, vi } from "vitest";
import { dateLocale, LANGUAGE_STORAGE_KEY, readerLocale, storedChoice } from "./reader-locale.ts";
import { warmIntl } from "./warm-intl.ts";

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("readerLocale", () => {
  it("takes the account's choice, then the device's, then the first browser language we speak", () => {
    expect(readerLocale("de", "en-GB", ["en-US"])).toBe("de");
    expect(readerLocale(null, "de", ["en-US"])).toBe("de");
    expect(readerLocale(null, null, ["fr-FR", "de-AT", "en"])).toBe("de");
    expect(readerLocale(null, null, ["fr-FR"])).toBe("en-GB");
    // A language the product does not speak in the account counts as no choice.
    expect(readerLocale("fr", null, ["de-CH"])).toBe("de");
  });

  it("reads the device's choice, ignoring what is not a language we speak", () => {
    expect(storedChoice()).toBeNull();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    expect(storedChoice()).toBe("de");
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "klingon");
    expect(storedChoice()).toBeNull();
  });

  it("writes German dates as in Germany and English ones as in Britain", () => {
    expect(dateLocale("de")).toBe("de-DE");
    expect(dateLocale("en-GB")).toBe("en-GB");
  });
});

describe("warmIntl", () => {
  it("starts the language's locale resolution, as every text's compilation asks it", () => {
    const numbers = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    warmIntl("de");
    expect(numbers).toHaveBeenCalledWith("de");
  });

  it("does nothing, without throwing, in a browser short of part of Intl", () => {
    vi.stubGlobal("Intl", { ...Intl, Locale: undefined });
    expect(() => warmIntl("en-GB")).not.toThrow();
  });
});

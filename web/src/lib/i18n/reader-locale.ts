// What the reader's language is chosen from besides their account (locale-context.tsx): their
// choice on this device and their browser's languages; and the locale their dates are written in.
// Small and free of React, so the page's first script (early.ts) can tell the language too,
// before the app has arrived.
import { isLocale, negotiateLocale, type Locale } from "../../../../shared/i18n/locales.ts";

/** Where a guest's (or a not yet saved) choice is kept on this device. */
export const LANGUAGE_STORAGE_KEY = "steward.language";

/** The language chosen on this device, if any. */
export function storedChoice(): Locale | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** The browser's languages, most preferred first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The language the app will speak: the account's choice, else this device's, else the browser's first we speak. */
export function readerLocale(accountChoice: string | null | undefined, deviceChoice: Locale | null, languages: readonly string[]): Locale {
  return negotiateLocale([(isLocale(accountChoice) ? accountChoice : null) ?? deviceChoice, ...languages]);
}

/** The locale dates are written in for a language: German dates as in Germany. */
export function dateLocale(locale: Locale): string {
  return locale === "de" ? "de-DE" : "en-GB";
}

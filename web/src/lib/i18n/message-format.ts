// FormatJS's IntlMessageFormat, made cheap to create. Each screen text is compiled once, but the
// constructor asks Intl which of the locales it supports (supportedLocalesOf, new Intl.Locale) and
// starts a cache of number, date and plural formatters of its own, for every text (issue 27): 300
// texts took 50 ms in Node on this machine, 4.5 ms with one resolution and one set of formatters
// per language. (The first Intl call of a page still pays for ICU's start, whichever it is.)
import { IntlMessageFormat, type Formatters } from "intl-messageformat";
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";

// The constructor calls this static for every text; the answer depends only on the locale.
const resolveLocale = IntlMessageFormat.resolveLocale;
const resolved = new Map<string, Intl.Locale | undefined>();
IntlMessageFormat.resolveLocale = (locales) => {
  const key = String(locales);
  if (!resolved.has(key)) resolved.set(key, resolveLocale(locales));
  return resolved.get(key);
};

/** One Intl formatter per locale and options, shared by all texts. */
function sharedFormatters(): Formatters {
  const once = <A extends unknown[], T>(make: (...args: A) => T) => {
    const made = new Map<string, T>();
    return (...args: A): T => {
      const key = JSON.stringify(args);
      let formatter = made.get(key);
      if (formatter === undefined) {
        formatter = make(...args);
        made.set(key, formatter);
      }
      return formatter;
    };
  };
  return {
    getNumberFormat: once((locales?: string | string[], options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options)),
    getDateTimeFormat: once((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
    getPluralRules: once((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
  };
}

const formatters = sharedFormatters();

/** A text (ICU source, or its syntax tree from the build) ready to format in `locale`. */
export function compileMessage(message: string | MessageFormatElement[], locale: string): IntlMessageFormat {
  return new IntlMessageFormat(message, locale, undefined, { formatters });
}

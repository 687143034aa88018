// Messages in ICU MessageFormat (plurals, numbers and dates by locale), formatted with FormatJS's
// intl-messageformat: the server, the worker and the browser format a catalogue's texts alike. A
// catalogue is a flat record of key → ICU text; each part keeps its own (the worker's e-mails, the
// browser's screens), so nobody loads another's texts. (The browser's build parses the texts at
// build time, web/precompiled-messages.ts, so a catalogue's value may be a syntax tree there.)
import { IntlMessageFormat } from "intl-messageformat";
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

export type Catalogue<K extends string = string> = Readonly<Record<K, string>>;
/** Values for a message's arguments: text, numbers and dates (formatted by the locale). */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate<K extends string = string> = (key: K, values?: MessageValues) => string;

/** Formatters whose dates and times are in `timeZone` (the reader's own when not given). */
function formattersIn(timeZone: string | undefined) {
  if (!timeZone) return undefined;
  return {
    getNumberFormat: (locales?: string | string[], options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options),
    getDateTimeFormat: (locales?: string | string[], options?: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locales, { ...options, timeZone }),
    getPluralRules: (locales?: string | string[], options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locales, options),
  };
}

/**
 * A translator for `locale`: `t(key, values)`. A key missing from the locale's catalogue falls
 * back to British English (the tests keep the catalogues complete; this is for a release that
 * ships a new text before its translation). A broken text throws (the catalogue tests catch it).
 */
export function translator<K extends string>(
  locale: Locale,
  catalogues: Record<Locale, Catalogue<K>>,
  options: { timeZone?: string } = {},
): Translate<K> {
  const formatters = formattersIn(options.timeZone);
  const compiled = new Map<K, IntlMessageFormat>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      const text = (Object.hasOwn(catalogues[locale], key) ? catalogues[locale] : catalogues[DEFAULT_LOCALE])[key];
      if (text === undefined) throw new Error(`No text for ${key}`);
      format = new IntlMessageFormat(
        text,
        Object.hasOwn(catalogues[locale], key) ? locale : DEFAULT_LOCALE,
        undefined,
        formatters && { formatters },
      );
      compiled.set(key, format);
    }
    return String(format.format(values as Record<string, string | number | Date>));
  };
}

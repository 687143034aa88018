// Messages in ICU MessageFormat (plurals, numbers and dates by locale), formatted with FormatJS's
// framework-free core, the same one react-intl wraps: the server, the worker and the browser
// format a catalogue's texts alike. A catalogue is a flat record of key → ICU text; each part
// keeps its own (the worker's e-mails, the browser's screens), so nobody loads another's texts.
import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

export type Catalogue<K extends string = string> = Readonly<Record<K, string>>;
/** Values for a message's arguments: text, numbers and dates (formatted by the locale). */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate<K extends string = string> = (key: K, values?: MessageValues) => string;

const cache = createIntlCache();

/**
 * A translator for `locale`: `t(key, values)`. A key missing from the locale's catalogue falls
 * back to British English (the tests keep the catalogues complete; this is for a release that
 * ships a new text before its translation).
 */
export function translator<K extends string>(
  locale: Locale,
  catalogues: Record<Locale, Catalogue<K>>,
  options: { timeZone?: string } = {},
): Translate<K> {
  const intl: IntlShape<string> = createIntl(
    {
      locale,
      // Texts that say "UTC" after a time (the notices) format their dates in UTC.
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      defaultLocale: DEFAULT_LOCALE,
      messages: { ...catalogues[DEFAULT_LOCALE], ...catalogues[locale] },
      onError: (error) => {
        // A missing translation is covered by the fallback above; anything else is a broken
        // message, which the catalogue tests catch before it ships.
        if (error.code !== "MISSING_TRANSLATION") throw error;
      },
    },
    cache,
  );
  return (key, values) => intl.formatMessage({ id: key }, values as Record<string, string | number | Date>) as string;
}

// Starts the browser's Intl for the reader's language while the page waits for its code (issue 27).
// The first Intl call of a page pays for ICU's start and loads the language's data (plural rules,
// number symbols, date patterns): on a phone slowed 4x that was about 100 ms inside /map's first
// render, after the code had arrived. The page's first script (early.ts) makes the same kinds of
// formatter, once, when the main thread is idle (on a first visit: the second or so it waits for
// the code); what ICU loaded stays loaded, so the texts of the first render find it ready. Only
// what every page's texts use: the locale's resolution, plurals and numbers (a page's dates come
// later, and a date formatter nobody needed yet would be work added, not moved).
import type { Locale } from "../../../../shared/i18n/locales.ts";

export function warmIntl(locale: Locale): void {
  try {
    // What intl-messageformat asks of every text's locale (message-format.ts), then the formatters
    // its plurals and numbers use.
    const supported = Intl.NumberFormat.supportedLocalesOf(locale);
    new Intl.Locale(supported[0] ?? locale);
    new Intl.PluralRules(locale).select(1);
    new Intl.NumberFormat(locale).format(1.5);
  } catch {
    // A browser without one of these: nothing is warmed, the app works as ever.
  }
}

// A feature's screen texts travel with the feature (issue 25 and the first page's weight, issue 27).
// The shell's texts (header, layout, map, panels: messages/en-GB.ts) are in the first page; a
// feature's (messages/<feature>.en-GB.ts) are imported by the feature's own files, so they arrive
// with its lazy chunk, and their German twin is fetched the first time a German reader opens one
// of its screens (useT(texts) waits for it, under the route's loading state, rather than flashing
// English). Formatting is FormatJS's, like the shell's: ICU plurals, numbers and dates by locale.
import type { IntlMessageFormat } from "intl-messageformat";
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { DEFAULT_LOCALE, type Locale } from "../../../../shared/i18n/locales.ts";
import type { MessageValues } from "../../../../shared/i18n/translate.ts";
import { compileMessage } from "./message-format.ts";

/** A catalogue's text: ICU source, or (in the production build) its syntax tree, parsed at build time. */
type Message = string | MessageFormatElement[];
type Translations<K extends string> = Readonly<Record<K, string>>;

export interface Texts<K extends string> {
  /** The British English texts (word for word the spec's where it has them). */
  readonly en: Translations<K>;
  /** Whether `locale`'s texts are here (British English always is). */
  has(locale: Locale): boolean;
  /** Fetches `locale`'s texts once; resolves (to English) even when they can't be fetched. */
  load(locale: Locale): Promise<void>;
  /** `key` in `locale`, formatted with `values`. */
  format(locale: Locale, key: K, values?: MessageValues): string;
}

/** The pseudo-locale's rewrite of a British English text (lib/i18n/pseudo.ts), when it is on. */
let pseudo: ((message: Message) => MessageFormatElement[]) | null = null;
const everyTexts = new Set<{ clear(): void }>();

/** Turns the pseudo-locale on (a rewrite) or off (null) for every feature's texts. */
export function setPseudoRewrite(rewrite: typeof pseudo): void {
  pseudo = rewrite;
  for (const texts of everyTexts) texts.clear();
}

/**
 * A text another catalogue said (the shared notices' and water-need reasons', shared/i18n/notices),
 * marked like the screens' own when the pseudo-locale is on, so a check for hard-coded text can
 * tell it came from a catalogue. As it is otherwise.
 */
export function pseudoMarked(text: string): string {
  if (!pseudo || !text) return text;
  return pseudo([{ type: TYPE.literal, value: text }])
    .map((element) => (element.type === TYPE.literal ? element.value : ""))
    .join("");
}

/**
 * A feature's texts: its British English, and how to fetch each other language's twin
 * (`() => import("./things.de.ts").then((m) => m.thingsDe)`).
 */
export function defineTexts<const M extends Record<string, string>>(
  en: M,
  others: { de: () => Promise<Translations<keyof M & string>> },
): Texts<keyof M & string> {
  type K = keyof M & string;
  const loaded: Partial<Record<Locale, Translations<K>>> = { [DEFAULT_LOCALE]: en };
  const loading = new Map<Locale, Promise<void>>();
  const compiled = new Map<string, IntlMessageFormat>();
  everyTexts.add({ clear: () => compiled.clear() });

  const message = (locale: Locale, key: K): Message => {
    const text: Message = loaded[locale]?.[key] ?? en[key];
    return pseudo && locale === DEFAULT_LOCALE ? pseudo(text) : text;
  };

  return {
    en,
    has: (locale) => loaded[locale] !== undefined,
    load(locale) {
      // One promise per language, the same on every call, settled as React's `use` reads it: a
      // screen asks for it on every render (also once the texts are here), so React sees the
      // same call when it replays a screen that waited.
      let promise = loading.get(locale);
      if (!promise) {
        const fetch: () => Promise<Translations<K> | undefined> = loaded[locale]
          ? async () => loaded[locale]
          : locale === "de"
            ? others.de
            : async () => undefined;
        const settled = fetch().then(
          (texts) => {
            if (texts) loaded[locale] = texts;
          },
          // Offline without the chunk: English for this visit (the same settled promise, so a
          // screen waiting on it doesn't wait again).
          () => undefined,
        );
        void settled.then(() => Object.assign(settled, { status: "fulfilled", value: undefined }));
        promise = settled;
        loading.set(locale, promise);
      }
      return promise;
    },
    format(locale, key, values) {
      const id = `${locale}\u0000${key}`;
      let format = compiled.get(id);
      if (!format) {
        format = compileMessage(message(locale, key), locale);
        compiled.set(id, format);
      }
      return String(format.format(values as Record<string, string | number | Date>));
    },
  };
}

/** A feature's texts in British English without React (the default of its pure helpers). */
export function englishOf<K extends string>(texts: Texts<K>): (key: K, values?: MessageValues) => string {
  return (key, values) => texts.format(DEFAULT_LOCALE, key, values);
}

// The server speaks British English (its messages are the spec's texts and docs/error-codes.md's);
// the reader may not. A message the server sends is recognised against the known texts
// (known-texts/en-GB.ts, values where the server put them) and said in the reader's language
// (known-texts/de.ts). The patterns and the German texts are loaded with the German screen texts
// (the "de" chunk), so an English reader loads nothing for this. A message we don't know is shown
// as the server wrote it.
import type { IntlMessageFormat } from "intl-messageformat";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { compileMessage } from "./message-format.ts";

export type KnownTexts = Readonly<Record<string, string>>;
/** The target language's texts: as written, or (in the production build) parsed already. */
type Formattable = ConstructorParameters<typeof IntlMessageFormat>[0];

interface Pattern {
  key: string;
  regex: RegExp;
  names: string[];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A regex that matches the whole of an English text, with each {name} as a capture. */
export function patternOf(key: string, text: string): Pattern {
  const names: string[] = [];
  const source = text
    .split(/(\{\w+\})/)
    .map((part) => {
      const arg = /^\{(\w+)\}$/.exec(part);
      if (!arg) return escapeRegex(part);
      names.push(arg[1]);
      return "(.+?)";
    })
    .join("");
  return { key, regex: new RegExp(`^${source}$`, "s"), names };
}

export type MessageTranslator = (message: string) => string;

/** A translator from the English known texts to `target`'s. */
export function makeMessageTranslator(locale: Locale, english: KnownTexts, target: KnownTexts): MessageTranslator {
  // Exact texts first (most are), then patterns with values, the longest (most specific) first.
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [key, text] of Object.entries(english)) {
    if (/\{\w+\}/.test(text)) patterns.push(patternOf(key, text));
    else exact.set(text, key);
  }
  patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  const say = (key: string, values?: Record<string, string>) => String(compileMessage(target[key] as Formattable, locale).format(values));
  return (message) => {
    const key = exact.get(message);
    if (key !== undefined) return key in target ? say(key) : message;
    for (const pattern of patterns) {
      const match = pattern.regex.exec(message);
      if (!match || !(pattern.key in target)) continue;
      const values = Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1]]));
      return say(pattern.key, values);
    }
    return message;
  };
}

let current: MessageTranslator = (message) => message;

/** The server's (or a shared validation) message in the reader's language. */
export function translateServerMessage(message: string): string {
  return current(message);
}

/** Set by the LocaleProvider when the language changes (null: British English, as written). */
export function setServerMessageTranslator(translator: MessageTranslator | null): void {
  current = translator ?? ((message) => message);
}

// The care assistant's translator for the asker's locale (one per locale, made once).
import { translator, type Translate } from "../../../shared/i18n/translate.ts";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import { en, type ChatKey } from "./en-GB.ts";
import { de } from "./de.ts";

export type { ChatKey };
export type ChatTranslate = Translate<ChatKey>;

const translators = new Map<Locale, ChatTranslate>();

export function chatTranslator(locale: Locale = DEFAULT_LOCALE): ChatTranslate {
  let t = translators.get(locale);
  if (!t) {
    t = translator<ChatKey>(locale, { "en-GB": en, de });
    translators.set(locale, t);
  }
  return t;
}

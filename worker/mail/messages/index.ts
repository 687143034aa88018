// The e-mails' translator for a recipient's locale.
import { translator, type Translate } from "../../../shared/i18n/translate.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { en, type MailKey } from "./en-GB.ts";
import { de } from "./de.ts";

export type { MailKey };
export type MailTranslate = Translate<MailKey>;

const translators = new Map<Locale, MailTranslate>();

export function mailTranslator(locale: Locale): MailTranslate {
  let t = translators.get(locale);
  if (!t) {
    t = translator<MailKey>(locale, { "en-GB": en, de });
    translators.set(locale, t);
  }
  return t;
}

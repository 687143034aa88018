// Notices and water-need reasons in a reader's language, from what the database stores beside the
// English (app_public.notifications.text_key/text_values, things.water_need_reason_parts). Shared
// by the SPA's bell and map, the worker's notice e-mails and pushes.
//
// Values are data; a few are turned into text here:
//   - names ending in "Date" or "At" are ISO dates or times, formatted in UTC (the English says UTC);
//   - "reason" is a water-need reason's parts, written and joined with "; ";
//   - "things" is a rota's list of { name, need }, joined with ", ";
//   - a null "person" (an account without a name) is "Someone" in the reader's language.
// Anything that cannot be written (an unknown key, a reason without parts) gives null, and the
// caller shows the stored English instead.
//
// British English is always here; another language's texts are added by whoever speaks it
// (addNoticeTexts): the worker adds them all at once (all-languages.ts), the browser with the rest
// of that language's texts, so an English reader's page never carries the German.
import { translator, type Catalogue, type MessageValues, type Translate } from "../translate.ts";
import { DEFAULT_LOCALE, type Locale } from "../locales.ts";
import { en, type NoticeKey } from "./en-GB.ts";

export { en as noticesEnGB, type NoticeKey };

export interface ReasonPart {
  key: string;
  values?: Record<string, unknown> | null;
}

const catalogues: Record<Locale, Catalogue<NoticeKey>> = { "en-GB": en, de: en };
const translators = new Map<Locale, Translate<NoticeKey>>();

/** Makes `locale`'s notice texts available (until then its notices are shown in English). */
export function addNoticeTexts(locale: Locale, texts: Catalogue<NoticeKey>): void {
  if (locale === DEFAULT_LOCALE) return;
  catalogues[locale] = texts;
  translators.delete(locale);
}

function noticeTranslator(locale: Locale): Translate<NoticeKey> {
  let t = translators.get(locale);
  if (!t) {
    t = translator<NoticeKey>(locale, catalogues, { timeZone: "UTC" });
    translators.set(locale, t);
  }
  return t;
}

const isKey = (key: unknown): key is NoticeKey => typeof key === "string" && Object.hasOwn(en, key);

function scalarValues(values: Record<string, unknown> | null | undefined): MessageValues | null {
  const out: MessageValues = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === null || value === undefined) out[name] = value;
    else if (/(Date|At)$/.test(name) && typeof value === "string") {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return null;
      out[name] = date;
    } else if (typeof value === "string" || typeof value === "number") out[name] = value;
    else return null;
  }
  return out;
}

/** A water-need reason in `locale`, or null when the parts are missing or unknown. */
export function renderReason(locale: Locale, parts: unknown): string | null {
  if (!Array.isArray(parts) || parts.length === 0) return null;
  const t = noticeTranslator(locale);
  const written: string[] = [];
  for (const part of parts as ReasonPart[]) {
    if (!isKey(part?.key) || !part.key.startsWith("reason.")) return null;
    const values = scalarValues(part.values);
    if (!values) return null;
    written.push(t(part.key, values));
  }
  return written.join("; ");
}

/** A notice's title and body in `locale`, or null (then show the stored English). */
export function renderNotice(locale: Locale, key: string | null | undefined, values: unknown): { title: string; body: string } | null {
  const title = `${key}.title`;
  const body = `${key}.body`;
  if (!key || !isKey(title) || !isKey(body)) return null;
  const raw = { ...((values ?? {}) as Record<string, unknown>) };
  const t = noticeTranslator(locale);
  try {
    if ("reason" in raw) {
      const reason = renderReason(locale, raw.reason);
      if (reason === null) return null;
      raw.reason = reason;
    }
    if ("things" in raw) {
      if (raw.things !== null && !Array.isArray(raw.things)) return null;
      raw.things = ((raw.things ?? []) as { name?: unknown; need?: unknown }[])
        .map((thing) => t("notice.listedThing", { name: String(thing.name ?? ""), need: String(thing.need ?? "") }))
        .join(", ");
    }
    if ("person" in raw && (raw.person === null || raw.person === undefined)) raw.person = t("notice.someone");
    const scalars = scalarValues(raw);
    if (!scalars) return null;
    return { title: t(title, scalars), body: t(body, scalars) };
  } catch {
    // A stored value the text cannot take (a broken row): the English is still there.
    return null;
  }
}

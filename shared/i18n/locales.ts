// The languages the product speaks (issue 25) and how a person's language is chosen: their own
// setting when they have made one, else the first of the browser's (or an e-mail client's)
// languages that we speak, else British English. Any English is en-GB (the product is British;
// browsers ship en-US as their default English); any German (de-DE, de-AT, de-CH) is de.

export const LOCALES = ["en-GB", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-GB";

/** Each language named in itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { "en-GB": "English", de: "Deutsch" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The locale we speak for one language tag ("de-AT" → de, "en-US" → en-GB), or null. */
export function localeOf(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (language === "en") return "en-GB";
  if (language === "de") return "de";
  return null;
}

/** The first of `tags` (most preferred first) that we speak, else en-GB. */
export function negotiateLocale(tags: readonly (string | null | undefined)[]): Locale {
  for (const tag of tags) {
    if (!tag) continue;
    const locale = isLocale(tag) ? tag : localeOf(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The tags of an Accept-Language header, most preferred first ("de-CH, de;q=0.9, en;q=0.8"). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag && t.tag !== "*" && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

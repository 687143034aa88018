// A badge's title and description in the reader's language. The database keeps them in English
// ("Regular II", "Signed in 10 time(s)", db/migrations/…_actions_and_badges.sql); each kind it
// has is written in the catalogue with its count, so German readers get German and English
// readers get "1 time" rather than "1 time(s)". A kind the screens do not know yet shows the
// database's words.
import type { BrandingKey } from "../../../../shared/branding.ts";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { type AccountT, englishAccountT } from "./texts.ts";

export interface BadgeTypeText {
  badgeType: string;
  level: number;
  title: string;
  description: string;
  threshold?: number | null;
}

const KINDS = ["signin", "created", "littercleanup", "share", "watering", "litres", "education", "upkeep", "measurement"] as const;
type Kind = (typeof KINDS)[number];
const isKind = (value: string): value is Kind => (KINDS as readonly string[]).includes(value);

const ROMAN = ["", "I", "II", "III", "IV", "V"];

/** "Watered 1 time(s)" -> "Watered 1 time", "Took 10 measurement(s)" -> "Took 10 measurements". */
export function plainDescription(text: string): string {
  return text.replace(
    /(\d+)((?: \p{L}+)*? )(\p{L}+)\(s\)/gu,
    (_match, count: string, between: string, word: string) => `${count}${between}${count === "1" ? word : `${word}s`}`,
  );
}

/** The count a description is about: the threshold, else the first number in the database's words ("1,000"). */
function countOf(type: BadgeTypeText): number | null {
  if (typeof type.threshold === "number") return type.threshold;
  const match = /\d[\d,]*/.exec(type.description);
  return match ? Number(match[0].replace(/,/g, "")) : null;
}

export function badgeText(type: BadgeTypeText, brand: BrandingKey, t: AccountT = englishAccountT): { title: string; description: string } {
  const count = countOf(type);
  if (!isKind(type.badgeType) || count === null) return { title: type.title, description: plainDescription(type.description) };
  return {
    title: t(`account.badge.${type.badgeType}.title` as MessageKey, { level: ROMAN[type.level] ?? String(type.level) }),
    description: t(`account.badge.${type.badgeType}.description` as MessageKey, { count, brand }),
  };
}

// The words for who looks after a thing, the same on its page, the map card and the marker.
import { type ThingsT, englishThingsT } from "../things/texts.ts";

export interface Adopter {
  userId: string;
  userByUserId: { id: string; username: string; name: string | null } | null;
}

/** "Priya", "Priya and Tom", "Ana, Priya and Tom", in the reader's language. */
function joinNames(names: string[], t: ThingsT): string {
  if (names.length <= 1) return names.join("");
  return t("adoption.names", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/**
 * "You look after this" / "You look after this, with Tom" / "Adopted by Priya and Tom" /
 * "Adopted by 2 people" (a guest sees no names) / "Nobody has adopted this yet".
 */
export function adoptionSummary(adopters: Adopter[], adopterCount: number, myUserId: string | null, t: ThingsT = englishThingsT): string {
  const mine = !!myUserId && adopters.some((a) => a.userId === myUserId);
  const others = adopters.filter((a) => a.userId !== myUserId);
  const named = others.map((a) => a.userByUserId?.name || a.userByUserId?.username).filter((n): n is string => !!n);
  if (mine) {
    if (others.length === 0) return t("adoption.mine");
    return named.length === others.length
      ? t("adoption.mineWith", { names: joinNames(named, t) })
      : t("adoption.mineWithPeople", { count: others.length });
  }
  if (adopterCount === 0) return t("adoption.nobody");
  if (named.length === adopterCount) return t("adoption.by", { names: joinNames(named, t) });
  return t("adoption.byPeople", { count: adopterCount });
}

// The words for who looks after a thing, the same on its page, the map card and the marker.

export interface Adopter {
  userId: string;
  userByUserId: { id: string; username: string; name: string | null } | null;
}

const joinNames = (names: string[]) => (names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);
const people = (n: number) => (n === 1 ? "1 person" : `${n} people`);

/**
 * "You look after this" / "You look after this, with Tom" / "Adopted by Priya and Tom" /
 * "Adopted by 2 people" (a guest sees no names) / "Nobody has adopted this yet".
 */
export function adoptionSummary(adopters: Adopter[], adopterCount: number, myUserId: string | null): string {
  const mine = !!myUserId && adopters.some((a) => a.userId === myUserId);
  const others = adopters.filter((a) => a.userId !== myUserId);
  const named = others.map((a) => a.userByUserId?.name || a.userByUserId?.username).filter((n): n is string => !!n);
  if (mine) {
    if (others.length === 0) return "You look after this";
    return `You look after this, with ${named.length === others.length ? joinNames(named) : people(others.length)}`;
  }
  if (adopterCount === 0) return "Nobody has adopted this yet";
  if (named.length === adopterCount) return `Adopted by ${joinNames(named)}`;
  return `Adopted by ${people(adopterCount)}`;
}

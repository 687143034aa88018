// A small seeded random number generator (mulberry32), so the demo is the same on every machine
// and every run: tests can name what it holds, and two demos can be compared.
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One of the items, picked by r. */
export function pick<T>(r: Random, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)];
}

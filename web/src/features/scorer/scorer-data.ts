// The scorer's periods, answer shape and the sentence about the signed-in user's standing.
import type { BoardEntryFragment } from "./ScorerBoards.generated.ts";
import { formatLitres } from "../../lib/litres.ts";
import { englishScorerT, type ScorerT } from "./texts.ts";

export interface Period {
  /** The API's LeaderboardPeriod. */
  value: "WEEK" | "MONTH" | "ALL_TIME";
  /** In the address: ?period=week|month|all. */
  param: "week" | "month" | "all";
}

/** Their tabs' words are scorer.period.<param> in the catalogue; sentences select on the value. */
export const PERIODS: readonly Period[] = [
  { value: "WEEK", param: "week" },
  { value: "MONTH", param: "month" },
  { value: "ALL_TIME", param: "all" },
];

export function periodFromParam(param: string | null | undefined): Period {
  return PERIODS.find((p) => p.param === param) ?? PERIODS[0];
}

/** What the boards rank by: care points, or litres of water (?by=litres). */
export type Measure = "points" | "litres";

export function measureFromParam(param: string | null | undefined): Measure {
  return param === "litres" ? "litres" : "points";
}

/** One row of a board (the BoardEntry fragment of ScorerBoards.graphql). */
export type BoardEntry = Omit<BoardEntryFragment, "__typename">;

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd" (the language's plural rules for ordinals). */
export function ordinal(n: number, t: ScorerT = englishScorerT): string {
  return t("scorer.ordinal", { rank: n });
}

/** "You are 2nd this week, with 12 points." (or "with 120 L") or that the user has none yet. */
export function standing(
  entries: readonly BoardEntry[],
  myId: string | null,
  period: Period,
  measure: Measure = "points",
  t: ScorerT = englishScorerT,
): { onBoard: boolean; sentence: string } {
  const mine = myId ? entries.find((entry) => entry.entryId === myId) : undefined;
  if (!mine) return { onBoard: false, sentence: t(measure === "litres" ? "scorer.noLitres" : "scorer.noPoints", { period: period.value }) };
  const points = mine.points ?? 0;
  const rank = mine.rank ?? entries.indexOf(mine) + 1;
  const tied = entries.filter((entry) => entry.rank === rank).length > 1;
  const amount = measure === "litres" ? formatLitres(mine.litres ?? 0) : t("scorer.pointsAmount", { count: points });
  return {
    onBoard: true,
    sentence: t("scorer.standing", { joint: tied ? "yes" : "no", rank, period: period.value, amount }),
  };
}

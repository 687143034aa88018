// The scorer's periods, answer shape and the sentence about the signed-in user's standing.
import type { BoardEntryFragment } from "./ScorerBoards.generated.ts";
import { formatLitres } from "../../lib/litres.ts";

export interface Period {
  /** The API's LeaderboardPeriod. */
  value: "WEEK" | "MONTH" | "ALL_TIME";
  /** In the address: ?period=week|month|all. */
  param: "week" | "month" | "all";
  label: string;
}

export const PERIODS: readonly Period[] = [
  { value: "WEEK", param: "week", label: "This week" },
  { value: "MONTH", param: "month", label: "This month" },
  { value: "ALL_TIME", param: "all", label: "All time" },
];

export function periodFromParam(param: string | null | undefined): Period {
  return PERIODS.find((p) => p.param === param) ?? PERIODS[0];
}

/** "this week", "this month", "so far". */
export function periodWords(period: Period): { span: string } {
  switch (period.value) {
    case "MONTH":
      return { span: "this month" };
    case "ALL_TIME":
      return { span: "so far" };
    default:
      return { span: "this week" };
  }
}

/** What the boards rank by: care points, or litres of water (?by=litres). */
export type Measure = "points" | "litres";

export function measureFromParam(param: string | null | undefined): Measure {
  return param === "litres" ? "litres" : "points";
}

/** One row of a board (the BoardEntry fragment of ScorerBoards.graphql). */
export type BoardEntry = Omit<BoardEntryFragment, "__typename">;

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** "You are 2nd this week, with 12 points." (or "with 120 L") or that the user has none yet. */
export function standing(
  entries: readonly BoardEntry[],
  myId: string | null,
  period: Period,
  measure: Measure = "points",
): { onBoard: boolean; sentence: string } {
  const { span } = periodWords(period);
  const mine = myId ? entries.find((entry) => entry.entryId === myId) : undefined;
  if (!mine) return { onBoard: false, sentence: measure === "litres" ? `You have no litres of water recorded ${span} yet.` : `You have no care points ${span} yet.` };
  const points = mine.points ?? 0;
  const rank = mine.rank ?? entries.indexOf(mine) + 1;
  const tied = entries.filter((entry) => entry.rank === rank).length > 1;
  const pointsText =
    measure === "litres" ? formatLitres(mine.litres ?? 0) : `${points.toLocaleString("en-US")} ${points === 1 ? "point" : "points"}`;
  return {
    onBoard: true,
    sentence: `You are ${tied ? "joint " : ""}${ordinal(rank)} ${span === "so far" ? "of all time" : span}, with ${pointsText}.`,
  };
}

// Water need, wherever a thing shows it (the map, its list and card, the home page; issue 21): each need has a colour AND a shape with an icon, so it never
// rests on colour alone (a drop in a red square for needs water, a clock in an amber diamond for
// due soon, a check in a green circle for fine, a question mark in a grey circle for unknown).
// Pure: the marker, the legend, the list and the card read the same table.

export type WaterNeed = "NEEDS_WATER" | "DUE_SOON" | "FINE" | "UNKNOWN";
export type NeedIcon = "drop" | "clock" | "check" | "question";
export type NeedShape = "square" | "diamond" | "circle";

export interface NeedStyle {
  need: WaterNeed;
  /** Short words for the legend, the list and screen readers. */
  label: string;
  /** What it means, for the legend. */
  meaning: string;
  colour: string;
  icon: NeedIcon;
  shape: NeedShape;
  /** Lower first: the order of the list (the thirstiest first). */
  rank: number;
}

export const NEED_STYLES: Readonly<Record<WaterNeed, NeedStyle>> = {
  NEEDS_WATER: {
    need: "NEEDS_WATER",
    label: "Needs water",
    meaning: "Water it today",
    colour: "#c62828",
    icon: "drop",
    shape: "square",
    rank: 0,
  },
  DUE_SOON: {
    need: "DUE_SOON",
    label: "Due soon",
    meaning: "Will need water in a day or two",
    colour: "#b85c00",
    icon: "clock",
    shape: "diamond",
    rank: 1,
  },
  FINE: { need: "FINE", label: "Fine", meaning: "Has enough water for now", colour: "#2e7d32", icon: "check", shape: "circle", rank: 3 },
  UNKNOWN: {
    need: "UNKNOWN",
    label: "Unknown",
    meaning: "Not enough known to say",
    colour: "#6b7280",
    icon: "question",
    shape: "circle",
    rank: 2,
  },
};

/** The legend's order. */
export const LEGEND_ORDER: readonly WaterNeed[] = ["NEEDS_WATER", "DUE_SOON", "FINE", "UNKNOWN"];

/** The style of a need; anything unexpected (or missing) is unknown. */
export function needStyle(need: string | null | undefined): NeedStyle {
  return NEED_STYLES[(need ?? "UNKNOWN") as WaterNeed] ?? NEED_STYLES.UNKNOWN;
}

/** Whether the "needs water" filter shows it: needs water now or soon. */
export function isThirsty(need: string | null | undefined): boolean {
  return need === "NEEDS_WATER" || need === "DUE_SOON";
}

/** The thirstiest first, then by name (a stable order for the list). */
export function byNeed<T extends { waterNeed?: string | null; name: string }>(things: readonly T[]): T[] {
  return [...things].sort((a, b) => needStyle(a.waterNeed).rank - needStyle(b.waterNeed).rank || a.name.localeCompare(b.name));
}

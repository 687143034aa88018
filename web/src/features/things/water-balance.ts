// A thing's daily water balance (Thing.waterBalance, the water-need model of issue 21) as chart
// input: the estimated store as a line for things without a soil sensor, and the waterings (with
// litres) and the rain as marks on whichever chart shows the thing's water.
import type { ChartMark, ChartPoint } from "../../components/charts/index.ts";
import { formatLitres } from "../../lib/litres.ts";
import { englishThingsT, type ThingsT } from "./texts.ts";

export interface WaterBalanceDay {
  day: string;
  storePercent: number | null;
  rainMm: number | null;
  wateredLitres: number | null;
}

/** Rain below this is a trace and would only clutter the chart. */
const RAIN_MARK_MM = 0.5;

/** A day as an instant: its noon (UTC), where a day's total sits best on a time axis. */
function noon(day: string): number {
  return Date.parse(`${day}T12:00:00Z`);
}

/** The estimated fill of the soil-water store, day by day. */
export function storePoints(days: readonly WaterBalanceDay[]): ChartPoint[] {
  return days.filter((d) => d.storePercent !== null).map((d) => ({ t: noon(d.day), v: d.storePercent as number }));
}

/** "Watered 20 L" and "3.2 mm rain" (in the reader's language), one per day that had them. */
export function balanceMarks(days: readonly WaterBalanceDay[], t: ThingsT = englishThingsT): ChartMark[] {
  const marks: ChartMark[] = [];
  for (const d of days) {
    if (d.wateredLitres !== null && d.wateredLitres > 0)
      marks.push({ t: noon(d.day), kind: "watering", label: t("things.balance.watered", { litres: formatLitres(d.wateredLitres) }) });
    if (d.rainMm !== null && d.rainMm >= RAIN_MARK_MM)
      marks.push({ t: noon(d.day), kind: "rain", label: t("things.balance.rain", { mm: Math.round(d.rainMm * 10) / 10 }) });
  }
  return marks;
}

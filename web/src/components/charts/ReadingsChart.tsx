// A reusable chart of one sensor quantity over time (water, temperature, pH, ...), built on
// chart.js via react-chartjs-2. chart.js is heavy, so it is loaded only when a chart is shown:
// this module is light and shows a placeholder of the same size meanwhile.
//
//   import { ReadingsChart, readingsToPoints } from "../../components/charts/index.ts";
//   const rows = data.allSensorData.nodes;                  // newest first, as the API sends them
//   <ReadingsChart
//     title="Water" unit="%" digits={0} colour="#1d5a8a" min={0} max={100}
//     points={readingsToPoints(rows, "water")}             // sorted oldest -> newest
//     from={Date.now() - 24 * 3600_000} to={Date.now()}    // the window shown (ms)
//     lines={[{ value: 20, label: "Dry 20 %" }, { value: 30, label: "Needs water 30 %" }]}
//     bands={[{ from: 0, to: 20, colour: "rgba(179, 38, 30, 0.07)" }]}
//   />
//
// Props
//   title       the quantity's name; the figure's heading
//   points      { t: ms, v: number }[]; any order (sorted here); empty shows `emptyText`
//   from, to    the time window on the x axis (ms); timestamps are UTC instants, shown in local time
//   unit        "%", "°C", "µS/cm", "" (pH), ...     digits  decimals shown (default 1)
//   colour      line colour (default the brand green)
//   min, max    a fixed value range (water 0-100, pH 0-14); otherwise it fits the data
//   step        tick step on the value axis (water 20, pH 2)
//   lines       dashed reference lines with a label      bands  shaded value ranges
//   height      plot height in px (default 220)           maxGap longest gap bridged (default 6 h)
//   headingLevel  2 or 3 (default 3)                      emptyText  what to say without points
//   rollup      the points are hourly or daily means (sensorRollups): { per: "hour" | "day",
//               readings, min, max } so the caption and text give the readings' real extremes
//
// Accessibility: the plot is an image whose label is a text summary (latest, lowest and highest
// value, number of readings and the window); the canvas itself is hidden from assistive technology.
import { lazy, Suspense, useMemo, type CSSProperties } from "react";
import {
  formatNumber,
  pointTime,
  summarise,
  type ChartBand,
  type ChartLine,
  type ChartMark,
  type ChartPoint,
  type RollupSummary,
} from "./series.ts";
import styles from "./charts.module.css";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { englishT, type T } from "../../lib/i18n/english.ts";

export type { ChartBand, ChartLine, ChartMark, ChartPoint } from "./series.ts";

const LineChart = lazy(() => import("./LineChart.tsx"));

export interface ReadingsChartProps {
  title: string;
  points: readonly ChartPoint[];
  from: number;
  to: number;
  unit?: string;
  digits?: number;
  colour?: string;
  min?: number;
  max?: number;
  /** Tick step on the value axis (with a fixed range: water 20, pH 2). */
  step?: number;
  lines?: readonly ChartLine[];
  bands?: readonly ChartBand[];
  /** Waterings and rain drawn at their time, and listed under the plot. */
  marks?: readonly ChartMark[];
  height?: number;
  maxGap?: number;
  headingLevel?: 2 | 3;
  emptyText?: string;
  /** The points are means per hour or day; the extremes and count are the readings' own. */
  rollup?: RollupSummary & { per: "hour" | "day" };
}

const NONE: readonly never[] = [];

function withUnit(value: number, digits: number, unit: string): string {
  return `${formatNumber(value, digits)}${unit ? ` ${unit}` : ""}`;
}

/** "the last 24 hours", "the last 7 days". */
export function windowText(from: number, to: number, t: T = englishT): string {
  const hours = Math.round((to - from) / 3600_000);
  if (hours <= 48) return t("chart.window", { hours });
  return t("chart.windowDays", { days: Math.round(hours / 24) });
}

export function ReadingsChart({
  title,
  points,
  from,
  to,
  unit = "",
  digits = 1,
  colour = "#446d44",
  min,
  max,
  step,
  lines = NONE,
  bands = NONE,
  marks = NONE,
  height = 220,
  maxGap = 6 * 3600_000,
  headingLevel = 3,
  emptyText,
  rollup,
}: ReadingsChartProps) {
  const t = useT();
  const sorted = useMemo(() => [...points].filter((p) => p.t >= from && p.t <= to).sort((a, b) => a.t - b.t), [points, from, to]);
  const means = useMemo(() => summarise(sorted), [sorted]);
  // A rollup's lowest and highest are the readings' own, not the lowest and highest mean.
  const summary = rollup && means.latest ? { ...means, min: rollup.min, max: rollup.max } : means;
  const shownMarks = useMemo(() => [...marks].filter((m) => m.t >= from && m.t <= to).sort((a, b) => a.t - b.t), [marks, from, to]);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const style = { "--readings-chart-height": `${height}px` } as CSSProperties;
  const window = windowText(from, to, t);

  const description =
    summary.latest && summary.min !== null && summary.max !== null
      ? t(rollup ? "chart.describeRollup" : "chart.describe", {
          title,
          window,
          readings: rollup?.readings ?? 0,
          count: summary.count,
          per: rollup?.per ?? "day",
          latest: withUnit(summary.latest.v, digits, unit),
          at: pointTime(summary.latest.t),
          low: withUnit(summary.min, digits, unit),
          high: withUnit(summary.max, digits, unit),
        })
      : t("chart.describeNone", { title, window });

  return (
    <figure className={styles.chart} style={style}>
      <figcaption className={styles.caption}>
        <Heading className={styles.title}>{title}</Heading>
        {summary.latest ? (
          <span className={styles.latest}>
            <strong>{withUnit(summary.latest.v, digits, unit)}</strong>
            {summary.count > 1 && summary.min !== null && summary.max !== null ? (
              <span> · {t("chart.range", { low: withUnit(summary.min, digits, unit), high: withUnit(summary.max, digits, unit) })}</span>
            ) : null}
          </span>
        ) : null}
      </figcaption>
      {sorted.length === 0 ? (
        <div className={styles.empty}>
          <p>{emptyText ?? t("chart.empty", { title: title.toLowerCase(), window })}</p>
        </div>
      ) : (
        <div className={`${styles.plot} readings-chart-plot`} role="img" aria-label={description}>
          <Suspense fallback={<div className={styles.placeholder} aria-hidden="true" />}>
            <LineChart
              points={sorted}
              from={from}
              to={to}
              label={title}
              unit={unit}
              digits={digits}
              colour={colour}
              min={min}
              max={max}
              step={step}
              bands={bands}
              lines={lines}
              marks={shownMarks}
              maxGap={maxGap}
            />
          </Suspense>
        </div>
      )}
      {shownMarks.length ? (
        <ul className={styles.marks} aria-label={t("chart.marks", { window })}>
          {shownMarks.map((mark) => (
            <li key={`${mark.kind}-${mark.t}`} className={mark.kind === "rain" ? `${styles.mark} ${styles.markRain}` : styles.mark}>
              {t("chart.mark", { label: mark.label, at: pointTime(mark.t) })}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

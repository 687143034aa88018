// Readings over time on the device page: the last 24 hours or 7 days from the readings themselves
// (allSensorData, newest first, at most 10000 rows, plotted oldest -> newest), and 30 days, 90 days
// or a year from the hourly or daily rollups (sensorRollups: a mean per hour or day, with the
// readings' lowest and highest), so a year's chart is whole however often the device reports. One
// chart per quantity the model reports, the water chart with its hydration bands. Refetched when
// `liveCount` goes up.
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "urql";
import {
  ReadingsChart,
  readingsToPoints,
  rollupsToPoints,
  type ChartBand,
  type ChartLine,
  type ChartPoint,
  type ReadingRow,
  type RollupLine,
  type RollupSummary,
} from "../../components/charts/index.ts";
import { ListError } from "../../components/list/index.ts";
import { DeviceReadingsDocument as DeviceReadings } from "./DeviceReadings.generated.ts";
import { DeviceRollupsDocument as DeviceRollups } from "./DeviceRollups.generated.ts";
import {
  CHART_METRICS,
  METRICS,
  errorText,
  formatDateTime,
  hydrationLevels,
  metricLabel,
  modelInfo,
  type HydrationLevels,
  type MetricKey,
} from "./device-meta.ts";
import { englishDevicesT, type DevicesT, useDevicesT } from "./texts.ts";
import styles from "./devices.module.css";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The ranges, and what each reads: the readings themselves up to a week, hourly means (720
 * points) for 30 days, daily means past that (docs/decisions.md, "Sensor history for years").
 * Their words are devices.window.<key> ("24 hours"), devices.windowLast.<key> and
 * devices.noReadingsIn.<key> in the catalogue.
 */
export const WINDOWS = [
  { key: "24h", ms: DAY, resolution: null },
  { key: "7d", ms: 7 * DAY, resolution: null },
  { key: "30d", ms: 30 * DAY, resolution: "HOUR" },
  { key: "90d", ms: 90 * DAY, resolution: "DAY" },
  { key: "1y", ms: 365 * DAY, resolution: "DAY" },
] as const;
type Resolution = "HOUR" | "DAY";
export type WindowKey = (typeof WINDOWS)[number]["key"];

const SENSOR_DATA_LIMIT = 10000;

/** What is on screen: readings, or means per hour or day. */
/** A rollup line as the charts take it: the API's lists (nullable in the schema) or empty ones. */
function rollupLine(row: {
  parameter: string | null;
  buckets: (string | null)[] | null;
  readings: (number | null)[] | null;
  min: (number | null)[] | null;
  max: (number | null)[] | null;
  mean: (number | null)[] | null;
}): RollupLine {
  return {
    parameter: row.parameter ?? "",
    buckets: row.buckets ?? [],
    readings: row.readings ?? [],
    min: row.min ?? [],
    max: row.max ?? [],
    mean: row.mean ?? [],
  };
}

type Shown = { kind: "readings"; rows: readonly ReadingRow[] } | { kind: "rollups"; rows: readonly RollupLine[]; resolution: Resolution };

interface Series {
  key: MetricKey;
  points: ChartPoint[];
  rollup?: RollupSummary & { per: "hour" | "day" };
}

/** Shaded hydration bands and their limits for the water chart. */
export function waterDecorations(levels: HydrationLevels, t: DevicesT = englishDevicesT): { bands: ChartBand[]; lines: ChartLine[] } {
  return {
    bands: [
      { from: 0, to: levels.dry, colour: "rgba(179, 38, 30, 0.08)", label: t("devices.meaning.tooDry") },
      { from: levels.dry, to: levels.needsWater, colour: "rgba(217, 119, 6, 0.10)", label: t("devices.meaning.needsWater") },
      { from: levels.needsWater, to: levels.good, colour: "rgba(46, 107, 52, 0.08)", label: t("devices.meaning.moist") },
      { from: levels.good, to: 100, colour: "rgba(29, 90, 138, 0.08)", label: t("devices.meaning.tooWet") },
    ],
    lines: [
      { value: levels.dry, label: t("devices.charts.dryBelow", { value: levels.dry }), colour: "rgba(179, 38, 30, 0.8)" },
      {
        value: levels.needsWater,
        label: t("devices.charts.needsWaterBelow", { value: levels.needsWater }),
        colour: "rgba(161, 85, 0, 0.85)",
      },
      { value: levels.good, label: t("devices.charts.wetAbove", { value: levels.good }), colour: "rgba(29, 90, 138, 0.8)" },
    ],
  };
}

const phLines = (t: DevicesT): ChartLine[] => [{ value: 7, label: t("devices.charts.neutral"), colour: "rgba(47, 111, 106, 0.8)" }];

function isWindowKey(value: string | null): value is WindowKey {
  return WINDOWS.some((w) => w.key === value);
}

export function DeviceCharts({
  deviceId,
  model,
  hydrationLevels: levelsJson,
  lastReport,
  liveCount,
}: {
  deviceId: string;
  model: string;
  hydrationLevels: unknown;
  /** The device's lastSensorData: says whether it ever reported. */
  lastReport: string | null;
  liveCount: number;
}) {
  const t = useDevicesT();
  const [params, setParams] = useSearchParams();
  const chosen = params.get("range");
  const windowKey: WindowKey = isWindowKey(chosen) ? chosen : "24h";
  const { ms: span, resolution } = WINDOWS.find((w) => w.key === windowKey)!;

  // The query's start is fixed when the window is chosen; the axis end follows the clock and new
  // readings, so a live update refetches without changing the query.
  const [start, setStart] = useState(() => Date.now() - span);
  const [end, setEnd] = useState(() => Date.now());
  const spanRef = useRef(span);
  useEffect(() => {
    if (spanRef.current === span) return;
    spanRef.current = span;
    const now = Date.now();
    setStart(now - span);
    setEnd(now);
  }, [span]);
  useEffect(() => {
    const timer = setInterval(() => setEnd(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const createdAfter = useMemo(() => new Date(start).toISOString(), [start]);
  // One of the two queries runs: readings up to a week, rollups past it.
  const [readingsResult, reexecuteReadings] = useQuery({
    query: DeviceReadings,
    variables: { deviceId, createdAfter },
    requestPolicy: "cache-and-network",
    pause: resolution !== null,
  });
  const [rollupsResult, reexecuteRollups] = useQuery({
    query: DeviceRollups,
    variables: { deviceId, resolution: resolution ?? "DAY", since: createdAfter, parameters: [...CHART_METRICS] },
    requestPolicy: "cache-and-network",
    pause: resolution === null,
  });
  const result = resolution === null ? readingsResult : rollupsResult;
  const reexecute = resolution === null ? reexecuteReadings : reexecuteRollups;
  useEffect(() => {
    if (liveCount === 0) return;
    setEnd(Date.now());
    reexecute({ requestPolicy: "network-only" });
  }, [liveCount, reexecute]);

  // Keep showing the previous answer while a new window loads, so charts do not flash.
  const [shown, setShown] = useState<Shown | null>(null);
  const answeredReadings = resolution === null ? readingsResult.data?.allSensorData?.nodes : undefined;
  const rollupNodes = resolution !== null ? rollupsResult.data?.sensorRollups?.nodes : undefined;
  const answeredRollups = useMemo(() => rollupNodes?.map(rollupLine), [rollupNodes]);
  useEffect(() => {
    if (answeredReadings) setShown({ kind: "readings", rows: answeredReadings });
  }, [answeredReadings]);
  useEffect(() => {
    if (answeredRollups && resolution) setShown({ kind: "rollups", rows: answeredRollups, resolution });
  }, [answeredRollups, resolution]);
  const rows = shown?.rows ?? null;

  // Only its metrics matter here; memoised so the series below are not worked out afresh each render.
  const info = useMemo(() => modelInfo(model), [model]);
  const levels = useMemo(() => hydrationLevels(levelsJson), [levelsJson]);
  const water = useMemo(() => waterDecorations(levels, t), [levels, t]);
  const series = useMemo((): Series[] => {
    // The model's own quantities first, in its order (its main one drawn wide), then anything else it sent.
    const order = [
      ...info.metrics.filter((key) => CHART_METRICS.includes(key)),
      ...CHART_METRICS.filter((key) => !info.metrics.includes(key)),
    ];
    return order
      .map((key): Series => {
        if (shown?.kind === "rollups") {
          const { points, summary } = rollupsToPoints(shown.rows, key);
          return { key, points, rollup: summary ? { ...summary, per: shown.resolution === "HOUR" ? "hour" : "day" } : undefined };
        }
        return { key, points: readingsToPoints(shown?.rows ?? [], key) };
      })
      .filter(({ key, points }) => info.metrics.includes(key) || points.length > 0);
  }, [shown, info]);

  const from = end - span;
  const loadingFirst = rows === null && !result.error;
  const truncated = shown?.kind === "readings" && shown.rows.length >= SENSOR_DATA_LIMIT;
  // Daily means are a day apart: bridge up to three days; hourly means and readings up to 6 hours.
  const maxGap = shown?.kind === "rollups" && shown.resolution === "DAY" ? 3 * DAY : 6 * HOUR;

  const choose = (key: WindowKey) => {
    const next = new URLSearchParams(params);
    if (key === "24h") next.delete("range");
    else next.set("range", key);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <section className="card" aria-labelledby="charts-title" aria-busy={result.fetching || undefined}>
      <div className={styles.chartsHead}>
        <h2 id="charts-title">{t("devices.charts.title")}</h2>
        <div className={styles.segmented} role="radiogroup" aria-label={t("devices.charts.range")}>
          {WINDOWS.map((w) => (
            <button
              key={w.key}
              type="button"
              role="radio"
              aria-checked={w.key === windowKey}
              aria-label={t(`devices.windowLast.${w.key}`)}
              tabIndex={w.key === windowKey ? 0 : -1}
              className={w.key === windowKey ? `${styles.segment} ${styles.segmentOn}` : styles.segment}
              onClick={() => choose(w.key)}
              onKeyDown={(event) => {
                const index = WINDOWS.findIndex((x) => x.key === windowKey);
                const delta =
                  event.key === "ArrowRight" || event.key === "ArrowDown"
                    ? 1
                    : event.key === "ArrowLeft" || event.key === "ArrowUp"
                      ? -1
                      : 0;
                if (!delta) return;
                event.preventDefault();
                const next = WINDOWS[(index + delta + WINDOWS.length) % WINDOWS.length];
                choose(next.key);
                const group = event.currentTarget.parentElement;
                requestAnimationFrame(() => group?.querySelector<HTMLButtonElement>(`[aria-checked="true"]`)?.focus());
              }}
            >
              {t(`devices.window.${w.key}`)}
            </button>
          ))}
        </div>
      </div>
      <p className={`muted ${styles.chartsNote}`}>
        {t("devices.charts.localTime")}
        {shown?.kind === "rollups" ? ` ${t(shown.resolution === "HOUR" ? "devices.charts.hourMeans" : "devices.charts.dayMeans")}` : ""}
        {truncated ? ` ${t("devices.charts.truncated", { limit: SENSOR_DATA_LIMIT })}` : ""}
      </p>

      {result.error && rows === null ? (
        <ListError
          message={errorText(result.error, t("devices.charts.loadFailed"))}
          onRetry={() => reexecute({ requestPolicy: "network-only" })}
        />
      ) : loadingFirst ? (
        <div className={styles.chartsLoading} role="status">
          <span className="spinner" aria-hidden="true" /> {t("devices.charts.loading")}
        </div>
      ) : series.length === 0 ? (
        <p className={styles.chartsEmpty}>{t("devices.charts.noSeries")}</p>
      ) : (rows?.length ?? 0) === 0 ? (
        <div className={styles.chartsEmpty}>
          {lastReport ? (
            <>
              <p>
                <strong>{t(`devices.noReadingsIn.${windowKey}`)}</strong>
              </p>
              <p className="muted">
                {t("devices.charts.latestCame", { date: formatDateTime(lastReport) })}
                {windowKey !== WINDOWS[WINDOWS.length - 1].key ? ` ${t("devices.charts.chooseLonger")}` : ""}
              </p>
            </>
          ) : (
            <>
              <p>
                <strong>{t("devices.noReadingsYet")}</strong>
              </p>
              <p className="muted">{t("devices.charts.howReadingsArrive")}</p>
            </>
          )}
        </div>
      ) : (
        <div className={styles.chartGrid}>
          {series.map(({ key, points, rollup }, index) => (
            <MetricChart
              key={key}
              metric={key}
              wide={index === 0}
              points={points}
              rollup={rollup}
              maxGap={maxGap}
              from={from}
              to={end}
              water={water}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function MetricChart({
  metric,
  wide,
  points,
  rollup,
  maxGap,
  from,
  to,
  water,
}: {
  metric: MetricKey;
  wide: boolean;
  points: ChartPoint[];
  rollup: Series["rollup"];
  maxGap: number;
  from: number;
  to: number;
  water: { bands: ChartBand[]; lines: ChartLine[] };
}) {
  const t = useDevicesT();
  const m = METRICS[metric];
  return (
    <div className={wide ? styles.chartWide : undefined}>
      <ReadingsChart
        title={metricLabel(metric, t)}
        unit={m.unit}
        digits={m.digits}
        colour={m.colour}
        min={m.min}
        max={m.max}
        step={m.step}
        points={points}
        from={from}
        to={to}
        height={wide ? 260 : 200}
        rollup={rollup}
        maxGap={maxGap}
        bands={metric === "water" ? water.bands : undefined}
        lines={metric === "water" ? water.lines : metric === "ph" ? phLines(t) : undefined}
      />
    </div>
  );
}

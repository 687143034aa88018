// The readings tab: the last seven days as charts (water with its hydration bands, temperature,
// conductivity, pH — whichever the thing's devices measure), then the latest 20 readings as a
// table. Times are UTC from the server, shown in the viewer's time. Waterings (with litres) and
// rain are marked on the water chart; a thing without a soil sensor shows the water-need model's
// estimated store instead, with the same marks, so a volunteer sees what a watering did.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { EmptyState, ListError, ListSkeleton } from "../../components/list/index.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { errorText } from "./errors.ts";
import { formatDateTime, formatReading, readingLabel } from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";
import { ThingReadingsDocument as ThingReadingsQuery } from "./ThingReadings.generated.ts";
import { ThingReadingsChartsDocument as ThingReadingsChartsQuery } from "./ThingReadingsCharts.generated.ts";
import { ReadingsChart, readingsToPoints } from "../../components/charts/index.ts";
import { hydrationLevelsOf } from "./thing-meta.ts";
import { balanceMarks, storePoints } from "./water-balance.ts";
import { DownloadButton } from "../../lib/download.tsx";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

const WEEK = 7 * 24 * 3600_000;

const CHARTS = [
  { key: "water", title: "things.reading.water", unit: "%", digits: 0, min: 0, max: 100, step: 20 },
  { key: "temperature", title: "things.readings.soilTemperature", unit: "°C", digits: 1 },
  { key: "conductivity", title: "things.reading.conductivity", unit: "µS/cm", digits: 0 },
  { key: "ph", title: "things.reading.ph", unit: "", digits: 1, min: 0, max: 14, step: 2 },
] as const;

/** Seven days of readings as charts; refetched when a live event says the thing changed. */
function ThingCharts({ thing, liveCount }: { thing: ThingDetails; liveCount: number }) {
  const t = useT(thingsTexts, thingWordsTexts);
  // The window is fixed when the tab opens (and moves with live updates), so the query is stable.
  const [window, setWindow] = useState(() => ({ from: Date.now() - WEEK, to: Date.now() }));
  useEffect(() => {
    if (liveCount > 0) setWindow({ from: Date.now() - WEEK, to: Date.now() });
  }, [liveCount]);
  const [result] = useQuery({
    query: ThingReadingsChartsQuery,
    variables: { thingId: thing.id, after: new Date(window.from).toISOString() },
    requestPolicy: "cache-and-network",
  });
  const rows = (result.data?.allSensorData?.nodes ?? []) as Parameters<typeof readingsToPoints>[0];
  const levels = hydrationLevelsOf(thing.hydrationLevels);
  const charts = CHARTS.map((c) => ({ ...c, points: readingsToPoints(rows, c.key) })).filter((c) => c.points.length > 0);
  // Days without a date (none in practice: the schema allows null) cannot be placed on the chart.
  const balance = (result.data?.thingById?.waterBalance.nodes ?? []).filter(
    <D extends { day: string | null }>(d: D): d is D & { day: string } => d.day !== null,
  );
  const marks = balanceMarks(balance, t);
  const store = storePoints(balance);
  const hasWater = charts.some((c) => c.key === "water");
  if (charts.length === 0 && store.length === 0) return null;
  return (
    <section className="card" aria-labelledby="charts-title">
      <h2 id="charts-title">{t("things.readings.lastWeek")}</h2>
      {!hasWater && store.length ? (
        <ReadingsChart
          title={t("things.readings.estimated")}
          unit="%"
          digits={0}
          min={0}
          max={100}
          step={20}
          colour="#1a5fb4"
          points={store}
          from={window.from}
          to={window.to}
          maxGap={36 * 3600_000}
          marks={marks}
          emptyText={t("things.readings.estimatedEmpty")}
        />
      ) : null}
      {charts.map((c) => (
        <ReadingsChart
          key={c.key}
          title={t(c.title)}
          unit={c.unit}
          digits={c.digits}
          min={"min" in c ? c.min : undefined}
          max={"max" in c ? c.max : undefined}
          step={"step" in c ? c.step : undefined}
          points={c.points}
          from={window.from}
          to={window.to}
          lines={c.key === "water" ? [levels.dry, levels.needsWater, levels.good].map((v) => ({ value: v, label: `${v}%` })) : undefined}
          marks={c.key === "water" ? marks : undefined}
        />
      ))}
    </section>
  );
}

interface SensorRow {
  id: string;
  createdAt: string;
  /** JSON: an object, or a string of one. */
  data: unknown;
  deviceId: string;
  deviceByDeviceId: { id: string; name: string; model: string } | null;
}

const COLUMNS: { key: "water" | "temperature" | "conductivity" | "ph" | "battery"; unit: string; digits: number }[] = [
  { key: "water", unit: "%", digits: 0 },
  { key: "temperature", unit: "°C", digits: 1 },
  { key: "conductivity", unit: "µS/cm", digits: 0 },
  { key: "ph", unit: "", digits: 1 },
  { key: "battery", unit: "V", digits: 2 },
];

function dataOf(row: SensorRow): Record<string, unknown> {
  if (!row.data) return {};
  if (typeof row.data === "string") {
    try {
      return JSON.parse(row.data) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return typeof row.data === "object" ? (row.data as Record<string, unknown>) : {};
}

export function ThingReadings({ thing, liveCount }: { thing: ThingDetails; liveCount: number }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const [result, reexecute] = useQuery({
    query: ThingReadingsQuery,
    variables: { thingId: thing.id },
    requestPolicy: "cache-and-network",
  });
  useEffect(() => {
    if (liveCount > 0) reexecute({ requestPolicy: "network-only" });
  }, [liveCount, reexecute]);

  const rows = result.data?.allSensorData?.nodes ?? [];
  const columns = COLUMNS.filter((column) => rows.some((row) => dataOf(row)[column.key] !== undefined && dataOf(row)[column.key] !== null));

  return (
    <>
      <ThingCharts thing={thing} liveCount={liveCount} />
      <section className="card" aria-labelledby="readings-title">
        <h2 id="readings-title">{t("things.status.latestReadings")}</h2>
        {result.error && !result.data ? (
          <ListError
            message={errorText(result.error, t("things.errorOccurred"))}
            onRetry={() => reexecute({ requestPolicy: "network-only" })}
          />
        ) : !result.data ? (
          <ListSkeleton layout="list" count={3} label={t("things.readings.loading")} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={t("things.readings.noneYet")}
            action={thing.canEdit ? { label: t("things.registerDevice"), to: "/devices/new" } : null}
          >
            {t("things.readings.noneYetText", { brand: b.key })}
          </EmptyState>
        ) : (
          <>
            <p className="muted small">
              {t("things.readings.mostRecent", { count: rows.length })}{" "}
              <DownloadButton
                path={`/export/things/${thing.id}/readings.csv`}
                filename={`${thing.name}-readings.csv`}
                label={t("things.readings.download")}
              />
            </p>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take the focus so a keyboard can scroll it */}
            <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={t("things.readings.table")}>
              <table className={styles.readingsTable}>
                <thead>
                  <tr>
                    <th scope="col">{t("things.readings.time")}</th>
                    <th scope="col">{t("things.readings.device")}</th>
                    {columns.map((column) => (
                      <th key={column.key} scope="col" className={styles.numeric}>
                        {readingLabel(column.key, t)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const data = dataOf(row);
                    return (
                      <tr key={row.id}>
                        <td>
                          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                        </td>
                        <td>
                          {row.deviceByDeviceId ? <Link to={paths.device(row.deviceByDeviceId.id)}>{row.deviceByDeviceId.name}</Link> : "—"}
                        </td>
                        {columns.map((column) => (
                          <td key={column.key} className={styles.numeric}>
                            {formatReading(data[column.key], column)}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </>
  );
}

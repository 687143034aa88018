// /rainfall/{id}: one Environment Agency rainfall station: where it is (a small map), its latest
// reading and when, what fell in the last 24 hours, and bars of the rain per hour (24 hours) or per
// day (7 or 30 days). When the EA cannot be reached the saved data is shown with a notice; an
// unknown station says so plainly.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { useQuery } from "urql";
import { formatDateTime, formatMm, formatNumber, isFiniteNumber, timeAgo } from "../../components/environment/env-format.ts";
import { LocationMap, mapLink } from "../../components/environment/LocationMap.tsx";
import { Attribution, errorCode, errorText, StaleNotice } from "../../components/environment/parts.tsx";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useRainfallT } from "./texts.ts";
import {
  barPeriod,
  periodText,
  primaryMeasure,
  RANGES,
  rangeDates,
  readingsOf,
  summariseBars,
  toBars,
  type RangeId,
} from "./rainfall-data.ts";
import {
  RainfallStationDetailsDocument as RainfallStationDetails,
  type RainfallStationDetailsQuery,
} from "./RainfallStationDetails.generated.ts";
import { RainfallStationReadingsDocument as RainfallStationReadings } from "./RainfallStationReadings.generated.ts";
import env from "../../components/environment/environment.module.css";
import styles from "./rainfall.module.css";

const RainfallBarChart = lazy(() => import("./RainfallBarChart.tsx"));

type StationDetails = NonNullable<RainfallStationDetailsQuery["rainfallStation"]>;

function NotFound({ id, message, code, onRetry }: { id: string; message: string; code: string | null; onRetry: () => void }) {
  const t = useRainfallT();
  const unreachable = code === "UNAVL";
  return (
    <section className={`page ${styles.page} ${styles.missing}`} aria-labelledby="page-title">
      <h1 id="page-title">{t("rainfallPage.notFound")}</h1>
      <p className="lead">
        {t(unreachable ? "rainfallPage.notFoundUnreachable" : code === "INVLD" ? "rainfallPage.notValid" : "rainfallPage.noSuchStation", {
          id,
        })}
      </p>
      <p className="form-error" role="alert">
        {message}
      </p>
      <p className={styles.actions}>
        {unreachable ? (
          <button type="button" className="button" onClick={onRetry}>
            {t("rainfallPage.tryAgain")}
          </button>
        ) : null}
        <Link to="/map" className="button button-secondary">
          {t("rainfallPage.findOnMap")}
        </Link>
      </p>
    </section>
  );
}

function ReadingsChart({ station, rangeId, now }: { station: StationDetails; rangeId: RangeId; now: number }) {
  const t = useRainfallT();
  const range = RANGES.find((r) => r.id === rangeId) ?? RANGES[0];
  const dates = useMemo(() => rangeDates(range, now), [range, now]);
  const [result, reexecute] = useQuery({
    query: RainfallStationReadings,
    variables: { stationId: station.id, ...dates, limit: 10000 },
    pause: range.id === "day",
  });
  const answer = range.id === "day" ? null : (result.data?.rainfallReadings ?? null);
  const readings = range.id === "day" ? station.readings : (answer?.readings ?? null);
  const measure = useMemo(() => primaryMeasure(station.measures, readings ?? []), [station.measures, readings]);
  const bars = useMemo(() => (readings ? toBars(readingsOf(readings, measure), range, now) : []), [readings, measure, range, now]);
  const summary = useMemo(() => summariseBars(bars), [bars]);

  if (range.id !== "day" && result.fetching && !answer) {
    return <Loading label={t("rainfallPage.loadingReadings")} />;
  }
  if (range.id !== "day" && result.error && !answer) {
    return (
      <div className={env.error} role="alert">
        <p>{errorText(result.error)}</p>
        <button type="button" className="button button-secondary button-small" onClick={() => reexecute({ requestPolicy: "network-only" })}>
          {t("rainfallPage.tryAgain")}
        </button>
      </div>
    );
  }

  const words = { unit: range.unit, range: range.id };
  const description =
    summary.withData === 0
      ? t("rainfallPage.noReadingsIn", words)
      : summary.wettest && (summary.wettest.total ?? 0) > 0
        ? t("rainfallPage.chartWet", {
            ...words,
            total: formatMm(summary.total),
            period: barPeriod(summary.wettest, range.unit),
            wettest: formatMm(summary.wettest.total),
          })
        : t("rainfallPage.chartDry", { ...words, total: formatMm(summary.total) });

  return (
    <div className={styles.chartBlock}>
      {answer && !station.stale ? <StaleNotice meta={answer} /> : null}
      <p className={styles.chartSummary}>
        {summary.withData === 0 ? (
          <span className="muted">{t("rainfallPage.noReadingsIn", words)}</span>
        ) : (
          <>
            <strong>{formatMm(summary.total)}</strong> <span className="muted">{t("rainfallPage.inRange", words)}</span>
          </>
        )}
      </p>
      {summary.withData === 0 ? (
        <div className={styles.chartEmpty}>
          <p>{t(station.stale || answer?.stale ? "rainfallPage.noneSentStale" : "rainfallPage.noneSent")}</p>
        </div>
      ) : (
        <div className={styles.chart} role="img" aria-label={description}>
          <Suspense fallback={<div className={styles.chartPlaceholder} />}>
            <RainfallBarChart bars={bars} unit={range.unit} />
          </Suspense>
        </div>
      )}
      {summary.withData > 0 ? (
        <details className={env.details}>
          <summary>{t("rainfallPage.showFigures")}</summary>
          <div className={`${env.tableWrap} env-table-wrap`}>
            <table className={`${env.table} env-table`}>
              <caption className="visually-hidden">{t("rainfallPage.ratePer", words)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t(range.unit === "hour" ? "rainfallPage.hour" : "rainfallPage.day")}</th>
                  <th scope="col">{t("rainfallPage.rain")}</th>
                  <th scope="col">{t("rainfallPage.readings")}</th>
                </tr>
              </thead>
              <tbody>
                {[...bars].reverse().map((bar) => (
                  <tr key={bar.start}>
                    <th scope="row">{barPeriod(bar, range.unit)}</th>
                    <td>{bar.total === null ? "–" : formatMm(bar.total)}</td>
                    <td>{bar.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </div>
  );
}

export default function RainfallStationPage() {
  const { id = "" } = useParams();
  const b = useBranding();
  const t = useRainfallT();
  const [result, reexecute] = useQuery({
    query: RainfallStationDetails,
    variables: { id },
    requestPolicy: "cache-and-network",
  });
  const [now] = useState(() => Date.now());
  const [rangeId, setRangeId] = useState<RangeId>("day");
  const station = result.data?.rainfallStation ?? null;

  const name = station?.label?.trim() || (station ? t("rainfallPage.station", { id: station.id }) : "");
  useEffect(() => {
    if (name) document.title = t("rainfallPage.documentTitle", { name, product: b.name });
  }, [name, b.name, t]);

  if (!station) {
    if (result.fetching || result.stale) return <Loading label={t("rainfallPage.loadingStation")} />;
    const code = errorCode(result.error);
    if (code === "NTFND" || code === "UNAVL" || code === "INVLD") {
      return (
        <NotFound id={id} code={code} message={errorText(result.error)} onRetry={() => reexecute({ requestPolicy: "network-only" })} />
      );
    }
    // Any other failure, or an answer without the station (which the API does not give).
    return (
      <section className={`page ${styles.page}`} aria-labelledby="page-title">
        <h1 id="page-title">{t("rainfallPage.heading")}</h1>
        <div className={env.error} role="alert">
          <p>{result.error ? errorText(result.error) : t("rainfallPage.noDetails", { id })}</p>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => reexecute({ requestPolicy: "network-only" })}
          >
            {t("rainfallPage.tryAgain")}
          </button>
        </div>
      </section>
    );
  }

  const measure = station.measures.find((m) => m.id === station.latestReading?.measure) ?? station.measures[0];
  const where = [station.town, station.riverName ? t("rainfallPage.river", { name: station.riverName.replace(/^river\s+/i, "") }) : null]
    .filter(Boolean)
    .join(" · ");

  return (
    <section className={`page ${styles.page}`} aria-labelledby="page-title">
      <p className={styles.back}>
        <Link to={mapLink(station.lat, station.long, 12)}>{t("rainfallPage.backToMap")}</Link>
      </p>
      <header className={styles.header}>
        <h1 id="page-title">{name}</h1>
        <p className={`muted ${styles.subtitle}`}>
          {t("rainfallPage.subtitle", { reference: station.stationReference })}
          {where ? ` · ${where}` : ""}
        </p>
      </header>

      <StaleNotice meta={station} />

      <div className={styles.top}>
        <div className={`card ${styles.facts}`}>
          <div className={styles.figures}>
            <div className={`${styles.figure} rainfall-figure`}>
              <h2 className={styles.figureLabel}>{t("rainfallPage.latestReading")}</h2>
              {station.latestReading ? (
                <>
                  <p className={styles.figureValue}>{formatMm(station.latestReading.value)}</p>
                  <p className={styles.figureNote}>
                    {periodText(measure?.period, t)} ·{" "}
                    <time dateTime={station.latestReading.dateTime}>{formatDateTime(station.latestReading.dateTime)}</time>
                    <span className="muted"> ({timeAgo(station.latestReading.dateTime)})</span>
                  </p>
                </>
              ) : (
                <p className={`${styles.figureNote} muted`}>{t("rainfallPage.noReadingYet")}</p>
              )}
            </div>
            <div className={`${styles.figure} rainfall-figure`}>
              <h2 className={styles.figureLabel}>{t("rainfallPage.last24h")}</h2>
              {isFiniteNumber(station.last24hTotal) ? (
                <>
                  <p className={styles.figureValue}>{formatMm(station.last24hTotal)}</p>
                  <p className={styles.figureNote}>{t("rainfallPage.fromReadings", { count: station.last24hReadings })}</p>
                </>
              ) : (
                <>
                  <p className={`${styles.figureValue} ${styles.figureNone}`}>–</p>
                  <p className={`${styles.figureNote} muted`}>{t("rainfallPage.noneIn24h")}</p>
                </>
              )}
            </div>
          </div>
          <dl className={`details ${styles.details}`}>
            <dt>{t("rainfallPage.reference")}</dt>
            <dd>{station.stationReference}</dd>
            <dt>{t("rainfallPage.position")}</dt>
            <dd>
              {formatNumber(station.lat, 5)}, {formatNumber(station.long, 5)}
              {isFiniteNumber(station.easting) && isFiniteNumber(station.northing) ? (
                <span className="muted">
                  {" "}
                  ·{" "}
                  {t("rainfallPage.grid", { easting: String(Math.round(station.easting)), northing: String(Math.round(station.northing)) })}
                </span>
              ) : null}
            </dd>
            {station.catchmentName ? (
              <>
                <dt>{t("rainfallPage.catchment")}</dt>
                <dd>{station.catchmentName}</dd>
              </>
            ) : null}
            <dt>{t("rainfallPage.measures")}</dt>
            <dd>
              {station.measures.length === 0
                ? t("rainfallPage.noneKnown")
                : station.measures.map((m) => `${periodText(m.period, t)}${m.unitName ? ` (${m.unitName})` : ""}`).join("; ")}
            </dd>
          </dl>
        </div>
        <div className={`card ${styles.mapCard}`}>
          <h2 className="visually-hidden">{t("rainfallPage.whereItIs")}</h2>
          <LocationMap latitude={station.lat} longitude={station.long} label={name} zoom={13} height={250} colour="#1d5a8a" />
        </div>
      </div>

      <section className={`card ${styles.readings}`} aria-labelledby="readings-title">
        <div className={styles.readingsHead}>
          <h2 id="readings-title">{t("rainfallPage.rainfall")}</h2>
          <div className={styles.ranges} role="group" aria-label={t("rainfallPage.showLast")}>
            <span className={styles.rangesLabel} aria-hidden="true">
              {t("rainfallPage.last")}
            </span>
            {RANGES.map((r) => (
              <button
                key={r.id}
                type="button"
                className={r.id === rangeId ? `${styles.range} ${styles.rangeActive}` : styles.range}
                aria-pressed={r.id === rangeId}
                onClick={() => setRangeId(r.id)}
              >
                {t(`rainfallPage.range.${r.id}`)}
              </button>
            ))}
          </div>
        </div>
        <ReadingsChart station={station} rangeId={rangeId} now={now} />
      </section>

      <Attribution meta={station} />
    </section>
  );
}

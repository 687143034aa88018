// Rainfall near a place: the Environment Agency's rain gauges within 10 km, nearest first, each
// with what fell in the last 24 hours and a link to its page (/rainfall/{id}).
//
//   <RainfallPanel latitude={thing.location.x} longitude={thing.location.y} />
import { useId, useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { paths } from "../../routes/paths.ts";
import { formatDateTime, formatDistance, formatMm, isFiniteNumber, timeAgo } from "./env-format.ts";
import { Attribution, DropIcon, errorCode, errorText, Panel, PanelError, PanelLoading, StaleNotice } from "./parts.tsx";
import { EnvRainfallStationsDocument as EnvRainfallStations } from "./EnvRainfallStations.generated.ts";
import { EnvRainfallStationSummaryDocument as EnvRainfallStationSummary } from "./EnvRainfallStationSummary.generated.ts";
import styles from "./environment.module.css";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { environmentTexts } from "./texts.ts";

export interface StationBrief {
  id: string;
  label: string | null;
  lat: number;
  long: number;
  /** km from the place asked about, computed by the API (app_hidden.distance_km). */
  distance: number | null;
  town: string | null;
  riverName: string | null;
  catchmentName: string | null;
}

export interface RainfallPanelProps {
  latitude: number;
  longitude: number;
  thingId?: string;
  /** km around the place (default 10, at most 50). */
  distance?: number;
  /** How many stations to list (default 5). */
  limit?: number;
  title?: string;
  headingLevel?: 2 | 3;
}

/** A station's name as people know it. */
export function stationName(station: { id: string; label: string | null }): string {
  return station.label?.trim() || `Station ${station.id}`;
}

/** The last 24 hours of one station (its own query, so each row loads on its own). */
function StationRainfall({ id }: { id: string }) {
  const [result] = useQuery({
    query: EnvRainfallStationSummary,
    variables: { id },
  });
  const s = result.data?.rainfallStation;
  if (result.fetching && !s) return <span className={`muted ${styles.rowStatus}`}>Loading…</span>;
  if (result.error && !s) return <span className={`muted ${styles.rowStatus}`}>{errorText(result.error)}</span>;
  if (!s) return <span className={`muted ${styles.rowStatus}`}>No readings</span>;
  return (
    <span className={styles.stationRain}>
      {isFiniteNumber(s.last24hTotal) ? (
        <>
          <strong>{formatMm(s.last24hTotal)}</strong> <span className="muted">in the last 24 hours</span>
        </>
      ) : (
        <span className="muted">No reading in the last 24 hours</span>
      )}
      {s.latestReading ? (
        <span className={`${styles.stationLatest} muted`}>
          Latest {formatMm(s.latestReading.value)} at {formatDateTime(s.latestReading.dateTime)}
        </span>
      ) : null}
      {s.stale ? <span className={`${styles.stationLatest} ${styles.staleText}`}>Saved data from {timeAgo(s.fetchedAt)}</span> : null}
    </span>
  );
}

export function RainfallPanel({ latitude, longitude, distance = 10, limit = 5, title, headingLevel = 2 }: RainfallPanelProps) {
  const t = useT(environmentTexts);
  const valid = isFiniteNumber(latitude) && isFiniteNumber(longitude);
  const [result, reexecute] = useQuery({
    query: EnvRainfallStations,
    variables: { x: latitude, y: longitude, dist: distance },
    pause: !valid,
  });
  const id = useId();
  const answer = result.data?.rainfallStations ?? null;
  const nearest = useMemo(
    () =>
      (answer?.stations ?? [])
        // The API's distances (the database computes them once); a station without one is left out.
        .filter(<S extends { distance: number | null }>(s: S): s is S & { distance: number } => isFiniteNumber(s.distance))
        .map((s) => ({ ...s, km: s.distance }))
        .filter((s) => s.km <= distance + 0.001)
        .sort((a, b) => a.km - b.km)
        .slice(0, limit),
    [answer, distance, limit],
  );

  let body: ReactNode;
  if (!valid) {
    body = <p className="muted">{t("rainfall.noCoordinates")}</p>;
  } else if (result.fetching && !answer) {
    body = <PanelLoading label={t("rainfall.loading")} />;
  } else if (result.error && !answer) {
    const unavailable = errorCode(result.error) === "UNAVL";
    body = (
      <>
        <PanelError message={errorText(result.error)} onRetry={() => reexecute({ requestPolicy: "network-only" })} />
        {unavailable ? <p className={`muted ${styles.smallPrint}`}>{t("rainfall.unavailable")}</p> : null}
      </>
    );
  } else if (!answer || nearest.length === 0) {
    body = (
      <>
        <StaleNotice meta={answer} />
        <p className={styles.empty}>{t("rainfall.noGauge", { distance })}</p>
        <Attribution meta={answer} />
      </>
    );
  } else {
    body = (
      <>
        <StaleNotice meta={answer} />
        <ul className={styles.stations}>
          {nearest.map((s) => (
            <li key={s.id} className={styles.station}>
              <span className={styles.stationIcon} aria-hidden="true">
                <DropIcon size={18} colour="#1d5a8a" />
              </span>
              <span className={styles.stationMain}>
                <Link to={paths.rainfallStation(s.id)} className={styles.stationName}>
                  {stationName(s)}
                </Link>
                <span className={`muted ${styles.stationWhere}`}>
                  {t("rainfall.away", { distance: formatDistance(s.km) })}
                  {s.town ? ` · ${s.town}` : ""}
                </span>
              </span>
              <StationRainfall id={s.id} />
            </li>
          ))}
        </ul>
        <Attribution meta={answer} />
      </>
    );
  }

  return (
    <Panel id={id} title={title ?? t("rainfall.title")} headingLevel={headingLevel}>
      {body}
    </Panel>
  );
}

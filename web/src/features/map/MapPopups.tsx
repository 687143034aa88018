// The popups of the map's other layers: a rainfall station (its latest reading) and an area
// (the soilscape and B-Line there). A thing's popup is ThingCard.
import { Link } from "react-router";
import { useQuery } from "urql";
import { formatDateTime, formatMm, isFiniteNumber } from "../../components/environment/env-format.ts";
import { Attribution, errorText, StaleNotice } from "../../components/environment/parts.tsx";
import { stationName, type StationBrief } from "../../components/environment/RainfallPanel.tsx";
import { SoilscapeDetails } from "../../components/environment/SoilscapePanel.tsx";
import { EnvRainfallStationSummaryDocument as EnvRainfallStationSummary } from "../../components/environment/EnvRainfallStationSummary.generated.ts";
import { paths } from "../../routes/paths.ts";
import { soilscapeFromProperties, type LayerCollection } from "./map-data.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { mapTexts } from "./texts.ts";
import styles from "./map.module.css";

export function StationPopupBody({ station }: { station: StationBrief }) {
  const t = useT(mapTexts);
  const [result] = useQuery({
    query: EnvRainfallStationSummary,
    variables: { id: station.id },
  });
  const s = result.data?.rainfallStation;
  return (
    <>
      <h3 className={styles.popupTitle}>
        <Link to={paths.rainfallStation(station.id)}>{stationName(station)}</Link>
      </h3>
      <p className={styles.popupMeta}>
        {t("popup.station", { id: station.id })}
        {station.town ? ` · ${station.town}` : ""}
      </p>
      {result.fetching && !s ? (
        <p className="muted">{t("popup.loadingReading")}</p>
      ) : result.error && !s ? (
        <p className={styles.popupError}>{errorText(result.error)}</p>
      ) : s ? (
        <>
          <StaleNotice meta={s} />
          <dl className={styles.popupFacts}>
            <dt>{t("popup.latestReading")}</dt>
            <dd>
              {s.latestReading
                ? t("popup.readingAt", { value: formatMm(s.latestReading.value), time: formatDateTime(s.latestReading.dateTime) })
                : t("popup.noneYet")}
            </dd>
            <dt>{t("popup.last24h")}</dt>
            <dd>{isFiniteNumber(s.last24hTotal) ? formatMm(s.last24hTotal) : t("popup.noReadings")}</dd>
          </dl>
          <Attribution meta={{ attribution: s.attribution }} />
        </>
      ) : null}
      <p className={styles.popupActions}>
        <Link to={paths.rainfallStation(station.id)} className={`button button-secondary ${styles.popupButton}`}>
          {t("popup.rainfallDetails")}
        </Link>
      </p>
    </>
  );
}

export function AreaPopupBody({
  soil,
  bLine,
  soilLayer,
}: {
  soil: Record<string, unknown> | null;
  bLine: Record<string, unknown> | null;
  soilLayer: LayerCollection | null;
}) {
  const t = useT(mapTexts);
  return (
    <>
      {soil ? (
        <div className={styles.popupSection}>
          <h3 className={styles.popupTitle}>{t("popup.soilHere")}</h3>
          <SoilscapeDetails soil={soilscapeFromProperties(soil, soilLayer ?? {})} headingLevel={4} compact />
          {soilLayer?.isSample ? <p className={styles.popupNote}>{t("popup.soilSample")}</p> : null}
        </div>
      ) : null}
      {bLine ? (
        <div className={styles.popupSection}>
          <h3 className={styles.popupTitle}>B-Line: {String(bLine.name ?? "pollinator corridor")}</h3>
          <p className={styles.popupMeta}>
            A pollinator corridor{bLine.region ? ` in ${String(bLine.region)}` : ""}: flowers planted here help bees and other insects move
            across the country.
          </p>
        </div>
      ) : null}
    </>
  );
}

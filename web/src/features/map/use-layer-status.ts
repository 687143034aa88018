// What each of the app's layers shows, told to the layer panel: how many are in view, whether it
// is loading or failed, and a note (truncated, none here, sample data, stale stations...).
import { useCallback, useEffect } from "react";
import { timeAgo } from "../../components/environment/times.ts";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { errorCode, errorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { soilClasses, viewBeyondStations, type Box, type OverlayStatus } from "./map-data.ts";
import type { MapLayers } from "./use-map-layers.ts";
import { mapTexts } from "./texts.ts";

export function useLayerStatus(
  layers: MapLayers,
  box: Box | null,
  onOverlayStatus: (id: OverlayId, status: OverlayStatus) => void,
  onSoilLegend: (legend: ReturnType<typeof soilClasses>) => void,
) {
  const b = useBranding();
  const t = useT(mapTexts);
  const { thingsResult, thingsAnswer, stationsResult, stationsAnswer, stations, soilResult, soilLayer, bLinesResult, bLinesLayer } = layers;

  const inBox = useCallback(
    (lat: number, lon: number) => !box || (lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east),
    [box],
  );

  const brand = { brand: b.key };
  // biome-ignore lint/correctness/useExhaustiveDependencies: brand is rebuilt each render from b.key, which is the real dependency
  useEffect(() => {
    const error = thingsResult.error && !thingsAnswer ? errorText(thingsResult.error, t("common.anErrorOccurred")) : null;
    let note: string | null = null;
    if (thingsAnswer?.truncated) note = t("map.truncated", { shown: thingsAnswer.things.length, total: thingsAnswer.total });
    else if (thingsAnswer && thingsAnswer.total === 0) note = t("map.noThingsHere", brand);
    else if (thingsAnswer && thingsAnswer.clusters.length > 0) note = t("map.clustersNote", brand);
    onOverlayStatus("things", {
      count: thingsAnswer ? thingsAnswer.total : null,
      loading: thingsResult.fetching,
      error,
      note,
    });
  }, [thingsResult.error, thingsResult.fetching, thingsAnswer, b.key, t, onOverlayStatus]);

  useEffect(() => {
    const error = stationsResult.error && !stationsAnswer ? errorText(stationsResult.error, t("common.anErrorOccurred")) : null;
    const beyond = box ? viewBeyondStations(box) : false;
    const stale = stationsAnswer?.stale ? t("map.stationsStale", { ago: timeAgo(stationsAnswer.fetchedAt) }) : null;
    const notes = [stale, beyond ? t("map.stationsWithin") : null].filter(Boolean);
    onOverlayStatus("stations", {
      count: stationsAnswer ? stations.filter((s) => inBox(s.lat, s.long)).length : null,
      loading: stationsResult.fetching,
      error: error && errorCode(stationsResult.error) === "UNAVL" ? t("map.stationsUnavailable", { error }) : error,
      unavailable: errorCode(stationsResult.error) === "UNAVL",
      note: notes.length ? notes.join(" · ") : null,
      stale: stationsAnswer?.stale ?? false,
    });
  }, [stationsResult.error, stationsResult.fetching, stationsAnswer, stations, inBox, box, onOverlayStatus, t]);

  useEffect(() => {
    const error = soilResult.error && !soilLayer ? errorText(soilResult.error, t("common.anErrorOccurred")) : null;
    onOverlayStatus("soilscapes", {
      count: soilLayer ? soilLayer.features.length : null,
      loading: soilResult.fetching,
      error,
      note: soilLayer
        ? [
            soilLayer.isSample ? t("map.sampleData") : null,
            soilLayer.truncated ? t("map.zoomForAreas") : null,
            soilLayer.features.length === 0 ? t("map.noneMapped") : null,
          ]
            .filter(Boolean)
            .join(" · ") || null
        : null,
    });
    onSoilLegend(soilClasses(soilLayer));
  }, [soilResult.error, soilResult.fetching, soilLayer, onOverlayStatus, onSoilLegend, t]);

  useEffect(() => {
    const error = bLinesResult.error && !bLinesLayer ? errorText(bLinesResult.error, t("common.anErrorOccurred")) : null;
    onOverlayStatus("bLines", {
      count: bLinesLayer ? bLinesLayer.features.length : null,
      loading: bLinesResult.fetching,
      error,
      note: bLinesLayer
        ? [
            bLinesLayer.isSample ? t("map.sampleData") : null,
            bLinesLayer.truncated ? t("map.zoomForCorridors") : null,
            bLinesLayer.features.length === 0 ? t("map.noneMapped") : null,
          ]
            .filter(Boolean)
            .join(" · ") || null
        : null,
    });
  }, [bLinesResult.error, bLinesResult.fetching, bLinesLayer, onOverlayStatus, t]);
}

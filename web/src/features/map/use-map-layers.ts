// The data of the map's own layers, for the visible box: soilscapes and B-Lines (whole cells of
// the box), rainfall stations (a circle around it), water points, and the things in view
// (clusters below street zoom). Each layer keeps its last answer while the next loads, and
// forgets it when hidden.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useQuery } from "urql";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import { EnvRainfallStationsDocument as EnvRainfallStations } from "../../components/environment/EnvRainfallStations.generated.ts";
import {
  asCollection,
  mapThings,
  snapBox,
  thingsArea,
  type Box,
  type MapThing,
  type OverlayStatus,
  type StationSearch,
  type ThingsArea,
} from "./map-data.ts";
import { useLastValue, useSettled } from "./map-hooks.ts";
import { useWaterPoints } from "./WaterPoints.tsx";
import { MapBLinesDocument as MapBLines } from "./MapBLines.generated.ts";
import { MapSoilscapeLayerDocument as MapSoilscapeLayer } from "./MapSoilscapeLayer.generated.ts";
import { MapThingsInViewDocument as MapThingsInView } from "./MapThingsInView.generated.ts";

export interface MapLayersInput {
  box: Box | null;
  zoom: number | null;
  search: StationSearch | null;
  overlays: Record<OverlayId, boolean>;
  /** Asks for the things again when it changes. */
  thingsRetry: number;
  onOverlayStatus(id: OverlayId, status: OverlayStatus): void;
  onThingsInView(things: MapThing[]): void;
}

export function useMapLayers({ box, zoom, search, overlays, thingsRetry, onOverlayStatus, onThingsInView }: MapLayersInput) {
  const queryBox = useMemo(() => (box ? snapBox(box) : null), [box]);
  const [soilResult] = useQuery({
    query: MapSoilscapeLayer,
    variables: queryBox ?? { south: 0, west: 0, north: 0, east: 0 },
    pause: !overlays.soilscapes || !queryBox,
  });
  const [bLinesResult] = useQuery({
    query: MapBLines,
    variables: queryBox ?? { south: 0, west: 0, north: 0, east: 0 },
    pause: !overlays.bLines || !queryBox,
  });
  const [stationsResult] = useQuery({
    query: EnvRainfallStations,
    variables: search ?? { x: 0, y: 0, dist: 1 },
    pause: !overlays.stations || !search,
  });

  // Things: asked for by area once the view has settled (a quarter second), whole cells at a
  // time, so a small pan asks the same question and the last answer stays up while the next loads.
  const area = useMemo(() => (box && zoom !== null ? thingsArea(box, zoom) : null), [box, zoom]);
  const settledArea = useSettled<ThingsArea>(area, area ? JSON.stringify(area) : null, 250);
  const [thingsResult, reexecuteThings] = useQuery({
    query: MapThingsInView,
    variables: settledArea ?? { west: 0, south: 0, east: 1, north: 1, zoom: 0 },
    pause: !overlays.things || !settledArea,
    requestPolicy: "cache-and-network",
  });
  const freshThings = useMemo(() => mapThings(thingsResult.data), [thingsResult.data]);
  const thingsAnswer = useLastValue(freshThings, !overlays.things);
  const things = useMemo(() => thingsAnswer?.things ?? [], [thingsAnswer]);
  // Nothing is reported before the first answer: the list keeps what the first markers showed.
  useEffect(() => {
    if (overlays.things && !thingsAnswer) return;
    onThingsInView(overlays.things ? things : []);
  }, [things, thingsAnswer, overlays.things, onThingsInView]);
  const waterPointStatus = useCallback((status: OverlayStatus) => onOverlayStatus("waterPoints", status), [onOverlayStatus]);
  const waterPoints = useWaterPoints(queryBox, overlays.waterPoints, waterPointStatus);
  const clusters = useMemo(() => thingsAnswer?.clusters ?? [], [thingsAnswer]);
  const reexecute = useRef(reexecuteThings);
  reexecute.current = reexecuteThings;
  useEffect(() => {
    if (thingsRetry > 0) reexecute.current({ requestPolicy: "network-only" });
  }, [thingsRetry]);

  const soilLayer = useLastValue(asCollection(soilResult.data?.soilscapeLayer), !overlays.soilscapes);
  const bLinesLayer = useLastValue(asCollection(bLinesResult.data?.bLines), !overlays.bLines);
  const stationsAnswer = useLastValue(stationsResult.data?.rainfallStations, !overlays.stations);
  const stations = useMemo(() => stationsAnswer?.stations ?? [], [stationsAnswer]);

  return {
    thingsResult,
    thingsAnswer,
    things,
    clusters,
    waterPoints,
    soilResult,
    soilLayer,
    bLinesResult,
    bLinesLayer,
    stationsResult,
    stationsAnswer,
    stations,
  };
}

export type MapLayers = ReturnType<typeof useMapLayers>;

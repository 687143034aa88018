// The map of /map and of home (loaded lazily with maplibre): the chosen basemap over the built-in
// background, the app's own layers (things by water need, water points, rainfall stations,
// soilscapes, B-Lines) and their popups, "locate me", and a test hook (window.__mapDebug). Things
// are asked for by the visible area once the map stops moving (thingsInView): clusters where many
// are close together below street zoom (a click zooms in), and a marker per thing from zoom 14.
// The markers are DOM elements over the map: they draw before any basemap tile and without one
// (the style starts as the built-in plain one and falls back to it when the basemap fails).
import type { FeatureCollection } from "geojson";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { Layer, Map, Marker, NavigationControl, Popup, ScaleControl, Source, type MapLayerMouseEvent, type MapRef } from "react-map-gl/maplibre";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import { timeAgo, type Coordinates } from "../../components/environment/env-format.ts";
import { failureNotice, getCurrentPosition } from "../../lib/geolocation.ts";
import { assertWebgl, maplibregl, useBasemapView, type BasemapStatus } from "../../components/environment/map-core.tsx";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import type { Basemap } from "../../components/environment/map-styles.ts";
import { DropIcon, errorCode, errorText, MapPin } from "../../components/environment/parts.tsx";
import { stationName, type StationBrief } from "../../components/environment/RainfallPanel.tsx";
import { EnvRainfallStationsDocument as EnvRainfallStations } from "../../components/environment/EnvRainfallStations.generated.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { LocateButton } from "./LocateControl.tsx";
import {
  asCollection,
  clusterZoom,
  MAX_MAP_ZOOM,
  mapThings,
  soilClasses,
  soilColourExpression,
  snapBox,
  stationSearch,
  stationSearchChanged,
  thingsArea,
  viewBeyondStations,
  type Box,
  type MapCluster,
  type MapThing,
  type PlacedThing,
  type OverlayStatus,
  type StationSearch,
  type ThingsArea,
} from "./map-data.ts";
import { useLastValue, useSettled } from "./map-hooks.ts";
import { AreaPopupBody, StationPopupBody } from "./MapPopups.tsx";
import { ClusterMarkers, ThingMarkers } from "./ThingMarkers.tsx";
import { useMapDebug, type MapTimings } from "./use-map-debug.ts";
import { useWaterPoints, WaterPointMarkers, WaterPointPopupBody, type WaterPoint } from "./WaterPoints.tsx";
import { MapBLinesDocument as MapBLines } from "./MapBLines.generated.ts";
import { MapSoilscapeLayerDocument as MapSoilscapeLayer } from "./MapSoilscapeLayer.generated.ts";
import { MapThingsInViewDocument as MapThingsInView } from "./MapThingsInView.generated.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { mapTexts, type MapT } from "./texts.ts";

const OWN_SOURCES = ["soilscapes", "b-lines"] as const;
const INTERACTIVE_LAYERS = ["soilscapes-fill", "b-lines-fill"];

/** A place the parent asks the map to go to (a thing chosen in the list, "near me"). */
export interface MapFocus {
  latitude: number;
  longitude: number;
  zoom: number;
  /** A new key moves the map again to the same place. */
  key: number;
}

export interface MapViewProps {
  basemap: Basemap;
  overlays: Record<OverlayId, boolean>;
  /** Asks for the things again when it changes (after an error, or after a watering). */
  thingsRetry: number;
  initialView: Coordinates & { zoom: number };
  /** Bounds to open on once they are known ([[west, south], [east, north]]), unless the user moved first. */
  fitTo: [[number, number], [number, number]] | null;
  onBasemapStatus(status: BasemapStatus): void;
  onOverlayStatus(id: OverlayId, status: OverlayStatus): void;
  onSoilLegend?(legend: ReturnType<typeof soilClasses>): void;
  /** Only things that need water now or soon (clusters by their needs-water count). */
  needsWaterOnly?: boolean;
  /** The thing shown in the card (the parent's state, shared with the list). */
  selectedThing?: PlacedThing | null;
  onSelectThing?(thing: PlacedThing | null): void;
  /** The things drawn one by one in view (for the list beside the map). */
  onThingsInView?(things: MapThing[]): void;
  /** The card of the selected thing in a popup on the map (desktop); without it, the parent shows it (a phone's sheet). */
  renderThingCard?(thing: PlacedThing): ReactNode;
  /** Where the user is (from "near me"), and where to move the map. */
  here?: Coordinates | null;
  focus?: MapFocus | null;
  onLocated?(here: Coordinates): void;
  /** When the map first loaded and first showed things (shared with the markers drawn before it). */
  timings: RefObject<MapTimings>;
  /** The map has loaded and drawn its own things (they take over from the first markers). */
  onReady?(): void;
}

type Selection =
  | { kind: "station"; station: StationBrief }
  | { kind: "water"; point: WaterPoint }
  | { kind: "area"; latitude: number; longitude: number; soil: Record<string, unknown> | null; bLine: Record<string, unknown> | null };

const noop = () => {};

export default function MapView({
  basemap,
  overlays,
  thingsRetry,
  initialView,
  fitTo,
  onBasemapStatus,
  onOverlayStatus,
  onSoilLegend = noop,
  needsWaterOnly = false,
  selectedThing = null,
  onSelectThing = noop,
  onThingsInView = noop,
  renderThingCard,
  here = null,
  focus = null,
  onLocated = noop,
  timings,
  onReady = noop,
}: MapViewProps) {
  assertWebgl();
  const b = useBranding();
  const t = useT(mapTexts);
  const notify = useNotify();
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [box, setBox] = useState<Box | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const [search, setSearch] = useState<StationSearch | null>(null);
  const [selected, setSelected] = useState<Selection | null>(null);
  const [located, setLocated] = useState<Coordinates | null>(null);
  const me = here ?? located;
  const [locating, setLocating] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const userMoved = useRef(false);
  const fitted = useRef(false);
  const view = useBasemapView(basemap, initialView, OWN_SOURCES);
  // Phones fold the credits behind an (i) button; wider screens show them in full.
  const [compactAttribution] = useState(() => window.matchMedia?.("(max-width: 720px)").matches === true);

  useEffect(() => onBasemapStatus(view.status), [view.status, onBasemapStatus]);

  const readView = useCallback(() => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = map.getBounds();
    const next: Box = { south: bounds.getSouth(), west: bounds.getWest(), north: bounds.getNorth(), east: bounds.getEast() };
    const zoomNow = map.getZoom();
    const circle = stationSearch(next);
    // The layers follow the view as a transition: the frame of the gesture that moved the map is
    // not held up by re-rendering them (Interaction to Next Paint on a slow phone, issue 27).
    startTransition(() => {
      setBox(next);
      setZoom(zoomNow);
      setSearch((previous) => (stationSearchChanged(previous, circle) ? circle : previous));
    });
  }, []);

  // Open on "my" things once they are known (unless the address gave a view or the user moved).
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !fitTo || fitted.current || userMoved.current) return;
    fitted.current = true;
    const [[w, s], [e, n]] = fitTo;
    if (w === e && s === n) map.jumpTo({ center: [w, s], zoom: 15 });
    else map.fitBounds(fitTo, { padding: 60, maxZoom: 15, duration: 0 });
  }, [ready, fitTo]);

  // The parent moves the map (a thing chosen in the list, "near me").
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !focus) return;
    userMoved.current = true;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
    map.easeTo({ center: [focus.longitude, focus.latitude], zoom: Math.max(map.getZoom(), focus.zoom), duration: still ? 0 : 400 });
  }, [ready, focus]);

  //----------------------------------------------------------------------------------------
  // Data of the app's layers

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

  const inBox = useCallback(
    (lat: number, lon: number) => !box || (lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east),
    [box],
  );

  // What each layer shows, for the layer panel.
  const brand = { brand: b.key };
  useEffect(() => {
    const error = thingsResult.error && !thingsAnswer ? errorText(thingsResult.error) : null;
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
    const error = stationsResult.error && !stationsAnswer ? errorText(stationsResult.error) : null;
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
    const error = soilResult.error && !soilLayer ? errorText(soilResult.error) : null;
    onOverlayStatus("soilscapes", {
      count: soilLayer ? soilLayer.features.length : null,
      loading: soilResult.fetching,
      error,
      note: soilLayer
        ? [soilLayer.isSample ? t("map.sampleData") : null, soilLayer.truncated ? t("map.zoomForAreas") : null, soilLayer.features.length === 0 ? t("map.noneMapped") : null]
            .filter(Boolean)
            .join(" · ") || null
        : null,
    });
    onSoilLegend(soilClasses(soilLayer));
  }, [soilResult.error, soilResult.fetching, soilLayer, onOverlayStatus, onSoilLegend, t]);

  useEffect(() => {
    const error = bLinesResult.error && !bLinesLayer ? errorText(bLinesResult.error) : null;
    onOverlayStatus("bLines", {
      count: bLinesLayer ? bLinesLayer.features.length : null,
      loading: bLinesResult.fetching,
      error,
      note: bLinesLayer
        ? [bLinesLayer.isSample ? t("map.sampleData") : null, bLinesLayer.truncated ? t("map.zoomForCorridors") : null, bLinesLayer.features.length === 0 ? t("map.noneMapped") : null]
            .filter(Boolean)
            .join(" · ") || null
        : null,
    });
  }, [bLinesResult.error, bLinesResult.fetching, bLinesLayer, onOverlayStatus, t]);

  // A hidden layer's popup goes with it.
  useEffect(() => {
    setSelected((s) => {
      if (!s) return s;
      if (s.kind === "water" && !overlays.waterPoints) return null;
      if (s.kind === "station" && !overlays.stations) return null;
      if (s.kind === "area" && !overlays.soilscapes && !overlays.bLines) return null;
      return s;
    });
  }, [overlays]);
  useEffect(() => {
    if (!overlays.things) onSelectThing(null);
  }, [overlays.things, onSelectThing]);

  // The first markers (drawn before the map loaded) give way once the map shows its own.
  const takenOver = ready && (Boolean(thingsAnswer) || !overlays.things);
  useEffect(() => {
    if (takenOver) onReady();
  }, [takenOver, onReady]);

  //----------------------------------------------------------------------------------------
  // The test hook: what is on the map (tests and troubleshooting).

  useMapDebug(mapRef, {
    ready,
    basemap: basemap.id,
    basemapStatus: view.status,
    overlays,
    counts: {
      things: overlays.things ? thingsAnswer?.total ?? 0 : 0,
      waterPoints: waterPoints.length,
      stations: overlays.stations ? stations.length : 0,
      soilscapes: overlays.soilscapes ? soilLayer?.features.length ?? 0 : 0,
      bLines: overlays.bLines ? bLinesLayer?.features.length ?? 0 : 0,
    },
    thingClusters: overlays.things ? clusters.length : 0,
    thingMarkers: overlays.things ? things.length : 0,
    thingsShown: Boolean(thingsAnswer),
  }, timings);

  //----------------------------------------------------------------------------------------
  // Interaction

  const select = useCallback(
    (next: Selection | null) => {
      if (next) {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        onSelectThing(null);
      }
      setSelected(next);
    },
    [onSelectThing],
  );
  const selectThing = useCallback(
    (thing: MapThing) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setSelected(null);
      onSelectThing(thing);
    },
    [onSelectThing],
  );

  const closePopup = () => {
    setSelected(null);
    onSelectThing(null);
    const back = opener.current;
    opener.current = null;
    if (back && back.isConnected && back !== document.body) back.focus({ preventScroll: true });
  };

  const onMapClick = (e: MapLayerMouseEvent) => {
    const features = e.features ?? [];
    const soil = features.find((f) => f.layer.id === "soilscapes-fill");
    const bLine = features.find((f) => f.layer.id === "b-lines-fill");
    if (!soil && !bLine) {
      setSelected(null);
      onSelectThing(null);
      return;
    }
    opener.current = null;
    onSelectThing(null);
    setSelected({
      kind: "area",
      latitude: e.lngLat.lat,
      longitude: e.lngLat.lng,
      soil: (soil?.properties as Record<string, unknown>) ?? null,
      bLine: (bLine?.properties as Record<string, unknown>) ?? null,
    });
  };

  const locate = async () => {
    setLocating(true);
    try {
      const position = await getCurrentPosition();
      setLocated(position);
      onLocated(position);
      userMoved.current = true;
      mapRef.current?.flyTo({ center: [position.longitude, position.latitude], zoom: Math.max(mapRef.current.getZoom(), 15) });
    } catch (e) {
      notify.negative(failureNotice(e));
    } finally {
      setLocating(false);
    }
  };

  // What the popup shows: the selected thing's card (when the map shows it), or another layer's.
  const thingInPopup = selectedThing && renderThingCard ? selectedThing : null;
  const open = selected !== null || thingInPopup !== null;

  // Escape closes an open popup (wherever the focus is on the page).
  const close = useRef(closePopup);
  close.current = closePopup;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) {
        e.preventDefault();
        close.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  // The popup takes the focus once it is on the page (its links are next in the tab order).
  const popupBody = useRef<HTMLDivElement>(null);
  const popupKey = thingInPopup
    ? `thing:${thingInPopup.id}`
    : selected
      ? selected.kind === "station"
        ? `station:${selected.station.id}`
        : selected.kind === "water"
          ? `water:${selected.point.id}`
          : `area:${selected.latitude},${selected.longitude}`
      : null;
  useEffect(() => {
    if (!popupKey) return;
    const frame = requestAnimationFrame(() => popupBody.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [popupKey]);

  const soilFill = useMemo(() => soilColourExpression(), []);
  const interactive = INTERACTIVE_LAYERS.filter((id) => (id === "soilscapes-fill" ? overlays.soilscapes : overlays.bLines));

  let popup = null;
  if (thingInPopup || selected) {
    const at = thingInPopup
      ? { latitude: thingInPopup.latitude, longitude: thingInPopup.longitude, offset: 16, label: thingInPopup.name }
      : selected!.kind === "station"
        ? { latitude: selected!.station.lat, longitude: selected!.station.long, offset: 14, label: stationName(selected!.station) }
        : selected!.kind === "water"
          ? { latitude: selected!.point.latitude, longitude: selected!.point.longitude, offset: 14, label: selected!.point.name }
          : { latitude: selected!.latitude, longitude: selected!.longitude, offset: 4, label: "This area" };
    popup = (
      <Popup
        latitude={at.latitude}
        longitude={at.longitude}
        offset={at.offset}
        closeOnClick={false}
        closeOnMove={false}
        focusAfterOpen={false}
        maxWidth="340px"
        onClose={closePopup}
        className="map-popup"
      >
        <div className="map-popup-body" ref={popupBody} tabIndex={-1} role="dialog" aria-label={at.label} key={popupKey ?? ""}>
          {thingInPopup ? renderThingCard!(thingInPopup) : null}
          {!thingInPopup && selected?.kind === "station" ? <StationPopupBody station={selected.station} /> : null}
          {!thingInPopup && selected?.kind === "water" ? <WaterPointPopupBody point={selected.point} /> : null}
          {!thingInPopup && selected?.kind === "area" ? <AreaPopupBody soil={selected.soil} bLine={selected.bLine} soilLayer={soilLayer} /> : null}
        </div>
      </Popup>
    );
  }

  const thingWord = term(b, "thing", true);
  const thingsWord = term(b, "things");
  // A cluster opens up: the map moves closer around it, until its things are apart.
  const zoomInto = useCallback((cluster: MapCluster) => {
    const map = mapRef.current;
    if (!map) return;
    userMoved.current = true;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
    map.easeTo({ center: [cluster.longitude, cluster.latitude], zoom: clusterZoom(map.getZoom()), duration: still ? 0 : 400 });
  }, []);
  const selectWaterPoint = useCallback((point: WaterPoint) => select({ kind: "water", point }), [select]);

  return (
    <div className="map-canvas" data-map-ready={ready ? "true" : "false"} data-basemap={basemap.id} data-basemap-status={view.status}>
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        initialViewState={initialView}
        mapStyle={view.style}
        maxZoom={MAX_MAP_ZOOM}
        // MapLibre names its canvas region "Map", as the page's own section is: say what it is.
        locale={{ "Map.Title": "Interactive map: drag to move, scroll or pinch to zoom" }}
        attributionControl={{ compact: compactAttribution }}
        interactiveLayerIds={interactive}
        cursor={undefined}
        onLoad={() => {
          timings.current.loadedAt ??= performance.now();
          setReady(true);
          readView();
        }}
        onIdle={() => {
          timings.current.idleAt ??= performance.now();
        }}
        onMoveStart={(e) => {
          if (e.originalEvent) userMoved.current = true;
        }}
        onMoveEnd={readView}
        onClick={onMapClick}
        onMouseEnter={(e) => {
          e.target.getCanvas().style.cursor = "pointer";
        }}
        onMouseLeave={(e) => {
          e.target.getCanvas().style.cursor = "";
        }}
        onError={view.onError}
        onSourceData={view.onSourceData}
        style={{ width: "100%", height: "100%" }}
      >
        <NavigationControl position="top-right" />
        <LocateButton onLocate={locate} busy={locating} />
        <ScaleControl position="bottom-right" unit="metric" />

        {overlays.soilscapes && soilLayer ? (
          <Source id="soilscapes" type="geojson" data={soilLayer as unknown as FeatureCollection} attribution={soilLayer.attribution ?? undefined}>
            <Layer
              id="soilscapes-fill"
              type="fill"
              paint={{ "fill-color": soilFill as never, "fill-opacity": 0.45 }}
            />
            <Layer id="soilscapes-line" type="line" paint={{ "line-color": "#6b5b3e", "line-width": 1, "line-opacity": 0.6 }} />
          </Source>
        ) : null}

        {overlays.bLines && bLinesLayer ? (
          <Source id="b-lines" type="geojson" data={bLinesLayer as unknown as FeatureCollection} attribution={bLinesLayer.attribution ?? undefined}>
            <Layer id="b-lines-fill" type="fill" paint={{ "fill-color": "#f2b705", "fill-opacity": 0.28 }} />
            <Layer
              id="b-lines-line"
              type="line"
              paint={{ "line-color": "#a87400", "line-width": 1.5, "line-dasharray": [3, 2], "line-opacity": 0.85 }}
            />
          </Source>
        ) : null}

        {overlays.stations
          ? stations.map((s) => (
              <Marker
                key={s.id}
                latitude={s.lat}
                longitude={s.long}
                anchor="center"
                onClick={(e) => {
                  e.originalEvent.stopPropagation();
                  select({ kind: "station", station: s });
                }}
              >
                <button
                  type="button"
                  className="map-station-marker"
                  data-station-id={s.id}
                  aria-label={`Rainfall station ${stationName(s)}`}
                  title={stationName(s)}
                >
                  <DropIcon size={13} colour="#fff" />
                </button>
              </Marker>
            ))
          : null}

        {overlays.waterPoints ? <WaterPointMarkers points={waterPoints} onSelect={selectWaterPoint} /> : null}
        {overlays.things ? (
          <>
            <ClusterMarkers clusters={clusters} thingsWord={thingsWord} needsWaterOnly={needsWaterOnly} onOpen={zoomInto} />
            <ThingMarkers
              things={things}
              thingWord={thingWord}
              needsWaterOnly={needsWaterOnly}
              selectedId={selectedThing?.id ?? null}
              onSelect={selectThing}
            />
          </>
        ) : null}

        {me ? (
          <Marker latitude={me.latitude} longitude={me.longitude} anchor="bottom">
            <MapPin colour="#1a5fb4" title="You are here" />
          </Marker>
        ) : null}

        {popup}
      </Map>
    </div>
  );
}

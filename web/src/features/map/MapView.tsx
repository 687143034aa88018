// The map of /map (loaded lazily with maplibre): the chosen basemap over the built-in background,
// the app's own layers (soilscapes, B-Lines, rainfall stations, things) and their popups, "locate
// me", and a test hook (window.__mapDebug) with what is loaded. Things are asked for by the
// visible area once the map stops moving (thingsInView): clusters where many are close together
// (a click zooms in), and markers for things alone.
import type { FeatureCollection } from "geojson";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import {
  Layer,
  Map,
  Marker,
  NavigationControl,
  Popup,
  ScaleControl,
  Source,
  useControl,
  type IControl,
  type MapLayerMouseEvent,
  type MapRef,
} from "react-map-gl/maplibre";
import { useQuery } from "urql";
import { term } from "../../../../shared/branding.ts";
import {
  formatDateTime,
  formatMm,
  indicatorOf,
  isFiniteNumber,
  timeAgo,
  type Coordinates,
} from "../../components/environment/env-format.ts";
import { currentPosition } from "../../components/environment/geolocation.ts";
import { assertWebgl, maplibregl, useBasemapView, type BasemapStatus } from "../../components/environment/map-core.tsx";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import type { Basemap } from "../../components/environment/map-styles.ts";
import { Attribution, DropIcon, errorCode, errorText, MapPin, StaleNotice } from "../../components/environment/parts.tsx";
import { stationName, type StationBrief, type StationSummary } from "../../components/environment/RainfallPanel.tsx";
import { SoilscapeDetails } from "../../components/environment/SoilscapePanel.tsx";
import EnvRainfallStations from "../../components/environment/EnvRainfallStations.graphql?raw";
import EnvRainfallStationSummary from "../../components/environment/EnvRainfallStationSummary.graphql?raw";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { paths } from "../../routes.tsx";
import {
  asCollection,
  clusterLabel,
  clusterSize,
  clusterZoom,
  mapThings,
  soilClasses,
  soilColourExpression,
  soilscapeFromProperties,
  snapBox,
  stationSearch,
  stationSearchChanged,
  thingsArea,
  thingTypeLabel,
  viewBeyondStations,
  type Box,
  type LayerCollection,
  type MapCluster,
  type MapThing,
  type MapViewData,
  type OverlayStatus,
  type StationSearch,
  type ThingsArea,
} from "./map-data.ts";
import MapBLines from "./MapBLines.graphql?raw";
import MapSoilscapeLayer from "./MapSoilscapeLayer.graphql?raw";
import MapThingsInView from "./MapThingsInView.graphql?raw";

const OWN_SOURCES = ["soilscapes", "b-lines"] as const;
const INTERACTIVE_LAYERS = ["soilscapes-fill", "b-lines-fill"];

export interface MapViewProps {
  basemap: Basemap;
  overlays: Record<OverlayId, boolean>;
  /** Asks for the things again when it changes (after an error). */
  thingsRetry: number;
  initialView: Coordinates & { zoom: number };
  /** Bounds to open on once they are known ([[west, south], [east, north]]), unless the user moved first. */
  fitTo: [[number, number], [number, number]] | null;
  onBasemapStatus(status: BasemapStatus): void;
  onOverlayStatus(id: OverlayId, status: OverlayStatus): void;
  onSoilLegend(legend: ReturnType<typeof soilClasses>): void;
}

type Selection =
  | { kind: "thing"; thing: MapThing }
  | { kind: "station"; station: StationBrief }
  | { kind: "area"; latitude: number; longitude: number; soil: Record<string, unknown> | null; bLine: Record<string, unknown> | null };

interface MapDebug {
  ready: boolean;
  basemap: string;
  basemapStatus: BasemapStatus;
  overlays: Record<OverlayId, boolean>;
  /** Things in view (for things, in the clusters too). */
  counts: Record<OverlayId, number>;
  /** Circles standing for several things, and things drawn on their own. */
  thingClusters: number;
  thingMarkers: number;
  /** performance.now() when the map first loaded, first showed things, and was first idle. */
  loadedAt: number | null;
  thingsDrawnAt: number | null;
  idleAt: number | null;
  styleLayerIds(): string[];
  sourceFeatureCount(sourceId: string): number;
  map(): unknown;
}

declare global {
  interface Window {
    __mapDebug?: MapDebug;
  }
}

/** Keeps the last answer while a new one loads, so layers do not blink on every pan. */
function useLastValue<T>(value: T | null | undefined, reset: boolean): T | null {
  const [kept, setKept] = useState<T | null>(null);
  useEffect(() => {
    if (value !== undefined && value !== null) setKept(value);
  }, [value]);
  useEffect(() => {
    if (reset) setKept(null);
  }, [reset]);
  return value ?? kept;
}

/** The value once it has stayed put for `ms` (the first one at once, so the map fills quickly). */
function useSettled<T>(value: T | null, key: string | null, ms: number): T | null {
  const [settled, setSettled] = useState<T | null>(value);
  const latest = useRef(value);
  latest.current = value;
  const started = useRef(value !== null);
  useEffect(() => {
    if (!started.current && latest.current !== null) {
      started.current = true;
      setSettled(latest.current);
      return;
    }
    const timer = setTimeout(() => setSettled(latest.current), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/** "Locate me" as a map control under the zoom buttons. */
class LocateControl implements IControl {
  private container: HTMLDivElement | null = null;
  private button: HTMLButtonElement | null = null;
  constructor(private readonly onLocate: () => void) {}
  onAdd() {
    const container = document.createElement("div");
    container.className = "maplibregl-ctrl maplibregl-ctrl-group";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "map-locate-button";
    button.title = "Locate me";
    button.setAttribute("aria-label", "Locate me");
    button.innerHTML =
      '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="3.2" fill="currentColor"/><circle cx="12" cy="12" r="7.2" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M12 1.8v3.4M12 18.8v3.4M1.8 12h3.4M18.8 12h3.4" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/></svg>';
    button.addEventListener("click", () => this.onLocate());
    container.appendChild(button);
    this.container = container;
    this.button = button;
    return container;
  }
  onRemove() {
    this.container?.remove();
    this.container = null;
  }
  setBusy(busy: boolean) {
    if (!this.button) return;
    this.button.disabled = busy;
    this.button.setAttribute("aria-busy", String(busy));
  }
}

function LocateButton({ onLocate, busy }: { onLocate: () => void; busy: boolean }) {
  const handler = useRef(onLocate);
  handler.current = onLocate;
  const control = useControl(() => new LocateControl(() => handler.current()), { position: "top-right" });
  useEffect(() => control.setBusy(busy), [control, busy]);
  return null;
}

function ThingPopupBody({ thing }: { thing: MapThing }) {
  const b = useBranding();
  const indicator = indicatorOf(thing.indicatorColour);
  return (
    <>
      <h3 className="map-popup-title">
        <Link to={paths.thing(thing.id)}>{thing.name}</Link>
      </h3>
      <p className="map-popup-meta">
        {thingTypeLabel(thing.type)}
        {thing.isPublic ? "" : " · private"}
      </p>
      <p className="map-popup-indicator">
        <span className="map-legend-dot" style={{ background: indicator.colour }} aria-hidden="true" />
        <span>
          <strong>{indicator.label}.</strong> {indicator.meaning}
        </span>
      </p>
      <p className="map-popup-actions">
        <Link to={paths.thing(thing.id)} className="button button-secondary map-popup-button">
          Open {term(b, "thing")}
        </Link>
      </p>
    </>
  );
}

function StationPopupBody({ station }: { station: StationBrief }) {
  const [result] = useQuery<{ rainfallStation: StationSummary | null }>({
    query: EnvRainfallStationSummary,
    variables: { id: station.id },
  });
  const s = result.data?.rainfallStation;
  return (
    <>
      <h3 className="map-popup-title">
        <Link to={paths.rainfallStation(station.id)}>{stationName(station)}</Link>
      </h3>
      <p className="map-popup-meta">
        Rainfall station {station.id}
        {station.town ? ` · ${station.town}` : ""}
      </p>
      {result.fetching && !s ? (
        <p className="muted">Loading the latest reading…</p>
      ) : result.error && !s ? (
        <p className="map-popup-error">{errorText(result.error)}</p>
      ) : s ? (
        <>
          <StaleNotice meta={s} />
          <dl className="map-popup-facts">
            <dt>Latest reading</dt>
            <dd>
              {s.latestReading ? (
                <>
                  <strong>{formatMm(s.latestReading.value)}</strong> at {formatDateTime(s.latestReading.dateTime)}
                </>
              ) : (
                "None yet"
              )}
            </dd>
            <dt>Last 24 hours</dt>
            <dd>{isFiniteNumber(s.last24hTotal) ? formatMm(s.last24hTotal) : "No readings"}</dd>
          </dl>
          <Attribution meta={{ attribution: s.attribution }} />
        </>
      ) : null}
      <p className="map-popup-actions">
        <Link to={paths.rainfallStation(station.id)} className="button button-secondary map-popup-button">
          Rainfall details
        </Link>
      </p>
    </>
  );
}

function AreaPopupBody({ soil, bLine, soilLayer }: { soil: Record<string, unknown> | null; bLine: Record<string, unknown> | null; soilLayer: LayerCollection | null }) {
  return (
    <>
      {soil ? (
        <div className="map-popup-section">
          <h3 className="map-popup-title">Soil here</h3>
          <SoilscapeDetails soil={soilscapeFromProperties(soil, soilLayer ?? {})} headingLevel={4} compact />
          {soilLayer?.isSample ? <p className="map-popup-note">Sample data: illustrative, not survey data.</p> : null}
        </div>
      ) : null}
      {bLine ? (
        <div className="map-popup-section">
          <h3 className="map-popup-title">B-Line: {String(bLine.name ?? "pollinator corridor")}</h3>
          <p className="map-popup-meta">
            A pollinator corridor{bLine.region ? ` in ${String(bLine.region)}` : ""}: flowers planted here help bees and
            other insects move across the country.
          </p>
        </div>
      ) : null}
    </>
  );
}

export default function MapView({
  basemap,
  overlays,
  thingsRetry,
  initialView,
  fitTo,
  onBasemapStatus,
  onOverlayStatus,
  onSoilLegend,
}: MapViewProps) {
  assertWebgl();
  const b = useBranding();
  const notify = useNotify();
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [box, setBox] = useState<Box | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const [search, setSearch] = useState<StationSearch | null>(null);
  const [selected, setSelected] = useState<Selection | null>(null);
  const [me, setMe] = useState<Coordinates | null>(null);
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
    setBox(next);
    setZoom(map.getZoom());
    const circle = stationSearch(next);
    setSearch((previous) => (stationSearchChanged(previous, circle) ? circle : previous));
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

  //----------------------------------------------------------------------------------------
  // Data of the app's layers

  const queryBox = useMemo(() => (box ? snapBox(box) : null), [box]);
  const [soilResult] = useQuery<{ soilscapeLayer: unknown }>({
    query: MapSoilscapeLayer,
    variables: queryBox ?? { south: 0, west: 0, north: 0, east: 0 },
    pause: !overlays.soilscapes || !queryBox,
  });
  const [bLinesResult] = useQuery<{ bLines: unknown }>({
    query: MapBLines,
    variables: queryBox ?? { south: 0, west: 0, north: 0, east: 0 },
    pause: !overlays.bLines || !queryBox,
  });
  const [stationsResult] = useQuery<{ rainfallStations: { stations: StationBrief[]; stale: boolean; notice: string | null; attribution: string; fetchedAt: string } | null }>({
    query: EnvRainfallStations,
    variables: search ?? { x: 0, y: 0, dist: 1 },
    pause: !overlays.stations || !search,
  });

  // Things: asked for by area once the view has settled (a quarter second), whole cells at a
  // time, so a small pan asks the same question and the last answer stays up while the next loads.
  const area = useMemo(() => (box && zoom !== null ? thingsArea(box, zoom) : null), [box, zoom]);
  const settledArea = useSettled<ThingsArea>(area, area ? JSON.stringify(area) : null, 250);
  const [thingsResult, reexecuteThings] = useQuery<MapViewData>({
    query: MapThingsInView,
    variables: settledArea ?? { west: 0, south: 0, east: 1, north: 1, zoom: 0 },
    pause: !overlays.things || !settledArea,
    requestPolicy: "cache-and-network",
  });
  const freshThings = useMemo(() => mapThings(thingsResult.data), [thingsResult.data]);
  const thingsAnswer = useLastValue(freshThings, !overlays.things);
  const things = useMemo(() => thingsAnswer?.things ?? [], [thingsAnswer]);
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
  const thingsWord = term(b, "things");
  useEffect(() => {
    const error = thingsResult.error && !thingsAnswer ? errorText(thingsResult.error) : null;
    let note: string | null = null;
    if (thingsAnswer?.truncated) note = `Showing ${thingsAnswer.things.length} of ${thingsAnswer.total}: zoom in to see them all`;
    else if (thingsAnswer && thingsAnswer.total === 0) note = `No ${thingsWord} here: zoom out or move the map to find them`;
    else if (thingsAnswer && thingsAnswer.clusters.length > 0) note = `Numbers are ${thingsWord} close together: select one to zoom in`;
    onOverlayStatus("things", {
      count: thingsAnswer ? thingsAnswer.total : null,
      loading: thingsResult.fetching,
      error,
      note,
    });
  }, [thingsResult.error, thingsResult.fetching, thingsAnswer, thingsWord, onOverlayStatus]);

  useEffect(() => {
    const error = stationsResult.error && !stationsAnswer ? errorText(stationsResult.error) : null;
    const beyond = box ? viewBeyondStations(box) : false;
    const stale = stationsAnswer?.stale ? `Saved data from ${timeAgo(stationsAnswer.fetchedAt)} (the Environment Agency could not be reached)` : null;
    const notes = [stale, beyond ? "Within 50 km of the map centre" : null].filter(Boolean);
    onOverlayStatus("stations", {
      count: stationsAnswer ? stations.filter((s) => inBox(s.lat, s.long)).length : null,
      loading: stationsResult.fetching,
      error: error && errorCode(stationsResult.error) === "UNAVL" ? `${error}: the Environment Agency could not be reached and no stations are saved for this area` : error,
      unavailable: errorCode(stationsResult.error) === "UNAVL",
      note: notes.length ? notes.join(" · ") : null,
      stale: stationsAnswer?.stale ?? false,
    });
  }, [stationsResult.error, stationsResult.fetching, stationsAnswer, stations, inBox, box, onOverlayStatus]);

  useEffect(() => {
    const error = soilResult.error && !soilLayer ? errorText(soilResult.error) : null;
    onOverlayStatus("soilscapes", {
      count: soilLayer ? soilLayer.features.length : null,
      loading: soilResult.fetching,
      error,
      note: soilLayer
        ? [soilLayer.isSample ? "Sample data" : null, soilLayer.truncated ? "Zoom in to see every area" : null, soilLayer.features.length === 0 ? "None mapped here" : null]
            .filter(Boolean)
            .join(" · ") || null
        : null,
    });
    onSoilLegend(soilClasses(soilLayer));
  }, [soilResult.error, soilResult.fetching, soilLayer, onOverlayStatus, onSoilLegend]);

  useEffect(() => {
    const error = bLinesResult.error && !bLinesLayer ? errorText(bLinesResult.error) : null;
    onOverlayStatus("bLines", {
      count: bLinesLayer ? bLinesLayer.features.length : null,
      loading: bLinesResult.fetching,
      error,
      note: bLinesLayer
        ? [bLinesLayer.isSample ? "Sample data" : null, bLinesLayer.truncated ? "Zoom in to see every corridor" : null, bLinesLayer.features.length === 0 ? "None mapped here" : null]
            .filter(Boolean)
            .join(" · ") || null
        : null,
    });
  }, [bLinesResult.error, bLinesResult.fetching, bLinesLayer, onOverlayStatus]);

  // A hidden layer's popup goes with it.
  useEffect(() => {
    setSelected((s) => {
      if (!s) return s;
      if (s.kind === "thing" && !overlays.things) return null;
      if (s.kind === "station" && !overlays.stations) return null;
      if (s.kind === "area" && !overlays.soilscapes && !overlays.bLines) return null;
      return s;
    });
  }, [overlays]);

  //----------------------------------------------------------------------------------------
  // The test hook: what is on the map (tests and troubleshooting).

  const timings = useRef<{ loadedAt: number | null; thingsDrawnAt: number | null; idleAt: number | null }>({
    loadedAt: null,
    thingsDrawnAt: null,
    idleAt: null,
  });
  // The first things on the map: stamped on the frame after their markers are in the page.
  useEffect(() => {
    if (!thingsAnswer || timings.current.thingsDrawnAt !== null) return;
    const frame = requestAnimationFrame(() => {
      timings.current.thingsDrawnAt ??= performance.now();
    });
    return () => cancelAnimationFrame(frame);
  }, [thingsAnswer]);

  const debug = useRef<MapDebug | null>(null);
  debug.current = {
    ready,
    basemap: basemap.id,
    basemapStatus: view.status,
    overlays,
    counts: {
      things: overlays.things ? thingsAnswer?.total ?? 0 : 0,
      stations: overlays.stations ? stations.length : 0,
      soilscapes: overlays.soilscapes ? soilLayer?.features.length ?? 0 : 0,
      bLines: overlays.bLines ? bLinesLayer?.features.length ?? 0 : 0,
    },
    thingClusters: overlays.things ? clusters.length : 0,
    thingMarkers: overlays.things ? things.length : 0,
    loadedAt: null,
    thingsDrawnAt: null,
    idleAt: null,
    styleLayerIds: () => mapRef.current?.getMap().getStyle()?.layers.map((l) => l.id) ?? [],
    sourceFeatureCount: (sourceId: string) => {
      const map = mapRef.current?.getMap();
      if (!map || !map.getSource(sourceId)) return 0;
      return map.querySourceFeatures(sourceId).length;
    },
    map: () => mapRef.current?.getMap(),
  };
  useEffect(() => {
    const hook = {} as MapDebug;
    for (const key of ["ready", "basemap", "basemapStatus", "overlays", "counts", "thingClusters", "thingMarkers"] as const) {
      Object.defineProperty(hook, key, { get: () => debug.current?.[key], enumerable: true });
    }
    for (const key of ["loadedAt", "thingsDrawnAt", "idleAt"] as const) {
      Object.defineProperty(hook, key, { get: () => timings.current[key], enumerable: true });
    }
    hook.styleLayerIds = () => debug.current?.styleLayerIds() ?? [];
    hook.sourceFeatureCount = (id) => debug.current?.sourceFeatureCount(id) ?? 0;
    hook.map = () => debug.current?.map();
    window.__mapDebug = hook;
    return () => {
      if (window.__mapDebug === hook) delete window.__mapDebug;
    };
  }, []);

  //----------------------------------------------------------------------------------------
  // Interaction

  const select = useCallback((next: Selection | null) => {
    if (next) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelected(next);
  }, []);

  const closePopup = () => {
    setSelected(null);
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
      return;
    }
    opener.current = null;
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
      const here = await currentPosition();
      setMe(here);
      userMoved.current = true;
      mapRef.current?.flyTo({ center: [here.longitude, here.latitude], zoom: Math.max(mapRef.current.getZoom(), 15) });
    } catch (e) {
      notify.negative(e instanceof Error ? e.message : "Unable to get your location");
    } finally {
      setLocating(false);
    }
  };

  // Escape closes an open popup (wherever the focus is on the page).
  const close = useRef(closePopup);
  close.current = closePopup;
  const open = selected !== null;
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
  const popupKey = selected
    ? selected.kind === "thing"
      ? `thing:${selected.thing.id}`
      : selected.kind === "station"
        ? `station:${selected.station.id}`
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
  if (selected) {
    const at =
      selected.kind === "thing"
        ? { latitude: selected.thing.latitude, longitude: selected.thing.longitude, offset: 14 }
        : selected.kind === "station"
          ? { latitude: selected.station.lat, longitude: selected.station.long, offset: 14 }
          : { latitude: selected.latitude, longitude: selected.longitude, offset: 4 };
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
        <div
          className="map-popup-body"
          ref={popupBody}
          tabIndex={-1}
          role="dialog"
          aria-label={selected.kind === "thing" ? selected.thing.name : selected.kind === "station" ? stationName(selected.station) : "This area"}
          key={popupKey ?? ""}
        >
          {selected.kind === "thing" ? <ThingPopupBody thing={selected.thing} /> : null}
          {selected.kind === "station" ? <StationPopupBody station={selected.station} /> : null}
          {selected.kind === "area" ? <AreaPopupBody soil={selected.soil} bLine={selected.bLine} soilLayer={soilLayer} /> : null}
        </div>
      </Popup>
    );
  }

  const thingWord = term(b, "thing", true);
  // A cluster opens up: the map moves closer around it, until its things are apart.
  const zoomInto = useCallback((cluster: MapCluster) => {
    const map = mapRef.current;
    if (!map) return;
    userMoved.current = true;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
    map.easeTo({ center: [cluster.longitude, cluster.latitude], zoom: clusterZoom(map.getZoom()), duration: still ? 0 : 400 });
  }, []);
  const clusterMarkers = useMemo(
    () =>
      overlays.things
        ? clusters.map((c) => {
            const size = clusterSize(c.count);
            return (
              <Marker
                key={`${c.latitude},${c.longitude}`}
                latitude={c.latitude}
                longitude={c.longitude}
                anchor="center"
                onClick={(e) => {
                  e.originalEvent.stopPropagation();
                  zoomInto(c);
                }}
              >
                <button
                  type="button"
                  className="map-cluster-marker"
                  style={{ width: size, height: size }}
                  data-count={c.count}
                  aria-label={`${c.count} ${thingsWord} here: zoom in`}
                  title={`${c.count} ${thingsWord}: zoom in`}
                >
                  {clusterLabel(c.count)}
                </button>
              </Marker>
            );
          })
        : null,
    [overlays.things, clusters, thingsWord, zoomInto],
  );
  // Markers are many; they are made again only when the things or the layer change.
  const thingMarkers = useMemo(
    () =>
      overlays.things
        ? things.map((t) => {
            const indicator = indicatorOf(t.indicatorColour);
            return (
              <Marker
                key={t.id}
                latitude={t.latitude}
                longitude={t.longitude}
                anchor="center"
                onClick={(e) => {
                  e.originalEvent.stopPropagation();
                  select({ kind: "thing", thing: t });
                }}
              >
                <button
                  type="button"
                  className="map-thing-marker"
                  style={{ background: indicator.colour }}
                  data-thing-id={t.id}
                  data-indicator={indicator.key}
                  aria-label={`${t.name}: ${thingTypeLabel(t.type)} (${thingWord.toLowerCase()}), ${indicator.label.toLowerCase()}`}
                  title={t.name}
                />
              </Marker>
            );
          })
        : null,
    [overlays.things, things, thingWord, select],
  );

  return (
    <div className="map-canvas" data-map-ready={ready ? "true" : "false"} data-basemap={basemap.id} data-basemap-status={view.status}>
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        initialViewState={initialView}
        mapStyle={view.style}
        maxZoom={20}
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

        {clusterMarkers}
        {thingMarkers}

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

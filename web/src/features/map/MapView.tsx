// The map of /map and of home (loaded lazily with maplibre): the chosen basemap over the built-in
// background, the app's own layers (things by water need, water points, rainfall stations,
// soilscapes, B-Lines) and their popups, "locate me", and a test hook (window.__mapDebug). Things
// are asked for by the visible area once the map stops moving (thingsInView): clusters where many
// are close together below street zoom (a click zooms in), and a marker per thing from zoom 14.
// This file puts the pieces together: the camera (use-map-camera), the layers' data
// (use-map-layers) and what they tell the layer panel (use-layer-status), selection and popups
// (use-map-selection, SelectionPopup), the overlays drawn (OverlayLayers) and "locate me" (use-locate).
// The markers are DOM elements over the map: they draw before any basemap tile and without one
// (the style starts as the built-in plain one and falls back to it when the basemap fails).
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
// biome-ignore lint/suspicious/noShadowRestrictedNames: react-map-gl's component is called Map; this file uses no JavaScript Map
import { Map, Marker, NavigationControl, ScaleControl, type MapRef } from "react-map-gl/maplibre";
import type { Coordinates } from "../../components/environment/env-format.ts";
import { assertWebgl, maplibregl, useBasemapView, type BasemapStatus } from "../../components/environment/map-core.tsx";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import type { Basemap } from "../../components/environment/map-styles.ts";
import { MapPin } from "../../components/environment/parts.tsx";
import { LocateButton } from "./LocateControl.tsx";
import { MAX_MAP_ZOOM, type soilClasses, type MapThing, type PlacedThing, type OverlayStatus } from "./map-data.ts";
import { BLinesLayer, INTERACTIVE_LAYERS, SoilscapeLayer, StationMarkers } from "./OverlayLayers.tsx";
import { SelectionPopup } from "./SelectionPopup.tsx";
import { ClusterMarkers, ThingMarkers } from "./ThingMarkers.tsx";
import { useLayerStatus } from "./use-layer-status.ts";
import { useLocate } from "./use-locate.ts";
import { useMapCamera, type MapFocus } from "./use-map-camera.ts";
import { useMapDebug, type MapTimings } from "./use-map-debug.ts";
import { useMapLayers } from "./use-map-layers.ts";
import { useMapSelection } from "./use-map-selection.ts";
import { WaterPointMarkers } from "./WaterPoints.tsx";
import styles from "./map.module.css";

const OWN_SOURCES = ["soilscapes", "b-lines"] as const;

/** A place the parent asks the map to go to (defined with the camera that goes there). */
export type { MapFocus } from "./use-map-camera.ts";

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
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const view = useBasemapView(basemap, initialView, OWN_SOURCES);
  // Phones fold the credits behind an (i) button; wider screens show them in full.
  const [compactAttribution] = useState(() => window.matchMedia?.("(max-width: 720px)").matches === true);

  useEffect(() => onBasemapStatus(view.status), [view.status, onBasemapStatus]);

  const camera = useMapCamera(mapRef, ready, fitTo, focus);
  const { box } = camera;
  const layers = useMapLayers({ box, zoom: camera.zoom, search: camera.search, overlays, thingsRetry, onOverlayStatus, onThingsInView });
  const { thingsAnswer, things, clusters, waterPoints, soilLayer, bLinesLayer, stations } = layers;
  useLayerStatus(layers, box, onOverlayStatus, onSoilLegend);
  const selection = useMapSelection({ overlays, selectedThing, onSelectThing, thingCardOnMap: Boolean(renderThingCard) });
  const { located, locating, locate } = useLocate(mapRef, camera.userMoved, onLocated);
  const me = here ?? located;

  // The first markers (drawn before the map loaded) give way once the map shows its own.
  const takenOver = ready && (Boolean(thingsAnswer) || !overlays.things);
  useEffect(() => {
    if (takenOver) onReady();
  }, [takenOver, onReady]);

  // The test hook: what is on the map (tests and troubleshooting).
  useMapDebug(
    mapRef,
    {
      ready,
      basemap: basemap.id,
      basemapStatus: view.status,
      overlays,
      counts: {
        things: overlays.things ? (thingsAnswer?.total ?? 0) : 0,
        waterPoints: waterPoints.length,
        stations: overlays.stations ? stations.length : 0,
        soilscapes: overlays.soilscapes ? (soilLayer?.features.length ?? 0) : 0,
        bLines: overlays.bLines ? (bLinesLayer?.features.length ?? 0) : 0,
      },
      thingClusters: overlays.things ? clusters.length : 0,
      thingMarkers: overlays.things ? things.length : 0,
      thingsShown: Boolean(thingsAnswer),
    },
    timings,
  );

  const interactive = INTERACTIVE_LAYERS.filter((id) => (id === "soilscapes-fill" ? overlays.soilscapes : overlays.bLines));

  return (
    <div
      className={`${styles.canvas} map-canvas`}
      data-map-ready={ready ? "true" : "false"}
      data-basemap={basemap.id}
      data-basemap-status={view.status}
    >
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
          camera.readView();
        }}
        onIdle={() => {
          timings.current.idleAt ??= performance.now();
        }}
        onMoveStart={(e) => {
          if (e.originalEvent) camera.userMoved.current = true;
        }}
        onMoveEnd={camera.readView}
        onClick={selection.onMapClick}
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

        {overlays.soilscapes && soilLayer ? <SoilscapeLayer layer={soilLayer} /> : null}
        {overlays.bLines && bLinesLayer ? <BLinesLayer layer={bLinesLayer} /> : null}
        {overlays.stations ? (
          <StationMarkers stations={stations} onSelect={(station) => selection.select({ kind: "station", station })} />
        ) : null}
        {overlays.waterPoints ? <WaterPointMarkers points={waterPoints} onSelect={selection.selectWaterPoint} /> : null}
        {overlays.things ? (
          <>
            <ClusterMarkers clusters={clusters} needsWaterOnly={needsWaterOnly} onOpen={camera.zoomInto} />
            <ThingMarkers
              things={things}
              needsWaterOnly={needsWaterOnly}
              selectedId={selectedThing?.id ?? null}
              onSelect={selection.selectThing}
            />
          </>
        ) : null}

        {me ? (
          <Marker latitude={me.latitude} longitude={me.longitude} anchor="bottom">
            <MapPin colour="#1a5fb4" title="You are here" />
          </Marker>
        ) : null}

        <SelectionPopup
          thing={selection.thingInPopup}
          selected={selection.selected}
          renderThingCard={renderThingCard}
          soilLayer={soilLayer}
          popupKey={selection.popupKey}
          bodyRef={selection.popupBody}
          onClose={selection.closePopup}
        />
      </Map>
    </div>
  );
}

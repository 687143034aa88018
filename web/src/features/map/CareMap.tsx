// The map with its list (issue 21): home and /map open on the things around the user, the list
// beside the map on a desktop and in a bottom sheet on a phone; a thing's card (picture, water
// need, last watering, sensor, "Record watering" with Undo) in a popup or in the sheet.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { Coordinates } from "../../components/environment/env-format.ts";
import { MapBoundary } from "../../components/environment/MapBoundary.tsx";
import type { BasemapStatus } from "../../components/environment/map-core.tsx";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import type { Basemap } from "../../components/environment/map-styles.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { CareSheet, CareSide } from "./CarePanel.tsx";
import type { StageSize } from "./first-view.ts";
import type { MapThing, OverlayStatus, PlacedThing, soilClasses, ThingsArea } from "./map-data.ts";
import { MarkerPreview } from "./MarkerPreview.tsx";
import { useCare } from "./use-care.ts";
import { useMapTimings } from "./use-map-debug.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { preloadableLazy } from "../../lib/preloadable-lazy.ts";
import { mapTexts } from "./texts.ts";
import styles from "./map.module.css";

const MapView = lazy(() => import("./MapView.tsx"));
// A thing's card (its picture, adoption, the watering buttons and the things' texts, about 20 KB
// compressed) shows only once a marker is opened: it comes after the first markers, not with them
// (issue 27: /map's first render waited for it), fetched as soon as they are in, and then opens
// without a fallback (lib/preloadable-lazy.ts).
const thingCard = preloadableLazy(() => import("./ThingCard.tsx").then((m) => ({ default: m.ThingCard })));
const ThingCard = thingCard.Component;

/** The longest the map library waits for the first markers' answer before it loads anyway. */
const MAP_START_LATEST_MS = 3000;

export interface CareMapProps {
  basemap: Basemap;
  overlays: Record<OverlayId, boolean>;
  thingsRetry: number;
  initialView: Coordinates & { zoom: number };
  fitTo: [[number, number], [number, number]] | null;
  /**
   * The user's own things (fitTo) are still being asked for: the first markers wait for them
   * instead of asking for initialView's things first, an answer thrown away a moment later that
   * shared a phone's slow line with the ones that count.
   */
  fitPending?: boolean;
  /** Whether the user's own things are known (none to open on: try their location, if allowed). */
  openOnLocation: boolean;
  narrow: boolean;
  signedIn: boolean;
  onBasemapStatus(status: BasemapStatus): void;
  onOverlayStatus(id: OverlayId, status: OverlayStatus): void;
  onSoilLegend?(legend: ReturnType<typeof soilClasses>): void;
  /**
   * /map's first question, asked before it rendered, its answer when already in, the map's size
   * as expected, and where its measured size is kept (first-view.ts).
   */
  firstArea?: ThingsArea | null;
  firstInView?: MapThing[] | null;
  expectedSize?: StageSize | null;
  onStageSize?(size: StageSize): void;
}

export function CareMap(props: CareMapProps) {
  const b = useBranding();
  const t = useT(mapTexts);
  const care = useCare({ autoLocate: props.openOnLocation, firstInView: props.firstInView });
  const { signedIn, narrow } = props;
  const changed = care.changed;
  const timings = useMapTimings();
  // Until maplibre has loaded, MarkerPreview draws the things (the map's chunk is large).
  const [mapReady, setMapReady] = useState(false);
  const onReady = useCallback(() => setMapReady(true), []);
  // The map library (about 240 KB) starts downloading once the first markers' answer is in: on a
  // slow phone network it otherwise shares the line with the things' answers and holds the
  // markers and the list back by half a second (issue 27: markers before the basemap).
  const [startMap, setStartMap] = useState(false);
  const onPreviewSettled = useCallback(() => setStartMap(true), []);
  useEffect(() => {
    const timer = setTimeout(() => setStartMap(true), MAP_START_LATEST_MS);
    return () => clearTimeout(timer);
  }, []);
  const showMap = startMap || !props.overlays.things;
  useEffect(() => {
    // A failed download is tried again when a card opens.
    if (showMap) thingCard.preload().catch(() => undefined);
  }, [showMap]);
  const card = useCallback(
    (thing: PlacedThing) => (
      <Suspense key={thing.id} fallback={<p className="muted">{t("common.loading")}</p>}>
        <ThingCard thingId={thing.id} signedIn={signedIn} onChanged={changed} />
      </Suspense>
    ),
    [signedIn, changed, t],
  );
  const unavailable = (
    <div className={styles.unavailable}>
      <h2>{t("map.noWebGL")}</h2>
      <p>{t("map.noWebGLText")}</p>
      <p className={styles.unavailableLinks}>
        <Link to="/things">{t("map.allThings", { brand: b.key })}</Link>
        <Link to="/things/nearest">{t("map.nearestThing", { brand: b.key })}</Link>
      </p>
    </div>
  );
  return (
    <div className={styles.careMap}>
      <div className={`${styles.careMapCanvas} care-map-canvas`}>
        <MapBoundary fallback={unavailable}>
          {!mapReady && props.overlays.things ? (
            <MarkerPreview
              initialView={props.initialView}
              fitTo={props.fitTo}
              waitForFit={props.fitPending ?? false}
              needsWaterOnly={care.needsWaterOnly}
              selectedId={care.selected?.id ?? null}
              onSelect={care.select}
              onThingsInView={care.setInView}
              onSettled={onPreviewSettled}
              firstArea={props.firstArea}
              expectedSize={props.expectedSize}
              onStageSize={props.onStageSize}
              timings={timings}
            />
          ) : null}
          {showMap ? (
            <Suspense fallback={<div className={styles.loading}>{t("location.loadingMap")}</div>}>
              <MapView
                basemap={props.basemap}
                overlays={props.overlays}
                thingsRetry={props.thingsRetry + care.refresh}
                initialView={props.initialView}
                fitTo={props.fitTo}
                onBasemapStatus={props.onBasemapStatus}
                onOverlayStatus={props.onOverlayStatus}
                onSoilLegend={props.onSoilLegend}
                needsWaterOnly={care.needsWaterOnly}
                selectedThing={care.selected}
                onSelectThing={care.select}
                onThingsInView={care.setInView}
                renderThingCard={narrow ? undefined : card}
                here={care.here}
                focus={care.focus}
                onLocated={care.onLocated}
                timings={timings}
                onReady={onReady}
              />
            </Suspense>
          ) : null}
        </MapBoundary>
        {narrow ? <CareSheet care={care} card={care.selected ? card(care.selected) : null} /> : null}
      </div>
      {narrow ? null : <CareSide care={care} />}
    </div>
  );
}

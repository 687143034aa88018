// /map: a full-height map (spec sections 2 and 9) with the basemaps terrain, satellite and
// topographic (plus a built-in plain one that works offline), and the app's layers: things
// (public ones for guests, every visible one for signed-in users, loaded by the visible area and
// clustered), rainfall stations, soilscapes and B-Lines. Layer choices are remembered; the map
// opens on the user's own things, on ?lat=&lng=&zoom= when given, or on Reading, UK. maplibre
// loads with this screen only.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { Link, useLocation } from "react-router";
import { useClient, useQuery } from "urql";
import type { BasemapStatus } from "../../components/environment/map-core.tsx";
import { loadMapPrefs, saveMapPrefs, type MapPrefs, type OverlayId } from "../../components/environment/map-prefs.ts";
import { pageBasemapSettings, type BasemapId } from "../../components/environment/map-styles.ts";
import { AfterFirstPaint } from "../../components/AfterFirstPaint.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { CareMap } from "./CareMap.tsx";
import { useNarrow } from "./map-hooks.ts";
import { LayerPanel } from "./LayerPanel.tsx";
import { expectedStageSize, firstThingsInView, keepStageSize, pageInitialView, preloadedArea, preloadMapData } from "./first-view.ts";
import { EMPTY_STATUS, myThingsBounds, viewFromSearch, type OverlayStatus, type OverlayStatuses } from "./map-data.ts";
import { MapMyThingsDocument as MapMyThings } from "./MapMyThings.generated.ts";
import styles from "./map.module.css";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { mapTexts } from "./texts.ts";

/** Asked before the first render when the page opens on /map: the user's things, and the things of the view it opens on. */
export const preloadData = preloadMapData;

/**
 * The page fills the window below the header. `expected` is the height it is expected to measure
 * (first-view.ts): rendered with it, the page is not rendered a second time when it measures the
 * same (on a slow phone that second render of the whole map page cost a tenth of a second).
 */
function useFillHeight(ref: RefObject<HTMLElement | null>, expected: number | null) {
  const [height, setHeight] = useState<number | null>(expected);
  useLayoutEffect(() => {
    const measure = () => {
      const node = ref.current;
      if (!node) return;
      const top = node.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(360, Math.round(window.innerHeight - top)));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [ref]);
  return height;
}

export default function MapPage() {
  const b = useBranding();
  const t = useT(mapTexts);
  const { signedIn } = useSession();
  const location = useLocation();
  const narrow = useNarrow();
  const page = useRef<HTMLElement>(null);
  const [expectedSize] = useState(expectedStageSize);
  const height = useFillHeight(page, expectedSize?.height ?? null);

  const settings = useMemo(() => pageBasemapSettings(), []);
  const [prefs, setPrefs] = useState<MapPrefs>(() => loadMapPrefs());
  const basemapId: BasemapId = settings.basemaps.some((x) => x.id === prefs.basemap) ? prefs.basemap! : settings.defaultId;
  const basemap = settings.basemaps.find((x) => x.id === basemapId)!;
  const [basemapStatus, setBasemapStatus] = useState<BasemapStatus>("loading");
  const [statuses, setStatuses] = useState<OverlayStatuses>({
    things: EMPTY_STATUS,
    waterPoints: EMPTY_STATUS,
    stations: EMPTY_STATUS,
    soilscapes: EMPTY_STATUS,
    bLines: EMPTY_STATUS,
  });
  const [soilLegend, setSoilLegend] = useState<{ classNumber: number | null; name: string; colour: string }[]>([]);
  const [panelOpen, setPanelOpen] = useState(!narrow);
  const layersButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setPanelOpen(!narrow), [narrow]);

  const update = (next: MapPrefs) => {
    setPrefs(next);
    saveMapPrefs(next);
  };

  // The things themselves are asked for by the map, by area. Here: where the user's own are.
  const [mineResult] = useQuery({ query: MapMyThings, pause: !signedIn });
  const [thingsRetry, setThingsRetry] = useState(0);

  const urlView = useMemo(() => viewFromSearch(location.search), [location.search]);
  const [initialView] = useState(() => pageInitialView(location.search));
  // What was asked before the first render (first-view.ts), and its answer if it is in already.
  const client = useClient();
  const [firstArea] = useState(preloadedArea);
  const [firstInView] = useState(() => firstThingsInView(client, firstArea));
  const fitTo = useMemo(() => (urlView ? null : myThingsBounds(mineResult.data)), [urlView, mineResult.data]);

  const onOverlayStatus = useCallback((id: OverlayId, status: OverlayStatus) => {
    setStatuses((current) => {
      const old = current[id];
      if (
        old.count === status.count &&
        old.loading === status.loading &&
        old.error === status.error &&
        old.note === status.note &&
        old.stale === status.stale
      ) {
        return current;
      }
      return { ...current, [id]: status };
    });
  }, []);

  const closePanel = () => {
    setPanelOpen(false);
    layersButton.current?.focus();
  };

  return (
    <section
      ref={page}
      className={styles.page}
      aria-labelledby="map-title"
      style={height ? { height } : undefined}
      onKeyDown={(e) => {
        if (e.key === "Escape" && narrow && panelOpen) closePanel();
      }}
    >
      <h1 id="map-title" className="visually-hidden">
        {t("map.title")}
      </h1>
      <div className={styles.stage}>
        {/* The layer switcher comes first in the tab order, before the map's many markers. */}
        <div className={styles.controls}>
          {narrow ? (
            <button
              ref={layersButton}
              type="button"
              className={styles.layersButton}
              aria-expanded={panelOpen}
              aria-controls="map-layers"
              onClick={() => setPanelOpen((open) => !open)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M12 3 2 8.5 12 14l10-5.5L12 3zm-7.6 9.2L2 13.5 12 19l10-5.5-2.4-1.3L12 16.4l-7.6-4.2z" fill="currentColor" />
              </svg>
              {t("map.layersButton")}
            </button>
          ) : null}
          <aside id="map-layers" className={styles.panel} aria-label={t("map.layers")} hidden={!panelOpen}>
            {/* Hidden on a phone until opened: drawn after the map's first paint, not in it (issue 27). */}
            <AfterFirstPaint now={panelOpen}>
              <LayerPanel
                basemaps={settings.basemaps}
                basemap={basemapId}
                basemapStatus={basemapStatus}
                onBasemap={(id) => update({ ...prefs, basemap: id })}
                overlays={prefs.overlays}
                onOverlay={(id, on) => update({ ...prefs, overlays: { ...prefs.overlays, [id]: on } })}
                statuses={statuses}
                soilLegend={soilLegend}
                brand={b.key}
                signedIn={signedIn}
                onClose={narrow ? closePanel : undefined}
              />
              {statuses.things.error && prefs.overlays.things ? (
                <button type="button" className={`button button-secondary ${styles.retry}`} onClick={() => setThingsRetry((n) => n + 1)}>
                  {t("map.retryThings", { brand: b.key })}
                </button>
              ) : null}
              {!signedIn ? (
                <p className={styles.panelFoot}>
                  <Link to={paths.signIn("/map")}>{t("map.signIn")}</Link>
                  {t("map.signInForOwn", { brand: b.key })}
                </p>
              ) : null}
            </AfterFirstPaint>
          </aside>
        </div>
        <CareMap
          basemap={basemap}
          overlays={prefs.overlays}
          thingsRetry={thingsRetry}
          initialView={initialView}
          fitTo={fitTo}
          fitPending={signedIn && !urlView && !mineResult.data && !mineResult.error}
          openOnLocation={!urlView && (!signedIn || (Boolean(mineResult.data) && !fitTo))}
          narrow={narrow}
          signedIn={signedIn}
          onBasemapStatus={setBasemapStatus}
          onOverlayStatus={onOverlayStatus}
          onSoilLegend={setSoilLegend}
          firstArea={firstArea}
          firstInView={firstInView}
          expectedSize={expectedSize}
          onStageSize={keepStageSize}
        />
      </div>
    </section>
  );
}

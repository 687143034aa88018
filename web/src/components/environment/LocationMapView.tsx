// The map of LocationMap (loaded lazily with maplibre): a marker on a point, zoom buttons, no
// scroll-wheel zoom (the page scrolls past it), the basemap chosen on /map.
import { useEffect, useMemo, useRef } from "react";
// biome-ignore lint/suspicious/noShadowRestrictedNames: react-map-gl's component is called Map; this file uses no JavaScript Map
import { Map, Marker, NavigationControl, type MapRef } from "react-map-gl/maplibre";
import { assertWebgl, basemapStatusText, maplibregl, useBasemapView } from "./map-core.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { loadMapPrefs } from "./map-prefs.ts";
import { pageBasemapSettings } from "./map-styles.ts";
import styles from "./environment.module.css";
import { MapPin } from "./parts.tsx";

export interface LocationMapViewProps {
  latitude: number;
  longitude: number;
  zoom: number;
  colour: string;
  label: string;
}

export default function LocationMapView({ latitude, longitude, zoom, colour, label }: LocationMapViewProps) {
  assertWebgl();
  const basemap = useMemo(() => {
    const settings = pageBasemapSettings();
    const chosen = loadMapPrefs().basemap;
    return settings.basemaps.find((b) => b.id === chosen) ?? settings.basemaps.find((b) => b.id === settings.defaultId)!;
  }, []);
  const view = useBasemapView(basemap, { latitude, longitude }, []);
  const map = useRef<MapRef>(null);

  // Follow a changed point (e.g. an edited location).
  useEffect(() => {
    map.current?.jumpTo({ center: [longitude, latitude] });
  }, [latitude, longitude]);

  const t = useT();
  const status = basemapStatusText(view, t);
  return (
    <>
      <Map
        ref={map}
        mapLib={maplibregl}
        initialViewState={{ latitude, longitude, zoom }}
        mapStyle={view.style}
        scrollZoom={false}
        dragRotate={false}
        touchPitch={false}
        attributionControl={{ compact: true }}
        onError={view.onError}
        onSourceData={view.onSourceData}
        style={{ width: "100%", height: "100%" }}
      >
        <NavigationControl showCompass={false} position="top-right" />
        <Marker latitude={latitude} longitude={longitude} anchor="bottom">
          <MapPin colour={colour} title={label} />
        </Marker>
      </Map>
      {view.status === "unavailable" && status ? <p className={styles.mapStatus}>{status}</p> : null}
    </>
  );
}

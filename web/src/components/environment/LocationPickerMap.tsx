// The map of LocationPicker (loaded lazily with maplibre): click to place the marker, drag it to
// move it; the map follows coordinates typed into the inputs.
import { useEffect, useMemo, useRef } from "react";
// biome-ignore lint/suspicious/noShadowRestrictedNames: react-map-gl's component is called Map; this file uses no JavaScript Map
import { Map, Marker, NavigationControl, type MapLayerMouseEvent, type MapRef, type MarkerDragEvent } from "react-map-gl/maplibre";
import type { Coordinates } from "./env-format.ts";
import { assertWebgl, basemapStatusText, maplibregl, useBasemapView } from "./map-core.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { loadMapPrefs } from "./map-prefs.ts";
import { pageBasemapSettings } from "./map-styles.ts";
import styles from "./environment.module.css";
import { MapPin } from "./parts.tsx";

export interface LocationPickerMapProps {
  value: Coordinates | null;
  /** Where to look when there is no value yet. */
  centre: Coordinates;
  onPick(value: Coordinates): void;
  disabled?: boolean;
}

export default function LocationPickerMap({ value, centre, onPick, disabled }: LocationPickerMapProps) {
  assertWebgl();
  const basemap = useMemo(() => {
    const settings = pageBasemapSettings();
    const chosen = loadMapPrefs().basemap;
    return settings.basemaps.find((b) => b.id === chosen) ?? settings.basemaps.find((b) => b.id === settings.defaultId)!;
  }, []);
  const start = value ?? centre;
  const view = useBasemapView(basemap, start, []);
  const map = useRef<MapRef>(null);
  const picked = useRef<string | null>(null);

  // Typed coordinates (or "use my location") move the map when the point is out of view.
  useEffect(() => {
    if (!value || !map.current) return;
    const key = `${value.latitude},${value.longitude}`;
    if (picked.current === key) return;
    const bounds = map.current.getBounds();
    if (!bounds.contains([value.longitude, value.latitude])) {
      map.current.easeTo({ center: [value.longitude, value.latitude], zoom: Math.max(map.current.getZoom(), 14) });
    }
  }, [value]);

  const pick = (latitude: number, longitude: number) => {
    const next = { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
    picked.current = `${next.latitude},${next.longitude}`;
    onPick(next);
  };

  const t = useT();
  const status = basemapStatusText(view, t);
  return (
    <>
      <Map
        ref={map}
        mapLib={maplibregl}
        initialViewState={{ latitude: start.latitude, longitude: start.longitude, zoom: value ? 15 : 12 }}
        mapStyle={view.style}
        scrollZoom={false}
        dragRotate={false}
        touchPitch={false}
        attributionControl={{ compact: true }}
        cursor={disabled ? "default" : "crosshair"}
        onClick={(e: MapLayerMouseEvent) => {
          if (!disabled) pick(e.lngLat.lat, e.lngLat.lng);
        }}
        onError={view.onError}
        onSourceData={view.onSourceData}
        style={{ width: "100%", height: "100%" }}
      >
        <NavigationControl showCompass={false} position="top-right" />
        {value ? (
          <Marker
            latitude={value.latitude}
            longitude={value.longitude}
            anchor="bottom"
            draggable={!disabled}
            onDragEnd={(e: MarkerDragEvent) => pick(e.lngLat.lat, e.lngLat.lng)}
          >
            <MapPin colour="#446d44" />
          </Marker>
        ) : null}
      </Map>
      {view.status === "unavailable" && status ? <p className={styles.mapStatus}>{status}</p> : null}
    </>
  );
}

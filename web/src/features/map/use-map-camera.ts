// Where the map looks: the visible box and zoom (read once the map stops moving), the rainfall
// stations' search circle, opening on "my" things, the parent's moves (a thing chosen in the list,
// "near me"), and zooming into a cluster. `userMoved` remembers that the view is the user's, so
// a late fit does not take it away.
import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { MapRef } from "react-map-gl/maplibre";
import { FIT_MAX_ZOOM, FIT_PADDING } from "./first-view.ts";
import { clusterZoom, stationSearch, stationSearchChanged, type Box, type MapCluster, type StationSearch } from "./map-data.ts";

/** A place the parent asks the map to go to (a thing chosen in the list, "near me"). */
export interface MapFocus {
  latitude: number;
  longitude: number;
  zoom: number;
  /** A new key moves the map again to the same place. */
  key: number;
}

/** Eases the map to a place, at once for those who asked for less motion. */
function easeTo(map: MapRef, longitude: number, latitude: number, zoom: number) {
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
  map.easeTo({ center: [longitude, latitude], zoom, duration: still ? 0 : 400 });
}

export function useMapCamera(
  mapRef: RefObject<MapRef | null>,
  ready: boolean,
  fitTo: [[number, number], [number, number]] | null,
  focus: MapFocus | null,
) {
  const [box, setBox] = useState<Box | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const [search, setSearch] = useState<StationSearch | null>(null);
  const userMoved = useRef(false);
  const fitted = useRef(false);

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
  }, [mapRef]);

  // Open on "my" things once they are known (unless the address gave a view or the user moved).
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !fitTo || fitted.current || userMoved.current) return;
    fitted.current = true;
    const [[w, s], [e, n]] = fitTo;
    if (w === e && s === n) map.jumpTo({ center: [w, s], zoom: 15 });
    else map.fitBounds(fitTo, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: 0 });
  }, [mapRef, ready, fitTo]);

  // The parent moves the map (a thing chosen in the list, "near me").
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map || !focus) return;
    userMoved.current = true;
    easeTo(map, focus.longitude, focus.latitude, Math.max(map.getZoom(), focus.zoom));
  }, [mapRef, ready, focus]);

  // A cluster opens up: the map moves closer around it, until its things are apart.
  const zoomInto = useCallback(
    (cluster: MapCluster) => {
      const map = mapRef.current;
      if (!map) return;
      userMoved.current = true;
      easeTo(map, cluster.longitude, cluster.latitude, clusterZoom(map.getZoom()));
    },
    [mapRef],
  );

  return { box, zoom, search, readView, userMoved, zoomInto };
}

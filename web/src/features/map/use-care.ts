// The state the map and its list share (issue 21): the thing in the card, the filters "needs
// water" and "near me" (the browser's location, asked for only when the user says so, or when
// the permission was given before), the nearest things ranked by the database's distanceMetres,
// and a counter that asks the map for its things again after a watering.
import { useCallback, useEffect, useMemo, useState } from "react";
import { useQuery } from "urql";
import type { Coordinates } from "../../components/environment/env-format.ts";
import { useNotify } from "../../lib/notices.tsx";
import { failureNotice, getCurrentPosition } from "../../lib/geolocation.ts";
import type { MapThing, PlacedThing } from "./map-data.ts";
import type { MapFocus } from "./MapView.tsx";
import { byNeed, isThirsty } from "../../components/water-need/water-need.ts";
import { MapNearestDocument as MapNearest } from "./MapNearest.generated.ts";

export interface ListThing extends PlacedThing {
  type: string;
  waterNeed: string;
  /** Metres from the user (the API's), with "near me" on. */
  distanceMetres?: number;
}

/** The list: the nearest (by the API's metres) with "near me", else the things in view, thirstiest first. */
export function careList(inView: readonly MapThing[], nearest: readonly ListThing[] | null, needsWaterOnly: boolean): ListThing[] {
  const source: ListThing[] = nearest ? [...nearest] : byNeed(inView);
  return needsWaterOnly ? source.filter((t) => isThirsty(t.waterNeed)) : source;
}

async function locationAlreadyAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: "geolocation" as PermissionName });
    return status?.state === "granted";
  } catch {
    return false;
  }
}

/**
 * `firstInView`: the things of the map's first view when they are already known as the page
 * renders (first-view.ts), so the list shows in the first paint, not one render later.
 */
export function useCare({ autoLocate, firstInView = null }: { autoLocate: boolean; firstInView?: MapThing[] | null }) {
  const notify = useNotify();
  const [selected, setSelected] = useState<PlacedThing | null>(null);
  const [needsWaterOnly, setNeedsWaterOnly] = useState(false);
  const [here, setHere] = useState<Coordinates | null>(null);
  const [nearMe, setNearMe] = useState(false);
  const [locating, setLocating] = useState(false);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  // null until the map (or its first markers) has answered: the list says it is looking, not
  // that nothing is here (which showed for a moment on every load, and was the largest paint).
  const [inView, setInView] = useState<MapThing[] | null>(firstInView);
  const [refresh, setRefresh] = useState(0);

  const [nearest, refetchNearest] = useQuery({
    query: MapNearest,
    variables: { latitude: here?.latitude ?? 0, longitude: here?.longitude ?? 0, needsWater: needsWaterOnly },
    pause: !nearMe || !here,
    requestPolicy: "cache-and-network",
  });

  const goTo = useCallback((place: Coordinates, zoom: number) => {
    setFocus((f) => ({ latitude: place.latitude, longitude: place.longitude, zoom, key: (f?.key ?? 0) + 1 }));
  }, []);

  const locate = useCallback(async () => {
    setLocating(true);
    try {
      const position = await getCurrentPosition();
      setHere({ latitude: position.latitude, longitude: position.longitude });
      setNearMe(true);
      goTo(position, 15);
    } catch (failure) {
      notify.negative(failureNotice(failure));
      setNearMe(false);
    } finally {
      setLocating(false);
    }
  }, [goTo, notify]);

  const toggleNearMe = useCallback(() => {
    if (nearMe) setNearMe(false);
    else void locate();
  }, [nearMe, locate]);

  // "My location with consent": only when the browser already has the user's permission.
  useEffect(() => {
    if (!autoLocate) return;
    let alive = true;
    void locationAlreadyAllowed().then((allowed) => {
      if (alive && allowed) void locate();
    });
    return () => {
      alive = false;
    };
  }, [autoLocate, locate]);

  // Not a transition (issue 27): on a phone the sheet grows to hold the card, and a transition
  // delayed on a slow, busy phone past half a second after the tap made that growth count as a
  // layout shift; rendered with the tap it is the tap's own expected change.
  const select = setSelected;
  // biome-ignore lint/correctness/useExhaustiveDependencies: select is setSelected under a local name (stable); named so the callback's purpose reads
  const choose = useCallback(
    (thing: PlacedThing) => {
      select(thing);
      goTo(thing, 15);
    },
    [goTo, select],
  );

  const changed = useCallback(() => {
    setRefresh((n) => n + 1);
    if (nearMe) refetchNearest({ requestPolicy: "network-only" });
  }, [nearMe, refetchNearest]);

  const nearestList = nearMe && here ? (nearest.data?.nearestThing?.nodes ?? null) : null;
  const list = useMemo(() => careList(inView ?? [], nearestList, needsWaterOnly), [inView, nearestList, needsWaterOnly]);

  return {
    selected,
    select,
    choose,
    needsWaterOnly,
    setNeedsWaterOnly,
    nearMe: nearMe && here !== null,
    locating,
    toggleNearMe,
    onLocated: (position: Coordinates) => setHere(position),
    here,
    focus,
    setInView,
    list,
    listLoading: nearMe && here !== null ? nearest.fetching && !nearest.data : inView === null,
    refresh,
    changed,
  };
}

export type Care = ReturnType<typeof useCare>;

// What is picked on the map and how the popup behaves: a thing (its card, shared with the list
// through the parent), a rainfall station, a water point or an area (soilscape, B-Line) under a
// click. The popup takes the focus when it opens, Escape closes it, and the focus goes back to
// what opened it; a layer that is hidden takes its popup with it.
import { useCallback, useEffect, useRef, useState } from "react";
import type { MapLayerMouseEvent } from "react-map-gl/maplibre";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import type { StationBrief } from "../../components/environment/RainfallPanel.tsx";
import type { MapThing, PlacedThing } from "./map-data.ts";
import type { WaterPoint } from "./WaterPoints.tsx";

export type Selection =
  | { kind: "station"; station: StationBrief }
  | { kind: "water"; point: WaterPoint }
  | { kind: "area"; latitude: number; longitude: number; soil: Record<string, unknown> | null; bLine: Record<string, unknown> | null };

/** A key per popup, so a new one takes the focus and the old one's state goes. */
export function popupKeyOf(thing: PlacedThing | null, selected: Selection | null): string | null {
  if (thing) return `thing:${thing.id}`;
  if (!selected) return null;
  if (selected.kind === "station") return `station:${selected.station.id}`;
  if (selected.kind === "water") return `water:${selected.point.id}`;
  return `area:${selected.latitude},${selected.longitude}`;
}

export function useMapSelection({
  overlays,
  selectedThing,
  onSelectThing,
  thingCardOnMap,
}: {
  overlays: Record<OverlayId, boolean>;
  selectedThing: PlacedThing | null;
  onSelectThing(thing: PlacedThing | null): void;
  /** Whether the map shows the selected thing's card in its popup (else the parent does). */
  thingCardOnMap: boolean;
}) {
  const [selected, setSelected] = useState<Selection | null>(null);
  const opener = useRef<HTMLElement | null>(null);

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
  const selectWaterPoint = useCallback((point: WaterPoint) => select({ kind: "water", point }), [select]);

  const closePopup = () => {
    setSelected(null);
    onSelectThing(null);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected && back !== document.body) back.focus({ preventScroll: true });
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

  // What the popup shows: the selected thing's card (when the map shows it), or another layer's.
  const thingInPopup = selectedThing && thingCardOnMap ? selectedThing : null;
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
  const popupKey = popupKeyOf(thingInPopup, selected);
  useEffect(() => {
    if (!popupKey) return;
    const frame = requestAnimationFrame(() => popupBody.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [popupKey]);

  return { selected, select, selectThing, selectWaterPoint, closePopup, onMapClick, thingInPopup, popupKey, popupBody };
}

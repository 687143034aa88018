// The popup of what is selected on the map: a thing's card, a rainfall station, a water point or
// an area, anchored where it is, as a dialog that takes the focus (see use-map-selection.ts).
import type { ReactNode, RefObject } from "react";
import { Popup } from "react-map-gl/maplibre";
import { stationName } from "../../components/environment/RainfallPanel.tsx";
import type { PlacedThing } from "./map-data.ts";
import { AreaPopupBody, StationPopupBody } from "./MapPopups.tsx";
import type { MapLayers } from "./use-map-layers.ts";
import type { Selection } from "./use-map-selection.ts";
import { WaterPointPopupBody } from "./WaterPoints.tsx";
import styles from "./map.module.css";

/** Where the popup stands, how far from its marker, and its name for assistive technology. */
function anchorOf(thing: PlacedThing | null, selected: Selection) {
  if (thing) return { latitude: thing.latitude, longitude: thing.longitude, offset: 16, label: thing.name };
  if (selected.kind === "station")
    return { latitude: selected.station.lat, longitude: selected.station.long, offset: 14, label: stationName(selected.station) };
  if (selected.kind === "water")
    return { latitude: selected.point.latitude, longitude: selected.point.longitude, offset: 14, label: selected.point.name };
  return { latitude: selected.latitude, longitude: selected.longitude, offset: 4, label: "This area" };
}

export function SelectionPopup({
  thing,
  selected,
  renderThingCard,
  soilLayer,
  popupKey,
  bodyRef,
  onClose,
}: {
  /** The selected thing when its card shows on the map. */
  thing: PlacedThing | null;
  selected: Selection | null;
  renderThingCard?(thing: PlacedThing): ReactNode;
  soilLayer: MapLayers["soilLayer"];
  popupKey: string | null;
  bodyRef: RefObject<HTMLDivElement | null>;
  onClose(): void;
}) {
  if (!thing && !selected) return null;
  const at = anchorOf(thing, selected!);
  return (
    <Popup
      latitude={at.latitude}
      longitude={at.longitude}
      offset={at.offset}
      closeOnClick={false}
      closeOnMove={false}
      focusAfterOpen={false}
      maxWidth="340px"
      onClose={onClose}
      className={`${styles.popup} map-popup`}
    >
      <div className={styles.popupBody} ref={bodyRef} tabIndex={-1} role="dialog" aria-label={at.label} key={popupKey ?? ""}>
        {thing ? renderThingCard!(thing) : null}
        {!thing && selected?.kind === "station" ? <StationPopupBody station={selected.station} /> : null}
        {!thing && selected?.kind === "water" ? <WaterPointPopupBody point={selected.point} /> : null}
        {!thing && selected?.kind === "area" ? <AreaPopupBody soil={selected.soil} bLine={selected.bLine} soilLayer={soilLayer} /> : null}
      </div>
    </Popup>
  );
}

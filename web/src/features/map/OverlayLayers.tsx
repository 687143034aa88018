// The app's own overlays drawn on the map: soilscapes and B-Lines as coloured areas (a click on
// them opens the area's popup) and rainfall stations as markers.
import type { FeatureCollection } from "geojson";
import { useMemo } from "react";
import { Layer, Marker, Source } from "react-map-gl/maplibre";
import { DropIcon } from "../../components/environment/icons.tsx";
import { stationName, type StationBrief } from "../../components/environment/RainfallPanel.tsx";
import { soilColourExpression } from "./map-data.ts";
import type { MapLayers } from "./use-map-layers.ts";
import styles from "./map.module.css";

/** The layers a click on the map looks into (an area's popup). */
export const INTERACTIVE_LAYERS = ["soilscapes-fill", "b-lines-fill"];

export function SoilscapeLayer({ layer }: { layer: NonNullable<MapLayers["soilLayer"]> }) {
  const soilFill = useMemo(() => soilColourExpression(), []);
  return (
    <Source id="soilscapes" type="geojson" data={layer as unknown as FeatureCollection} attribution={layer.attribution ?? undefined}>
      <Layer id="soilscapes-fill" type="fill" paint={{ "fill-color": soilFill as never, "fill-opacity": 0.45 }} />
      <Layer id="soilscapes-line" type="line" paint={{ "line-color": "#6b5b3e", "line-width": 1, "line-opacity": 0.6 }} />
    </Source>
  );
}

export function BLinesLayer({ layer }: { layer: NonNullable<MapLayers["bLinesLayer"]> }) {
  return (
    <Source id="b-lines" type="geojson" data={layer as unknown as FeatureCollection} attribution={layer.attribution ?? undefined}>
      <Layer id="b-lines-fill" type="fill" paint={{ "fill-color": "#f2b705", "fill-opacity": 0.28 }} />
      <Layer
        id="b-lines-line"
        type="line"
        paint={{ "line-color": "#a87400", "line-width": 1.5, "line-dasharray": [3, 2], "line-opacity": 0.85 }}
      />
    </Source>
  );
}

export function StationMarkers({ stations, onSelect }: { stations: readonly StationBrief[]; onSelect(station: StationBrief): void }) {
  return stations.map((s) => (
    <Marker
      key={s.id}
      latitude={s.lat}
      longitude={s.long}
      anchor="center"
      onClick={(e) => {
        e.originalEvent.stopPropagation();
        onSelect(s);
      }}
    >
      <button
        type="button"
        className={`${styles.stationMarker} map-station-marker`}
        data-station-id={s.id}
        aria-label={`Rainfall station ${stationName(s)}`}
        title={stationName(s)}
      >
        <DropIcon size={13} colour="#fff" />
      </button>
    </Marker>
  ));
}

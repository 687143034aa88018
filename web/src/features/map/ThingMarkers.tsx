// The things on the map once maplibre has loaded: clusters (how many, and how many of them need
// water) and a marker per thing (marker-buttons.tsx), each in a maplibre Marker.
import { memo } from "react";
import { Marker } from "react-map-gl/maplibre";
import type { MapCluster, MapThing } from "./map-data.ts";
import { ClusterButton, ThingButton } from "./marker-buttons.tsx";
import { isThirsty } from "../../components/water-need/water-need.ts";

export const ClusterMarkers = memo(function ClusterMarkers({
  clusters,
  needsWaterOnly,
  onOpen,
}: {
  clusters: MapCluster[];
  needsWaterOnly: boolean;
  onOpen(cluster: MapCluster): void;
}) {
  return (
    <>
      {clusters
        .filter((c) => !needsWaterOnly || c.needsWater > 0)
        .map((c) => (
          <Marker
            key={`${c.latitude},${c.longitude}`}
            latitude={c.latitude}
            longitude={c.longitude}
            anchor="center"
            onClick={(e) => {
              e.originalEvent.stopPropagation();
              onOpen(c);
            }}
          >
            <ClusterButton cluster={c} needsWaterOnly={needsWaterOnly} />
          </Marker>
        ))}
    </>
  );
});

export const ThingMarkers = memo(function ThingMarkers({
  things,
  needsWaterOnly,
  selectedId,
  onSelect,
}: {
  things: MapThing[];
  needsWaterOnly: boolean;
  selectedId: string | null;
  onSelect(thing: MapThing): void;
}) {
  return (
    <>
      {things
        .filter((t) => !needsWaterOnly || isThirsty(t.waterNeed))
        .map((t) => (
          <Marker
            key={t.id}
            latitude={t.latitude}
            longitude={t.longitude}
            anchor="center"
            onClick={(e) => {
              e.originalEvent.stopPropagation();
              onSelect(t);
            }}
          >
            <ThingButton thing={t} selected={selectedId === t.id} />
          </Marker>
        ))}
    </>
  );
});

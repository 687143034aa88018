// The things on the map: clusters (how many, and how many of them need water) and a marker per
// thing whose shape, icon and colour say its water need (water-need.ts), so colour is never alone.
import { memo } from "react";
import { Marker } from "react-map-gl/maplibre";
import { clusterLabel, clusterSize, thingTypeLabel, type MapCluster, type MapThing } from "./map-data.ts";
import { NeedBadge } from "../../components/water-need/NeedLegend.tsx";
import { clusterWords, isThirsty, needStyle } from "../../components/water-need/water-need.ts";

export const ClusterMarkers = memo(function ClusterMarkers({
  clusters,
  thingsWord,
  needsWaterOnly,
  onOpen,
}: {
  clusters: MapCluster[];
  thingsWord: string;
  needsWaterOnly: boolean;
  onOpen(cluster: MapCluster): void;
}) {
  return (
    <>
      {clusters
        .filter((c) => !needsWaterOnly || c.needsWater > 0)
        .map((c) => {
          const size = clusterSize(needsWaterOnly ? c.needsWater : c.count);
          const words = clusterWords(c.count, c.needsWater, thingsWord);
          return (
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
              <button
                type="button"
                className={`map-cluster-marker${c.needsWater > 0 ? " map-cluster-thirsty" : ""}`}
                style={{ width: size, height: size }}
                data-count={c.count}
                data-needs-water={c.needsWater}
                aria-label={`${words} here: zoom in`}
                title={`${words}: zoom in`}
              >
                {clusterLabel(needsWaterOnly ? c.needsWater : c.count)}
                {c.needsWater > 0 && !needsWaterOnly ? (
                  <span className="map-cluster-needs" aria-hidden="true">
                    {clusterLabel(c.needsWater)}
                  </span>
                ) : null}
              </button>
            </Marker>
          );
        })}
    </>
  );
});

export const ThingMarkers = memo(function ThingMarkers({
  things,
  thingWord,
  needsWaterOnly,
  selectedId,
  onSelect,
}: {
  things: MapThing[];
  thingWord: string;
  needsWaterOnly: boolean;
  selectedId: string | null;
  onSelect(thing: MapThing): void;
}) {
  return (
    <>
      {things
        .filter((t) => !needsWaterOnly || isThirsty(t.waterNeed))
        .map((t) => {
          const need = needStyle(t.waterNeed);
          return (
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
              <button
                type="button"
                className={`map-thing-marker${selectedId === t.id ? " map-thing-selected" : ""}`}
                data-thing-id={t.id}
                data-need={need.need}
                aria-label={`${t.name}: ${thingTypeLabel(t.type)} (${thingWord.toLowerCase()}), ${need.label.toLowerCase()}`}
                title={`${t.name}: ${need.label}`}
              >
                <NeedBadge need={t.waterNeed} size={26} />
              </button>
            </Marker>
          );
        })}
    </>
  );
});

// What a thing or a cluster looks like on the map, without the map library: drawn inside a
// maplibre Marker once the map has loaded (ThingMarkers.tsx), and placed by hand before that
// (MarkerPreview.tsx), so both look the same. Shape, icon and colour say the water need
// (water-need.ts): colour is never alone.
import type { MouseEvent } from "react";
import { clusterLabel, clusterSize, thingTypeLabel, type MapCluster, type MapThing } from "./map-data.ts";
import { NeedBadge } from "../../components/water-need/NeedLegend.tsx";
import { clusterWords, needStyle } from "../../components/water-need/water-need.ts";
import styles from "./map.module.css";

export function ClusterButton({
  cluster: c,
  thingsWord,
  needsWaterOnly,
  onClick,
}: {
  cluster: MapCluster;
  thingsWord: string;
  needsWaterOnly: boolean;
  onClick?(e: MouseEvent): void;
}) {
  const size = clusterSize(needsWaterOnly ? c.needsWater : c.count);
  const words = clusterWords(c.count, c.needsWater, thingsWord);
  return (
    <button
      type="button"
      className={`${styles.clusterMarker} map-cluster-marker`}
      style={{ width: size, height: size }}
      data-count={c.count}
      data-needs-water={c.needsWater}
      aria-label={`${words} here: zoom in`}
      title={`${words}: zoom in`}
      onClick={onClick}
    >
      {clusterLabel(needsWaterOnly ? c.needsWater : c.count)}
      {c.needsWater > 0 && !needsWaterOnly ? (
        <span className={styles.clusterNeeds} aria-hidden="true">
          {clusterLabel(c.needsWater)}
        </span>
      ) : null}
    </button>
  );
}

export function ThingButton({
  thing: t,
  thingWord,
  selected,
  onClick,
}: {
  thing: MapThing;
  thingWord: string;
  selected: boolean;
  onClick?(e: MouseEvent): void;
}) {
  const need = needStyle(t.waterNeed);
  return (
    <button
      type="button"
      className={`${styles.thingMarker}${selected ? ` ${styles.thingSelected}` : ""} map-thing-marker`}
      data-thing-id={t.id}
      data-need={need.need}
      aria-label={`${t.name}: ${thingTypeLabel(t.type)} (${thingWord.toLowerCase()}), ${need.label.toLowerCase()}`}
      title={`${t.name}: ${need.label}`}
      onClick={onClick}
    >
      <NeedBadge need={t.waterNeed} size={26} />
    </button>
  );
}

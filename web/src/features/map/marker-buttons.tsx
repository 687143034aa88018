// What a thing or a cluster looks like on the map, without the map library: drawn inside a
// maplibre Marker once the map has loaded (ThingMarkers.tsx), and placed by hand before that
// (MarkerPreview.tsx), so both look the same. Shape, icon and colour say the water need
// (water-need.ts): colour is never alone.
import type { MouseEvent } from "react";
import { thingTypeLabel } from "../../lib/thing-types.ts";
import { clusterLabel, clusterSize, type MapCluster, type MapThing } from "./map-data.ts";
import { NeedBadge } from "../../components/water-need/NeedLegend.tsx";
import { needStyle } from "../../components/water-need/water-need.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { mapTexts } from "./texts.ts";
import styles from "./map.module.css";

export function ClusterButton({
  cluster: c,
  needsWaterOnly,
  onClick,
}: {
  cluster: MapCluster;
  needsWaterOnly: boolean;
  onClick?(e: MouseEvent): void;
}) {
  const t = useT(mapTexts);
  const brand = useBranding().key;
  const size = clusterSize(needsWaterOnly ? c.needsWater : c.count);
  const words = t("map.marker.cluster", { count: c.count, needsWater: c.needsWater, brand });
  return (
    <button
      type="button"
      className={`${styles.clusterMarker} map-cluster-marker`}
      style={{ width: size, height: size }}
      data-count={c.count}
      data-needs-water={c.needsWater}
      aria-label={t("map.marker.clusterLabel", { words })}
      title={t("map.marker.clusterTitle", { words })}
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

export function ThingButton({ thing, selected, onClick }: { thing: MapThing; selected: boolean; onClick?(e: MouseEvent): void }) {
  const t = useT(mapTexts);
  const brand = useBranding().key;
  const need = needStyle(thing.waterNeed);
  const needWords = t(`need.${need.need}.label`);
  return (
    <button
      type="button"
      className={`${styles.thingMarker}${selected ? ` ${styles.thingSelected}` : ""} map-thing-marker`}
      data-thing-id={thing.id}
      data-need={need.need}
      aria-label={t("map.marker.thingLabel", {
        name: thing.name,
        type: thingTypeLabel(thing.type, t),
        brand,
        need: needWords.toLocaleLowerCase(),
      })}
      title={t("map.marker.thingTitle", { name: thing.name, need: needWords })}
      onClick={onClick}
    >
      <NeedBadge need={thing.waterNeed} size={26} />
    </button>
  );
}

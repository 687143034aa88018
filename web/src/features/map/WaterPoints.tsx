// Water points (public pumps and taps, imported by an admin) as a map layer: a blue tap or pump
// marker with a popup naming it. Asked for by the snapped view box, so small pans hit the cache.
import { useEffect, useMemo } from "react";
import { Marker } from "react-map-gl/maplibre";
import { useQuery } from "urql";
import { useLastValue } from "./map-hooks.ts";
import type { Box, OverlayStatus } from "./map-data.ts";
import { MapWaterPointsDocument as MapWaterPoints } from "./MapWaterPoints.generated.ts";
import { errorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { mapTexts } from "./texts.ts";
import styles from "./map.module.css";

export interface WaterPoint {
  id: string;
  name: string;
  kind: string;
  description: string | null;
  latitude: number;
  longitude: number;
}

function TapIcon({ pump, size = 14 }: { pump: boolean; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {pump ? (
        <path d="M7 21h6v-9H7v9zm3-11V6h6l2 2h2v3h-2l-2 2h-2M10 3v3" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      ) : (
        <path
          d="M4 9h9a3 3 0 0 1 3 3v2M13 9V6M10 6h6M16 17.5c0 1.2-.9 2-2 2s-2-.8-2-2 2-3.5 2-3.5 2 2.3 2 3.5z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

/** The layer panel's swatch for water points. */
export function WaterPointSwatch() {
  return (
    <span className={`${styles.waterPointMarker} ${styles.waterPointSwatch}`} aria-hidden="true">
      <TapIcon pump={false} size={11} />
    </span>
  );
}

export function useWaterPoints(box: Box | null, on: boolean, onStatus: (status: OverlayStatus) => void) {
  const t = useT(mapTexts);
  const noneMapped = t("map.noneMapped");
  const failed = t("common.anErrorOccurred");
  const [result] = useQuery({
    query: MapWaterPoints,
    variables: box ?? { west: 0, south: 0, east: 1, north: 1 },
    pause: !on || !box || !(box.west < box.east && box.south < box.north),
  });
  const points = useLastValue(result.data?.waterPointsInView?.nodes, !on);
  useEffect(() => {
    onStatus({
      count: points ? points.length : null,
      loading: result.fetching,
      error: result.error && !points ? errorText(result.error, failed) : null,
      note: points && points.length === 0 ? noneMapped : null,
    });
  }, [points, result.fetching, result.error, onStatus, noneMapped, failed]);
  return useMemo(() => (on ? (points ?? []) : []), [on, points]);
}

export function WaterPointMarkers({ points, onSelect }: { points: WaterPoint[]; onSelect(point: WaterPoint): void }) {
  return (
    <>
      {points.map((p) => (
        <Marker
          key={p.id}
          latitude={p.latitude}
          longitude={p.longitude}
          anchor="center"
          onClick={(e) => {
            e.originalEvent.stopPropagation();
            onSelect(p);
          }}
        >
          <button
            type="button"
            className={styles.waterPointMarker}
            data-water-point={p.kind}
            aria-label={`Water point: ${p.name} (${p.kind})`}
            title={p.name}
          >
            <TapIcon pump={p.kind === "pump"} />
          </button>
        </Marker>
      ))}
    </>
  );
}

export function WaterPointPopupBody({ point }: { point: WaterPoint }) {
  return (
    <>
      <h3 className={styles.popupTitle}>{point.name}</h3>
      <p className={styles.popupMeta}>Public {point.kind === "pump" ? "water pump" : "water tap"}: fill a can here</p>
      {point.description ? <p>{point.description}</p> : null}
    </>
  );
}

// A small read-only map centred on a point, with a marker. maplibre loads only when one is shown.
//
//   <LocationMap latitude={thing.location.x} longitude={thing.location.y} label={thing.name} />
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { formatCoordinate, isFiniteNumber } from "./env-format.ts";
import styles from "./environment.module.css";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { MapBoundary } from "./MapBoundary.tsx";

const LocationMapView = lazy(() => import("./LocationMapView.tsx"));

export interface LocationMapProps {
  latitude: number;
  longitude: number;
  /** What is there (the marker's label, e.g. the thing's name). */
  label?: string;
  zoom?: number;
  /** Map height in px (default 240). */
  height?: number;
  /** Marker colour (default the brand green). */
  colour?: string;
  /** Show the coordinates and an "Open in the map" link under the map (default true). */
  caption?: boolean;
  className?: string;
}

/** /map centred on a point. */
export function mapLink(latitude: number, longitude: number, zoom = 15): string {
  return `/map?lat=${latitude.toFixed(5)}&lng=${longitude.toFixed(5)}&zoom=${zoom}`;
}

export function LocationMap({
  latitude,
  longitude,
  label: labelGiven,
  zoom = 15,
  height = 240,
  colour = "#446d44",
  caption = true,
  className,
}: LocationMapProps) {
  const t = useT();
  const label = labelGiven ?? t("location.label");
  const valid = isFiniteNumber(latitude) && isFiniteNumber(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  const coords = valid ? `${formatCoordinate(latitude)}, ${formatCoordinate(longitude)}` : "";
  const fallback = (
    <div className={styles.mapFallback}>
      <p>{t("location.noMap")}</p>
      {valid ? <p className="muted">{coords}</p> : null}
    </div>
  );
  return (
    <figure className={className ? `${styles.locationMap} ${className}` : styles.locationMap}>
      <div
        className={`${styles.mapFrame} env-map-frame`}
        style={{ height }}
        role="region"
        aria-label={valid ? t("location.mapOfAt", { label, coords }) : t("location.mapOf", { label })}
      >
        {valid ? (
          <MapBoundary fallback={fallback}>
            <Suspense fallback={<div className={styles.mapPlaceholder}>{t("location.loadingMap")}</div>}>
              <LocationMapView latitude={latitude} longitude={longitude} zoom={zoom} colour={colour} label={label} />
            </Suspense>
          </MapBoundary>
        ) : (
          <div className={styles.mapFallback}>
            <p>{t("location.noValid")}</p>
          </div>
        )}
      </div>
      {caption && valid ? (
        <figcaption className={styles.mapCaption}>
          <span className="muted">{coords}</span>
          <Link to={mapLink(latitude, longitude)}>{t("location.openInMap")}</Link>
        </figcaption>
      ) : null}
    </figure>
  );
}

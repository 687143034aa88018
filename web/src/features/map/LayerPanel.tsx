// The layer switcher of /map: one basemap (radio buttons, arrow keys move between them) and the
// app's own layers (checkboxes), each with what it shows right now, and the legends.
import { useId, type ReactNode } from "react";
import { DropIcon } from "../../components/environment/icons.tsx";
import { NeedBadge, NeedLegend } from "../../components/water-need/NeedLegend.tsx";
import { WaterPointSwatch } from "./WaterPoints.tsx";
import type { BasemapStatus } from "../../components/environment/map-core.tsx";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import type { Basemap, BasemapId } from "../../components/environment/map-styles.ts";
import type { OverlayStatus, OverlayStatuses } from "./map-data.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { mapTexts, type MapT } from "./texts.ts";
import styles from "./map.module.css";

export interface LayerPanelProps {
  basemaps: readonly Basemap[];
  basemap: BasemapId;
  basemapStatus: BasemapStatus;
  onBasemap(id: BasemapId): void;
  overlays: Record<OverlayId, boolean>;
  onOverlay(id: OverlayId, on: boolean): void;
  statuses: OverlayStatuses;
  soilLegend: { classNumber: number | null; name: string; colour: string }[];
  /** The brand (steward or bee), for the things layer's words. */
  brand: string;
  signedIn: boolean;
  onClose?: () => void;
}

function statusText(t: MapT, status: OverlayStatus, on: boolean, id: OverlayId): string {
  if (!on) return t("layers.hidden");
  if (status.error) return translateServerMessage(status.error);
  if (status.loading && status.count === null) return t("common.loading");
  if (status.count === null) return "";
  return t(`layers.count.${id}`, { count: status.count });
}

function OverlayRow({
  id,
  label,
  description,
  on,
  status,
  onToggle,
  swatch,
  children,
}: {
  id: OverlayId;
  label: string;
  description: string;
  on: boolean;
  status: OverlayStatus;
  onToggle(id: OverlayId, on: boolean): void;
  swatch: ReactNode;
  children?: ReactNode;
}) {
  const inputId = useId();
  const t = useT(mapTexts);
  const text = statusText(t, status, on, id);
  return (
    <li className={styles.overlay} data-overlay={id}>
      <div className={styles.overlayRow}>
        <input
          id={inputId}
          type="checkbox"
          checked={on}
          onChange={(e) => onToggle(id, e.target.checked)}
          aria-describedby={`${inputId}-status`}
        />
        <label htmlFor={inputId} className={styles.overlayLabel}>
          <span className={styles.swatch} aria-hidden="true">
            {swatch}
          </span>
          <span>
            <span className={styles.overlayName}>{label}</span>
            <span className={styles.overlayDescription}>{description}</span>
          </span>
        </label>
      </div>
      <p
        id={`${inputId}-status`}
        className={
          status.error && on
            ? `${styles.overlayStatus} ${status.unavailable ? styles.overlayUnavailable : styles.overlayError}`
            : styles.overlayStatus
        }
      >
        {text}
        {on && status.note ? <span className={status.stale ? styles.overlayStale : undefined}> · {status.note}</span> : null}
      </p>
      {on && children ? <div className={styles.overlayLegend}>{children}</div> : null}
    </li>
  );
}

export function LayerPanel({
  basemaps,
  basemap,
  basemapStatus,
  onBasemap,
  overlays,
  onOverlay,
  statuses,
  soilLegend,
  brand,
  signedIn,
  onClose,
}: LayerPanelProps) {
  const name = useId();
  const active = basemaps.find((b) => b.id === basemap) ?? basemaps[0];
  const t = useT(mapTexts);
  const showing =
    basemapStatus === "unavailable"
      ? t("layers.basemapUnavailable", { basemap: t(`basemap.${active.id}.label`) })
      : basemapStatus === "loading"
        ? t("layers.basemapLoading", { basemap: t(`basemap.${active.id}.inSentence`) })
        : t("layers.basemapShowing", { basemap: t(`basemap.${active.id}.inSentence`) });
  return (
    <div>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{t("map.layers")}</h2>
        {onClose ? (
          <button type="button" className={styles.panelClose} onClick={onClose} aria-label={t("layers.close")}>
            ×
          </button>
        ) : null}
      </div>

      <fieldset className={styles.fieldset}>
        <legend>{t("layers.basemap")}</legend>
        <ul className={`${styles.basemaps} map-basemaps`}>
          {basemaps.map((b) => (
            <li key={b.id}>
              <label className={b.id === basemap ? `${styles.basemap} ${styles.basemapActive}` : styles.basemap}>
                <input type="radio" name={name} value={b.id} checked={b.id === basemap} onChange={() => onBasemap(b.id)} />
                <span className={styles.basemapText}>
                  <span className={styles.basemapName}>{t(`basemap.${b.id}.label`)}</span>
                  <span className={styles.basemapDescription}>{t(`basemap.${b.id}.description`)}</span>
                </span>
                {b.id === basemap && basemapStatus === "unavailable" ? <span className={styles.badge}>{t("layers.offline")}</span> : null}
              </label>
            </li>
          ))}
        </ul>
        <p
          className={`${styles.basemapStatus}${basemapStatus === "unavailable" ? ` ${styles.basemapUnavailable}` : ""} map-basemap-status`}
          role="status"
          data-basemap-status={basemapStatus}
        >
          {showing}
        </p>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>{t("layers.onTheMap")}</legend>
        <ul className={styles.overlays}>
          <OverlayRow
            id="things"
            label={t("layers.thingsLabel", { brand })}
            description={signedIn ? t("layers.thingsPublicAndYours", { brand }) : t("layers.thingsPublic", { brand })}
            on={overlays.things}
            status={statuses.things}
            onToggle={onOverlay}
            swatch={<NeedBadge need="NEEDS_WATER" size={16} />}
          >
            <NeedLegend />
          </OverlayRow>
          <OverlayRow
            id="waterPoints"
            label={t("layers.waterPoints")}
            description={t("layers.waterPointsAbout")}
            on={overlays.waterPoints}
            status={statuses.waterPoints}
            onToggle={onOverlay}
            swatch={<WaterPointSwatch />}
          />
          <OverlayRow
            id="stations"
            label={t("layers.stations")}
            description={t("layers.stationsAbout")}
            on={overlays.stations}
            status={statuses.stations}
            onToggle={onOverlay}
            swatch={
              <span className={styles.swatchStation}>
                <DropIcon size={12} colour="#fff" />
              </span>
            }
          />
          <OverlayRow
            id="soilscapes"
            label={t("layers.soilscapes")}
            description={t("layers.soilscapesAbout")}
            on={overlays.soilscapes}
            status={statuses.soilscapes}
            onToggle={onOverlay}
            swatch={<span className={styles.swatchSoil} />}
          >
            {soilLegend.length > 0 ? (
              <ul className={`${styles.legend} ${styles.legendSoil}`} aria-label={t("layers.soilClasses")}>
                {soilLegend.map((c) => (
                  <li key={`${c.classNumber}-${c.name}`}>
                    <span className={styles.legendBox} style={{ background: c.colour }} aria-hidden="true" />
                    {c.classNumber !== null ? <span className={styles.legendClass}>{c.classNumber}</span> : null}
                    {c.name}
                  </li>
                ))}
              </ul>
            ) : null}
          </OverlayRow>
          <OverlayRow
            id="bLines"
            label={t("layers.bLines")}
            description={t("layers.bLinesAbout")}
            on={overlays.bLines}
            status={statuses.bLines}
            onToggle={onOverlay}
            swatch={<span className={styles.swatchBline} />}
          />
        </ul>
      </fieldset>
    </div>
  );
}

// The layer switcher of /map: one basemap (radio buttons, arrow keys move between them) and the
// app's own layers (checkboxes), each with what it shows right now, and the legends.
import { useId, type ReactNode } from "react";
import { DropIcon } from "../../components/environment/parts.tsx";
import { NeedBadge, NeedLegend } from "../../components/water-need/NeedLegend.tsx";
import { WaterPointSwatch } from "./WaterPoints.tsx";
import type { BasemapStatus } from "../../components/environment/map-core.tsx";
import type { OverlayId } from "../../components/environment/map-prefs.ts";
import type { Basemap, BasemapId } from "../../components/environment/map-styles.ts";
import type { OverlayStatus, OverlayStatuses } from "./map-data.ts";

export interface LayerPanelProps {
  basemaps: readonly Basemap[];
  basemap: BasemapId;
  basemapStatus: BasemapStatus;
  onBasemap(id: BasemapId): void;
  overlays: Record<OverlayId, boolean>;
  onOverlay(id: OverlayId, on: boolean): void;
  statuses: OverlayStatuses;
  soilLegend: { classNumber: number | null; name: string; colour: string }[];
  thingsLabel: string;
  signedIn: boolean;
  onClose?: () => void;
}

function statusText(status: OverlayStatus, on: boolean, noun: [string, string]): string {
  if (!on) return "Hidden";
  if (status.error) return status.error;
  if (status.loading && status.count === null) return "Loading…";
  if (status.count === null) return "";
  return `${status.count} ${status.count === 1 ? noun[0] : noun[1]} in view`;
}

function OverlayRow({
  id,
  label,
  description,
  on,
  status,
  noun,
  onToggle,
  swatch,
  children,
}: {
  id: OverlayId;
  label: string;
  description: string;
  on: boolean;
  status: OverlayStatus;
  noun: [string, string];
  onToggle(id: OverlayId, on: boolean): void;
  swatch: ReactNode;
  children?: ReactNode;
}) {
  const inputId = useId();
  const text = statusText(status, on, noun);
  return (
    <li className={`map-overlay${on ? " map-overlay-on" : ""}`} data-overlay={id}>
      <div className="map-overlay-row">
        <input
          id={inputId}
          type="checkbox"
          checked={on}
          onChange={(e) => onToggle(id, e.target.checked)}
          aria-describedby={`${inputId}-status`}
        />
        <label htmlFor={inputId} className="map-overlay-label">
          <span className="map-swatch" aria-hidden="true">
            {swatch}
          </span>
          <span>
            <span className="map-overlay-name">{label}</span>
            <span className="map-overlay-description">{description}</span>
          </span>
        </label>
      </div>
      <p
        id={`${inputId}-status`}
        className={`map-overlay-status${status.error && on ? (status.unavailable ? " map-overlay-unavailable" : " map-overlay-error") : ""}`}
      >
        {text}
        {on && status.note ? <span className={status.stale ? "map-overlay-stale" : undefined}> · {status.note}</span> : null}
      </p>
      {on && children ? <div className="map-overlay-legend">{children}</div> : null}
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
  thingsLabel,
  signedIn,
  onClose,
}: LayerPanelProps) {
  const name = useId();
  const active = basemaps.find((b) => b.id === basemap) ?? basemaps[0];
  const showing =
    basemapStatus === "unavailable"
      ? `${active.label} could not be loaded: showing the built-in plain map.`
      : basemapStatus === "loading"
        ? `Loading ${active.label.toLowerCase()}…`
        : `Showing ${active.label.toLowerCase()}.`;
  return (
    <div className="map-panel-inner">
      <div className="map-panel-head">
        <h2 className="map-panel-title">Map layers</h2>
        {onClose ? (
          <button type="button" className="map-panel-close" onClick={onClose} aria-label="Close the layer list">
            ×
          </button>
        ) : null}
      </div>

      <fieldset className="map-fieldset">
        <legend>Basemap</legend>
        <ul className="map-basemaps">
          {basemaps.map((b) => (
            <li key={b.id}>
              <label className={`map-basemap${b.id === basemap ? " map-basemap-active" : ""}`}>
                <input type="radio" name={name} value={b.id} checked={b.id === basemap} onChange={() => onBasemap(b.id)} />
                <span className="map-basemap-text">
                  <span className="map-basemap-name">{b.label}</span>
                  <span className="map-basemap-description">{b.description}</span>
                </span>
                {b.id === basemap && basemapStatus === "unavailable" ? (
                  <span className="map-badge map-badge-warning">Offline</span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
        <p className={`map-basemap-status${basemapStatus === "unavailable" ? " map-basemap-unavailable" : ""}`} role="status" data-basemap-status={basemapStatus}>
          {showing}
        </p>
      </fieldset>

      <fieldset className="map-fieldset">
        <legend>On the map</legend>
        <ul className="map-overlays">
          <OverlayRow
            id="things"
            label={thingsLabel}
            description={signedIn ? `Public ${thingsLabel.toLowerCase()} and yours` : `Public ${thingsLabel.toLowerCase()}`}
            on={overlays.things}
            status={statuses.things}
            noun={["shown", "shown"]}
            onToggle={onOverlay}
            swatch={<NeedBadge need="NEEDS_WATER" size={16} />}
          >
            <NeedLegend className="map-need-legend" />
          </OverlayRow>
          <OverlayRow
            id="waterPoints"
            label="Water points"
            description="Public pumps and taps to fill a can"
            on={overlays.waterPoints}
            status={statuses.waterPoints}
            noun={["point", "points"]}
            onToggle={onOverlay}
            swatch={<WaterPointSwatch />}
          />
          <OverlayRow
            id="stations"
            label="Rainfall stations"
            description="Environment Agency rain gauges"
            on={overlays.stations}
            status={statuses.stations}
            noun={["station", "stations"]}
            onToggle={onOverlay}
            swatch={
              <span className="map-swatch-station">
                <DropIcon size={12} colour="#fff" />
              </span>
            }
          />
          <OverlayRow
            id="soilscapes"
            label="Soilscapes"
            description="Soil types, by class"
            on={overlays.soilscapes}
            status={statuses.soilscapes}
            noun={["area", "areas"]}
            onToggle={onOverlay}
            swatch={<span className="map-swatch-soil" />}
          >
            {soilLegend.length > 0 ? (
              <ul className="map-legend map-legend-soil" aria-label="Soilscape classes in view">
                {soilLegend.map((c) => (
                  <li key={`${c.classNumber}-${c.name}`}>
                    <span className="map-legend-box" style={{ background: c.colour }} aria-hidden="true" />
                    {c.classNumber !== null ? <span className="map-legend-class">{c.classNumber}</span> : null}
                    {c.name}
                  </li>
                ))}
              </ul>
            ) : null}
          </OverlayRow>
          <OverlayRow
            id="bLines"
            label="B-Lines"
            description="Pollinator corridors"
            on={overlays.bLines}
            status={statuses.bLines}
            noun={["corridor", "corridors"]}
            onToggle={onOverlay}
            swatch={<span className="map-swatch-bline" />}
          />
        </ul>
      </fieldset>
    </div>
  );
}

// /devices/{id}: the device's dashboard. Latest values with units, when it last reported, its
// indicator colour and what the colour means, the thing it is fitted to, readings over time as
// charts, and for a The Things Uno the pump switch (owners and admins). When the device is fitted
// to a thing the page follows thingUpdated(thing id) and refetches the device and its readings on
// every event, so new readings appear without a reload.
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { useSubscription } from "urql";
import { term } from "../../../../shared/branding.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { ListError } from "../../components/list/index.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { paths } from "../../routes/paths.ts";
import { DeviceCharts } from "./DeviceCharts.tsx";
import { DeviceHeader, DeviceNotFound } from "./DeviceParts.tsx";
import { DeviceThingUpdatedDocument as DeviceThingUpdated } from "./DeviceThingUpdated.generated.ts";
import {
  INDICATOR_LABELS,
  METRICS,
  colourMeaning,
  errorText,
  formatDate,
  formatDateTime,
  formatValue,
  hydrationLevels,
  indicatorScale,
  isIndicatorParameter,
  isLowBattery,
  isSilent,
  modelInfo,
  normaliseColour,
  phWord,
  timeAgo,
  type MetricKey,
} from "./device-meta.ts";
import { ColourDot } from "./icons.tsx";
import { PumpControl } from "./PumpControl.tsx";
import { HistoryPanel } from "../moderation/HistoryPanel.tsx";
import { useDevice, type DeviceRecord } from "./use-device.ts";
import "./devices.css";

/** Re-renders every minute so "3 minutes ago" stays true. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export default function DevicePage() {
  const { id = "" } = useParams();
  const state = useDevice(id);
  const device = state.device;
  const thingId = device?.thingId ?? null;

  // Live updates through the linked thing: count events; each one refetches.
  const [live] = useSubscription(
    { query: DeviceThingUpdated, variables: { id: thingId ?? "" }, pause: !thingId },
    (count: number = 0) => count + 1,
  );
  const liveCount = thingId ? (live.data ?? 0) : 0;
  const { refetch } = state;
  useEffect(() => {
    if (liveCount > 0) refetch();
    // refetch changes identity every render; the count is what matters.
  }, [liveCount]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state.notFound) return <DeviceNotFound />;
  if (!device) {
    if (state.error) {
      return (
        <section className="page" aria-labelledby="page-title">
          <h1 id="page-title">Device</h1>
          <ListError message={errorText(state.error, "Could not load the device")} onRetry={state.refetch} />
        </section>
      );
    }
    return <Loading label="Loading the device…" />;
  }

  const canEdit = !!device.canEdit;
  const info = modelInfo(device.model);
  return (
    <section className="page dev-page" aria-labelledby="page-title">
      <DeviceHeader
        device={device}
        actions={
          canEdit ? (
            <>
              <Link className="button button-secondary" to={paths.deviceEdit(device.id)}>
                Edit
              </Link>
              <Link className="button button-secondary" to={paths.deviceSettings(device.id)}>
                Sharing and settings
              </Link>
            </>
          ) : null
        }
      />

      <div className="dev-dashboard">
        {info.pump ? (
          <PumpControl deviceId={device.id} ledState={device.ledState} canEdit={canEdit} />
        ) : (
          <IndicatorCard device={device} />
        )}
        <LatestValues device={device} live={!!thingId && !live.error} />
      </div>

      {info.pump ? null : (
        <DeviceCharts
          deviceId={device.id}
          model={device.model}
          hydrationLevels={device.hydrationLevels}
          lastReport={device.lastSensorData}
          liveCount={liveCount}
        />
      )}

      <div className="dev-dashboard">
        <ThingCard device={device} canEdit={canEdit} />
        <DetailsCard device={device} />
      </div>

      <HistoryPanel targetType="device" targetId={device.id} noun="device" onRestored={state.refetch} />
    </section>
  );
}

function IndicatorCard({ device }: { device: DeviceRecord }) {
  const parameter = isIndicatorParameter(device.indicatorParameter) ? device.indicatorParameter : "WATER";
  const colour = normaliseColour(device.indicatorColour);
  const meaning = colourMeaning(parameter, colour, device);
  const scale = indicatorScale(parameter, hydrationLevels(device.hydrationLevels));
  return (
    <section className="card dev-indicator" aria-labelledby="indicator-title">
      <h2 id="indicator-title">Indicator</h2>
      <div className={`dev-indicator-now dev-indicator-${colour}`}>
        <ColourDot colour={colour} size={28} />
        <div>
          <p className="dev-indicator-meaning">{meaning}</p>
          <p className="muted dev-indicator-of">
            {colour === "grey"
              ? device.lastSensorData
                ? "No reading for more than 48 hours."
                : "No readings yet."
              : `Based on ${INDICATOR_LABELS[parameter].toLowerCase()}.`}
          </p>
        </div>
      </div>
      {parameter === "PH" && typeof device.ph === "number" ? <PhScale ph={device.ph} /> : null}
      <details className="dev-scale">
        <summary>What the colours mean</summary>
        <ul className="dev-scale-list">
          {scale.map((step, index) => (
            <li key={index} className={step.colour === colour && step.label === meaning ? "dev-scale-current" : undefined}>
              <ColourDot colour={step.colour} />
              <span className="dev-scale-label">{step.label}</span>
              <span className="muted dev-scale-range">{step.range}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** pH 0-14 from acidic through neutral 7 to alkaline, with the latest value marked. */
function PhScale({ ph }: { ph: number }) {
  const position = Math.min(100, Math.max(0, (ph / 14) * 100));
  return (
    <div className="dev-ph-scale">
      <div
        className="dev-ph-bar"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={14}
        aria-valuenow={ph}
        aria-valuetext={`pH ${formatValue("ph", ph)}, ${phWord(ph)}`}
        aria-label="pH scale"
      >
        <span className="dev-ph-marker" style={{ left: `${position}%` }} />
      </div>
      <div className="dev-ph-labels" aria-hidden="true">
        <span>0 acidic</span>
        <span>7 neutral</span>
        <span>14 alkaline</span>
      </div>
    </div>
  );
}

function LatestValues({ device, live }: { device: DeviceRecord; live: boolean }) {
  const now = useMinuteClock();
  const info = modelInfo(device.model);
  const silent = isSilent(device.lastSensorData, now);
  const metrics: MetricKey[] = [...info.metrics];
  // Values a model does not usually send, if it sent them anyway.
  // A device record has no rainfall (it is in readings only): it reads as no value.
  const latest = device as Partial<Record<MetricKey, number | null>>;
  for (const key of Object.keys(METRICS) as MetricKey[]) {
    if (!metrics.includes(key) && typeof latest[key] === "number") metrics.push(key);
  }
  return (
    <section className="card dev-latest" aria-labelledby="latest-title">
      <div className="dev-latest-head">
        <h2 id="latest-title">Latest values</h2>
        {live ? (
          <span className="dev-live" title="New readings appear here as they arrive">
            <span className="dev-live-dot" aria-hidden="true" /> Live
          </span>
        ) : null}
      </div>
      <p className={silent ? "dev-last-report dev-silent" : "dev-last-report"}>
        {device.lastSensorData ? (
          <>
            Last report{" "}
            <time dateTime={device.lastSensorData} title={formatDateTime(device.lastSensorData)}>
              {timeAgo(device.lastSensorData, now)}
            </time>
            <span className="muted"> · {formatDateTime(device.lastSensorData)}</span>
          </>
        ) : (
          "No reports yet."
        )}
      </p>
      {silent ? (
        <p className="dev-warning" role="note">
          Silent for more than 24 hours: check the battery and that a gateway is in range.
        </p>
      ) : null}
      {device.lastSensorData || metrics.some((key) => typeof latest[key] === "number") ? (
        <dl className="dev-values">
          {metrics.map((key) => {
            const value = latest[key];
            const low = key === "battery" && isLowBattery(value);
            return (
              <div key={key} className={`dev-value${low ? " dev-low" : ""}`} data-metric={key}>
                <dt>{METRICS[key].label}</dt>
                <dd>
                  {formatValue(key, value)}
                  {key === "ph" && typeof value === "number" ? <span className="dev-value-note"> {phWord(value)}</span> : null}
                  {low ? <span className="dev-value-note"> low</span> : null}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p className="muted dev-no-values">
          {info.pump
            ? "Signal strength shows here once the controller sends an uplink."
            : "Readings show here after the device’s first uplink through The Things Stack."}
        </p>
      )}
    </section>
  );
}

function ThingCard({ device, canEdit }: { device: DeviceRecord; canEdit: boolean }) {
  const b = useBranding();
  const thing = device.thingByThingId;
  const word = term(b, "thing");
  return (
    <section className="card dev-thing" aria-labelledby="thing-title">
      <h2 id="thing-title">Fitted to</h2>
      {thing ? (
        <div className="dev-thing-row">
          <Avatar type="thing" id={thing.id} name={thing.name} hasImage={thing.hasImage} size={48} shape="square" />
          <div>
            <Link to={paths.thing(thing.id)} className="dev-thing-name">
              {thing.name}
            </Link>
            <p className="muted dev-thing-note">
              <ColourDot colour={thing.indicatorColour} /> The {word}’s readings and indicator come from its devices.
            </p>
          </div>
        </div>
      ) : device.thingId ? (
        <p className="muted">A {word} you cannot see.</p>
      ) : (
        <>
          <p className="muted">
            Not fitted to a {word} yet. Fit it to one to show its readings there and to follow new readings live here.
          </p>
          {canEdit ? (
            <Link className="button button-secondary" to={paths.deviceEdit(device.id)}>
              Choose a {word}
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}

function DetailsCard({ device }: { device: DeviceRecord }) {
  const pump = modelInfo(device.model).pump;
  const parameter = isIndicatorParameter(device.indicatorParameter) ? INDICATOR_LABELS[device.indicatorParameter] : device.indicatorParameter;
  return (
    <section className="card dev-details" aria-labelledby="details-title">
      <h2 id="details-title">Details</h2>
      <dl className="details">
        <dt>Model</dt>
        <dd>{modelInfo(device.model).label}</dd>
        <dt>Device id</dt>
        <dd>
          <code>{device.deviceId}</code>
        </dd>
        {pump ? null : (
          <>
            <dt>Indicator</dt>
            <dd>{parameter}</dd>
          </>
        )}
        <dt>Location</dt>
        <dd>
          {device.location.x.toFixed(5)}, {device.location.y.toFixed(5)}
        </dd>
        <dt>Visibility</dt>
        <dd>{device.isPublic ? "Public: anyone can see it and its readings" : "Private: only people it is shared with"}</dd>
        <dt>Registered</dt>
        <dd>{formatDate(device.createdAt)}</dd>
      </dl>
    </section>
  );
}

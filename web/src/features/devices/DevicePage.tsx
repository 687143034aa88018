// /devices/{id}: the device's dashboard. Latest values with units, when it last reported, its
// indicator colour and what the colour means, the thing it is fitted to, readings over time as
// charts, and for a The Things Uno the pump switch (owners and admins). When the device is fitted
// to a thing the page follows thingUpdated(thing id) and refetches the device and its readings on
// every event, so new readings appear without a reload.
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { useSubscription } from "urql";
import { Avatar } from "../../components/Avatar.tsx";
import { ListError } from "../../components/list/index.ts";
import { Loading } from "../../components/Loading.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useDevicesT } from "./texts.ts";
import { paths } from "../../routes/paths.ts";
import { DeviceCharts } from "./DeviceCharts.tsx";
import { DeviceHeader, DeviceNotFound } from "./DeviceParts.tsx";
import { DeviceThingUpdatedDocument as DeviceThingUpdated } from "./DeviceThingUpdated.generated.ts";
import {
  METRICS,
  colourMeaning,
  errorText,
  formatDate,
  formatDateTime,
  formatValue,
  hydrationLevels,
  indicatorLabel,
  indicatorScale,
  isIndicatorParameter,
  isLowBattery,
  isSilent,
  metricLabel,
  modelInfo,
  normaliseColour,
  phWord,
  timeAgo,
  type IndicatorColour,
  type MetricKey,
} from "./device-meta.ts";
import { ColourDot } from "./icons.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { PumpControl } from "./PumpControl.tsx";
import { HistoryPanel } from "../moderation/HistoryPanel.tsx";
import { useDevice, type DeviceRecord } from "./use-device.ts";
import styles from "./devices.module.css";

/** Re-renders every minute so "3 minutes ago" stays true. */
/** The indicator band's colours by the device's indicator colour (grey is the band's own). */
const INDICATOR_CLASS: Record<IndicatorColour, string> = {
  blue: `${styles.indicatorNow} ${styles.indicatorBlue}`,
  green: `${styles.indicatorNow} ${styles.indicatorGreen}`,
  orange: `${styles.indicatorNow} ${styles.indicatorOrange}`,
  red: `${styles.indicatorNow} ${styles.indicatorRed}`,
  grey: styles.indicatorNow,
};

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
  const t = useDevicesT();
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetches when a live reading arrives (liveCount), not when refetch's identity changes
  useEffect(() => {
    if (liveCount > 0) refetch();
    // refetch changes identity every render; the count is what matters.
  }, [liveCount]);

  if (state.notFound) return <DeviceNotFound />;
  if (!device) {
    if (state.error) {
      return (
        <section className="page" aria-labelledby="page-title">
          <h1 id="page-title">{t("devices.device")}</h1>
          <ListError message={errorText(state.error, t("devices.loadDeviceFailed"))} onRetry={state.refetch} />
        </section>
      );
    }
    return <Loading label={t("devices.loadingDevice")} />;
  }

  const canEdit = !!device.canEdit;
  const info = modelInfo(device.model);
  return (
    <section className={`page ${styles.page}`} aria-labelledby="page-title">
      <DeviceHeader
        device={device}
        actions={
          canEdit ? (
            <>
              <Link className="button button-secondary" to={paths.deviceEdit(device.id)}>
                {t("devices.edit")}
              </Link>
              <Link className="button button-secondary" to={paths.deviceSettings(device.id)}>
                {t("devices.sharingAndSettings")}
              </Link>
            </>
          ) : null
        }
      />

      <div className={styles.dashboard}>
        {info.pump ? <PumpControl deviceId={device.id} ledState={device.ledState} canEdit={canEdit} /> : <IndicatorCard device={device} />}
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

      <div className={styles.dashboard}>
        <ThingCard device={device} canEdit={canEdit} />
        <DetailsCard device={device} />
      </div>

      <HistoryPanel targetType="device" targetId={device.id} onRestored={state.refetch} />
    </section>
  );
}

function IndicatorCard({ device }: { device: DeviceRecord }) {
  const t = useDevicesT();
  const parameter = isIndicatorParameter(device.indicatorParameter) ? device.indicatorParameter : "WATER";
  const colour = normaliseColour(device.indicatorColour);
  const meaning = colourMeaning(parameter, colour, device, t);
  const scale = indicatorScale(parameter, hydrationLevels(device.hydrationLevels), t);
  return (
    <section className="card" aria-labelledby="indicator-title">
      <h2 id="indicator-title">{t("devices.indicatorTitle")}</h2>
      <div className={INDICATOR_CLASS[colour]}>
        <ColourDot colour={colour} size={28} />
        <div>
          <p className={styles.indicatorMeaning}>{meaning}</p>
          <p className={`muted ${styles.indicatorOf}`}>
            {colour === "grey"
              ? t(device.lastSensorData ? "devices.noReading48h" : "devices.noReadingsYet")
              : t("devices.basedOn", { parameter })}
          </p>
        </div>
      </div>
      {parameter === "PH" && typeof device.ph === "number" ? <PhScale ph={device.ph} /> : null}
      <details className={styles.scale}>
        <summary>{t("devices.whatColoursMean")}</summary>
        <ul className={styles.scaleList}>
          {scale.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed scale, drawn in its own order, never reordered
            <li key={index} className={step.colour === colour && step.label === meaning ? styles.scaleCurrent : undefined}>
              <ColourDot colour={step.colour} />
              <span>{step.label}</span>
              <span className={`muted ${styles.scaleRange}`}>{step.range}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** pH 0-14 from acidic through neutral 7 to alkaline, with the latest value marked. */
function PhScale({ ph }: { ph: number }) {
  const t = useDevicesT();
  const position = Math.min(100, Math.max(0, (ph / 14) * 100));
  return (
    <div className={styles.phScale}>
      <div
        className={styles.phBar}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={14}
        aria-valuenow={ph}
        aria-valuetext={t("devices.phScaleValue", { value: formatValue("ph", ph), word: phWord(ph, t) })}
        aria-label={t("devices.phScale")}
      >
        <span className={styles.phMarker} style={{ left: `${position}%` }} />
      </div>
      <div className={styles.phLabels} aria-hidden="true">
        <span>{t("devices.phScale.acidic")}</span>
        <span>{t("devices.phScale.neutral")}</span>
        <span>{t("devices.phScale.alkaline")}</span>
      </div>
    </div>
  );
}

function LatestValues({ device, live }: { device: DeviceRecord; live: boolean }) {
  const t = useDevicesT();
  const now = useMinuteClock();
  const info = modelInfo(device.model, t);
  const silent = isSilent(device.lastSensorData, now);
  const metrics: MetricKey[] = [...info.metrics];
  // Values a model does not usually send, if it sent them anyway.
  // A device record has no rainfall (it is in readings only): it reads as no value.
  const latest = device as Partial<Record<MetricKey, number | null>>;
  for (const key of Object.keys(METRICS) as MetricKey[]) {
    if (!metrics.includes(key) && typeof latest[key] === "number") metrics.push(key);
  }
  return (
    <section className="card" aria-labelledby="latest-title">
      <div className={styles.latestHead}>
        <h2 id="latest-title">{t("devices.latestValues")}</h2>
        {live ? (
          <span className={styles.live} title={t("devices.liveTitle")}>
            <span className={styles.liveDot} aria-hidden="true" /> {t("devices.live")}
          </span>
        ) : null}
      </div>
      <p className={silent ? `${styles.lastReport} ${styles.silent}` : styles.lastReport}>
        {device.lastSensorData ? (
          <>
            {richText(t, "devices.lastReport", {
              time: (
                <time dateTime={device.lastSensorData} title={formatDateTime(device.lastSensorData)}>
                  {timeAgo(device.lastSensorData, now)}
                </time>
              ),
            })}
            <span className="muted"> · {formatDateTime(device.lastSensorData)}</span>
          </>
        ) : (
          t("devices.noReportsYet")
        )}
      </p>
      {silent ? (
        <p className={styles.warning} role="note">
          {t("devices.silentWarning")}
        </p>
      ) : null}
      {device.lastSensorData || metrics.some((key) => typeof latest[key] === "number") ? (
        <dl className={styles.values}>
          {metrics.map((key) => {
            const value = latest[key];
            const low = key === "battery" && isLowBattery(value);
            return (
              <div key={key} className={low ? `${styles.value} ${styles.low}` : styles.value} data-metric={key}>
                <dt>{metricLabel(key, t)}</dt>
                <dd>
                  {formatValue(key, value)}
                  {key === "ph" && typeof value === "number" ? <span className={styles.valueNote}> {phWord(value, t)}</span> : null}
                  {low ? <span className={styles.valueNote}> {t("devices.low")}</span> : null}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p className={`muted ${styles.noValues}`}>{t(info.pump ? "devices.noValuesPump" : "devices.noValuesSensor")}</p>
      )}
    </section>
  );
}

function ThingCard({ device, canEdit }: { device: DeviceRecord; canEdit: boolean }) {
  const b = useBranding();
  const t = useDevicesT();
  const brand = { brand: b.key };
  const thing = device.thingByThingId;
  return (
    <section className="card" aria-labelledby="thing-title">
      <h2 id="thing-title">{t("devices.fittedTo")}</h2>
      {thing ? (
        <div className={styles.thingRow}>
          <Avatar type="thing" id={thing.id} name={thing.name} hasImage={thing.hasImage} size={48} shape="square" />
          <div>
            <Link to={paths.thing(thing.id)} className={styles.thingName}>
              {thing.name}
            </Link>
            <p className={`muted ${styles.thingNote}`}>
              <ColourDot colour={thing.indicatorColour} /> {t("devices.thingNote", brand)}
            </p>
          </div>
        </div>
      ) : device.thingId ? (
        <p className="muted">{t("devices.hiddenThing", brand)}</p>
      ) : (
        <>
          <p className="muted">{t("devices.notFitted", brand)}</p>
          {canEdit ? (
            <Link className="button button-secondary" to={paths.deviceEdit(device.id)}>
              {t("devices.chooseThing", brand)}
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}

function DetailsCard({ device }: { device: DeviceRecord }) {
  const t = useDevicesT();
  const info = modelInfo(device.model, t);
  const parameter = isIndicatorParameter(device.indicatorParameter)
    ? indicatorLabel(device.indicatorParameter, t)
    : device.indicatorParameter;
  return (
    <section className={`card ${styles.details}`} aria-labelledby="details-title">
      <h2 id="details-title">{t("devices.details")}</h2>
      <dl className="details">
        <dt>{t("devices.detail.model")}</dt>
        <dd>{info.label}</dd>
        <dt>{t("devices.detail.deviceId")}</dt>
        <dd>
          <code>{device.deviceId}</code>
        </dd>
        {info.pump ? null : (
          <>
            <dt>{t("devices.detail.indicator")}</dt>
            <dd>{parameter}</dd>
          </>
        )}
        <dt>{t("devices.detail.location")}</dt>
        <dd>
          {device.location.x.toFixed(5)}, {device.location.y.toFixed(5)}
        </dd>
        <dt>{t("devices.detail.visibility")}</dt>
        <dd>{t(device.isPublic ? "devices.detail.public" : "devices.detail.private")}</dd>
        <dt>{t("devices.detail.registered")}</dt>
        <dd>
          <time dateTime={device.createdAt}>{formatDate(device.createdAt)}</time>
        </dd>
      </dl>
    </section>
  );
}

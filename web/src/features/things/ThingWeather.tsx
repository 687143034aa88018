// The weather tab: what the thing itself knows now (its soil temperature and water readings), the
// forecast for its place with a "water or wait?" hint, and the rain at the nearest gauges.
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { TimeAgo } from "./ThingBits.tsx";
import { formatReading } from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";
import { RainfallPanel, WeatherPanel } from "../../components/environment/index.ts";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

export function ThingWeather({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { x: latitude, y: longitude } = thing.location;
  return (
    <div className={styles.twoColumns}>
      <section className="card" aria-labelledby="conditions-title">
        <h2 id="conditions-title">{t("things.weather.conditions", brand)}</h2>
        {thing.lastSensorData ? (
          <>
            <dl className="details">
              <dt>{t("things.readings.soilTemperature")}</dt>
              <dd>{formatReading(thing.temperature, { unit: "°C", digits: 1 })}</dd>
              <dt>{t("things.settingsPage.soilWater")}</dt>
              <dd>{formatReading(thing.water, { unit: "%", digits: 0 })}</dd>
            </dl>
            <p className="muted small">{richText(t, "things.weather.measured", { time: <TimeAgo value={thing.lastSensorData} /> }, {})}</p>
          </>
        ) : (
          <p className="muted">{t("things.weather.noReadings", brand)}</p>
        )}
      </section>
      <WeatherPanel latitude={latitude} longitude={longitude} thingId={thing.id} headingLevel={2} />
      <RainfallPanel latitude={latitude} longitude={longitude} thingId={thing.id} headingLevel={2} />
    </div>
  );
}

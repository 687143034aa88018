// The weather tab: what the thing itself knows now (its soil temperature and water readings), the
// forecast for its place with a "water or wait?" hint, and the rain at the nearest gauges.
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { TimeAgo } from "./ThingBits.tsx";
import { formatReading } from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";
import { RainfallPanel, WeatherPanel } from "../../components/environment/index.ts";

export function ThingWeather({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const { x: latitude, y: longitude } = thing.location;
  return (
    <div className="two-columns">
      <section className="card" aria-labelledby="conditions-title">
        <h2 id="conditions-title">Conditions at the {term(b, "thing")}</h2>
        {thing.lastSensorData ? (
          <>
            <dl className="details">
              <dt>Soil temperature</dt>
              <dd>{formatReading(thing.temperature, { unit: "°C", digits: 1 })}</dd>
              <dt>Soil water</dt>
              <dd>{formatReading(thing.water, { unit: "%", digits: 0 })}</dd>
            </dl>
            <p className="muted small">
              Measured <TimeAgo value={thing.lastSensorData} /> by its sensor.
            </p>
          </>
        ) : (
          <p className="muted">No sensor readings from this {term(b, "thing")} yet.</p>
        )}
      </section>
      <WeatherPanel latitude={latitude} longitude={longitude} thingId={thing.id} headingLevel={2} />
      <RainfallPanel latitude={latitude} longitude={longitude} thingId={thing.id} headingLevel={2} />
    </div>
  );
}

// The weather tab: what the thing itself knows now (its soil temperature and water readings) and
// links to a forecast for its place. In-app forecasts and nearby rainfall come with the weather
// and rainfall features.
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { TimeAgo } from "./ThingBits.tsx";
import { formatReading } from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";

export function ThingWeather({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const { x: latitude, y: longitude } = thing.location;
  const lat = latitude.toFixed(4);
  const lon = longitude.toFixed(4);
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
      <section className="card" aria-labelledby="forecast-title">
        <h2 id="forecast-title">Forecast</h2>
        <p>See the forecast for this place:</p>
        <ul className="map-links">
          <li>
            <a href={`https://www.yr.no/en/forecast/daily-table/${lat},${lon}`} target="_blank" rel="noreferrer">
              yr.no forecast for {lat}, {lon}
            </a>
          </li>
          <li>
            <a href={`https://www.metoffice.gov.uk/weather/forecast/map?lat=${lat}&lon=${lon}`} target="_blank" rel="noreferrer">
              Met Office forecast map
            </a>
          </li>
        </ul>
        <p className="muted small">
          Forecasts and rainfall from nearby stations will show here once the weather and rainfall features are built.
        </p>
      </section>
    </div>
  );
}

// The weather at a place (Open-Meteo through the API's cache): "water or wait?", the next 48 hours
// (temperature, rain and its chance) and the next 7 days (lowest/highest temperature, rain).
//
//   <WeatherPanel latitude={thing.location.x} longitude={thing.location.y} />
import { lazy, Suspense, useId, useMemo, useState } from "react";
import { useQuery } from "urql";
import { formatDayMonth, formatHour, formatWeekday } from "../../lib/dates.ts";
import {
  formatMm,
  formatNumber,
  formatTemperature,
  isFiniteNumber,
  parseTime,
  upcomingHours,
  weatherHint,
} from "./env-format.ts";
import { Attribution, errorText, Panel, PanelError, PanelLoading, StaleNotice } from "./parts.tsx";
import { EnvWeatherForecastDocument as EnvWeatherForecast } from "./EnvWeatherForecast.generated.ts";
import "./environment.css";

const ForecastChart = lazy(() => import("./ForecastChart.tsx"));

export interface WeatherPanelProps {
  latitude: number;
  longitude: number;
  /** The thing the panel is about (kept for links and future per-thing advice). */
  thingId?: string;
  /** The panel's heading (default "Weather"). */
  title?: string;
  headingLevel?: 2 | 3;
  /** Hours in the chart (default 48). */
  hours?: number;
}

/** ["Mon", "Mar 4"] from a local YYYY-MM-DD date (no time-zone shift); "Today" for today. */
function dayLabel(date: string, today: string): [string, string] {
  const [y, m, d] = date.split("-").map(Number);
  // Midday UTC of that date is the same date in any zone the app shows times in.
  const noon = Date.UTC(y, (m ?? 1) - 1, d ?? 1, 12);
  return [date === today ? "Today" : formatWeekday(noon), formatDayMonth(noon)];
}

/** "12°" for the day cards (the unit is in the hidden text). */
function degrees(value: number | null): string {
  return isFiniteNumber(value) ? `${formatNumber(value, 0)}°` : "–";
}

function localDate(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export function WeatherPanel({ latitude, longitude, title = "Weather", headingLevel = 2, hours = 48 }: WeatherPanelProps) {
  const valid = isFiniteNumber(latitude) && isFiniteNumber(longitude);
  const [result, reexecute] = useQuery({
    query: EnvWeatherForecast,
    variables: { latitude, longitude },
    pause: !valid,
  });
  const [now] = useState(() => Date.now());
  const forecast = result.data?.nearestWeatherForecasts ?? null;
  const id = useId();
  const Sub = headingLevel === 3 ? "h4" : "h3";

  const next = useMemo(() => (forecast ? upcomingHours(forecast.hourly, now, hours) : []), [forecast, now, hours]);
  const hint = useMemo(() => (forecast ? weatherHint(forecast.hourly, now) : null), [forecast, now]);
  const days = useMemo(() => {
    if (!forecast) return [];
    const today = localDate(now);
    return forecast.daily.filter((d) => d.date >= today).slice(0, 7);
  }, [forecast, now]);
  const chartHours = useMemo(
    () =>
      next.map((h) => ({
        t: parseTime(h.time) ?? 0,
        temperature: h.temperature,
        precipitation: h.precipitation,
        probability: h.precipitationProbability,
      })),
    [next],
  );

  let body;
  if (!valid) {
    body = <p className="muted">This place has no valid coordinates, so there is no forecast.</p>;
  } else if (result.fetching && !forecast) {
    body = <PanelLoading label="Loading the forecast…" />;
  } else if (result.error && !forecast) {
    body = <PanelError message={errorText(result.error)} onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
  } else if (!forecast) {
    body = <p className="muted">No forecast is available for this place.</p>;
  } else {
    const rain48 = next.reduce((s, h) => s + (h.precipitation ?? 0), 0);
    const temps = next.map((h) => h.temperature).filter(isFiniteNumber);
    const summary = temps.length
      ? `Next ${next.length} hours: ${formatMm(rain48)} of rain in all; temperature between ${formatTemperature(Math.min(...temps))} and ${formatTemperature(Math.max(...temps))}.`
      : `Next ${next.length} hours: ${formatMm(rain48)} of rain in all.`;
    body = (
      <>
        <StaleNotice meta={forecast} />
        {hint ? (
          <div className={`env-hint env-hint-${hint.kind}`}>
            <p className="env-hint-title">{hint.title}</p>
            <p>{hint.text}</p>
          </div>
        ) : null}
        <div className="env-subsection">
          <Sub className="env-subtitle">Next {hours} hours</Sub>
          {next.length === 0 ? (
            <p className="muted">The saved forecast does not reach the coming hours.</p>
          ) : (
            <>
              <div className="env-legend-row" aria-hidden="true">
                <span className="env-key env-key-rain" /> Rain (mm)
                <span className="env-key env-key-temp" /> Temperature (°C)
              </div>
              <div className="env-chart" role="img" aria-label={summary}>
                <Suspense fallback={<div className="env-chart-placeholder" />}>
                  <ForecastChart hours={chartHours} />
                </Suspense>
              </div>
              <details className="env-details">
                <summary>Hour by hour</summary>
                <div className="env-table-wrap">
                  <table className="env-table">
                    <caption className="visually-hidden">Hourly forecast</caption>
                    <thead>
                      <tr>
                        <th scope="col">Time</th>
                        <th scope="col">Temperature</th>
                        <th scope="col">Rain</th>
                        <th scope="col">Chance of rain</th>
                      </tr>
                    </thead>
                    <tbody>
                      {next.map((h) => {
                        const t = parseTime(h.time) ?? 0;
                        return (
                          <tr key={h.time}>
                            <th scope="row">
                              {`${formatWeekday(t)} ${formatHour(t)}`}
                            </th>
                            <td>{formatTemperature(h.temperature, 1)}</td>
                            <td>{formatMm(h.precipitation)}</td>
                            <td>{isFiniteNumber(h.precipitationProbability) ? `${h.precipitationProbability}%` : "–"}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </details>
            </>
          )}
        </div>
        <div className="env-subsection">
          <Sub className="env-subtitle">Next 7 days</Sub>
          {days.length === 0 ? (
            <p className="muted">The saved forecast has no days ahead.</p>
          ) : (
            <ul className="env-days">
              {days.map((d) => (
                <li key={d.date} className="env-day">
                  <span className="env-day-name">
                    {dayLabel(d.date, localDate(now))[0]} <span className="env-day-date">{dayLabel(d.date, localDate(now))[1]}</span>
                  </span>
                  <span className="env-day-temp">
                    <span className="visually-hidden">Lowest {formatTemperature(d.temperatureMin)}, highest {formatTemperature(d.temperatureMax)}</span>
                    <span aria-hidden="true">
                      {degrees(d.temperatureMin)} / <strong>{degrees(d.temperatureMax)}</strong>
                    </span>
                  </span>
                  <span className={`env-day-rain${(d.precipitationSum ?? 0) >= 1 ? " env-day-wet" : ""}`}>
                    <span className="visually-hidden">Rain </span>
                    {formatMm(d.precipitationSum)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Attribution
          meta={forecast}
          extra={`forecast for ${formatNumber(forecast.latitude, 1)}, ${formatNumber(forecast.longitude, 1)}`}
        />
      </>
    );
  }

  return (
    <Panel id={id} title={title} headingLevel={headingLevel} className="env-weather">
      {body}
    </Panel>
  );
}

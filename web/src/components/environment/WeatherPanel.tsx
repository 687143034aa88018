// The weather at a place (Open-Meteo through the API's cache): "water or wait?", the next 48 hours
// (temperature, rain and its chance) and the next 7 days (lowest/highest temperature, rain).
//
//   <WeatherPanel latitude={thing.location.x} longitude={thing.location.y} />
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from "react";
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
  type WeatherHint,
} from "./env-format.ts";
import { Attribution, errorText, Panel, PanelError, PanelLoading, StaleNotice } from "./parts.tsx";
import { EnvWeatherForecastDocument as EnvWeatherForecast } from "./EnvWeatherForecast.generated.ts";
import styles from "./environment.module.css";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { environmentTexts } from "./texts.ts";

const ForecastChart = lazy(() => import("./ForecastChart.tsx"));

/** The hint's box by its kind: coloured for "wait" and "water", plain when the outlook is unknown. */
const HINT_CLASS: Record<WeatherHint["kind"], string> = {
  wait: `${styles.hint} ${styles.hintWait}`,
  water: `${styles.hint} ${styles.hintWater}`,
  unknown: styles.hint,
};

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
function dayLabel(date: string, today: string, todayWord: string): [string, string] {
  const [y, m, d] = date.split("-").map(Number);
  // Midday UTC of that date is the same date in any zone the app shows times in.
  const noon = Date.UTC(y, (m ?? 1) - 1, d ?? 1, 12);
  return [date === today ? todayWord : formatWeekday(noon), formatDayMonth(noon)];
}

/** "12°" for the day cards (the unit is in the hidden text). */
function degrees(value: number | null): string {
  return isFiniteNumber(value) ? `${formatNumber(value, 0)}°` : "–";
}

function localDate(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export function WeatherPanel({ latitude, longitude, title, headingLevel = 2, hours = 48 }: WeatherPanelProps) {
  const t = useT(environmentTexts);
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
  const hint = useMemo(() => (forecast ? weatherHint(forecast.hourly, now, t) : null), [forecast, now, t]);
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

  let body: ReactNode;
  if (!valid) {
    body = <p className="muted">{t("weather.noCoordinates")}</p>;
  } else if (result.fetching && !forecast) {
    body = <PanelLoading label={t("weather.loading")} />;
  } else if (result.error && !forecast) {
    body = <PanelError message={errorText(result.error)} onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
  } else if (!forecast) {
    body = <p className="muted">{t("weather.none")}</p>;
  } else {
    const rain48 = next.reduce((s, h) => s + (h.precipitation ?? 0), 0);
    const temps = next.map((h) => h.temperature).filter(isFiniteNumber);
    const summary = temps.length
      ? t("weather.summaryWithTemperature", {
          hours: next.length,
          rain: formatMm(rain48),
          low: formatTemperature(Math.min(...temps)),
          high: formatTemperature(Math.max(...temps)),
        })
      : t("weather.summary", { hours: next.length, rain: formatMm(rain48) });
    body = (
      <>
        <StaleNotice meta={forecast} />
        {hint ? (
          <div className={HINT_CLASS[hint.kind]}>
            <p className={styles.hintTitle}>{hint.title}</p>
            <p>{hint.text}</p>
          </div>
        ) : null}
        <div className={styles.subsection}>
          <Sub className={styles.subtitle}>{t("weather.nextHours", { hours })}</Sub>
          {next.length === 0 ? (
            <p className="muted">{t("weather.noComingHours")}</p>
          ) : (
            <>
              <div className={styles.legendRow} aria-hidden="true">
                <span className={`${styles.key} ${styles.keyRain}`} /> {t("weather.rainMm")}
                <span className={`${styles.key} ${styles.keyTemp}`} /> {t("weather.temperatureC")}
              </div>
              <div className={styles.chart} role="img" aria-label={summary}>
                <Suspense fallback={<div className={styles.chartPlaceholder} />}>
                  <ForecastChart hours={chartHours} />
                </Suspense>
              </div>
              <details className={styles.details}>
                <summary>{t("weather.hourByHour")}</summary>
                <div className={styles.tableWrap}>
                  <table className={`${styles.table} env-table`}>
                    <caption className="visually-hidden">{t("weather.hourlyCaption")}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t("weather.time")}</th>
                        <th scope="col">{t("weather.temperature")}</th>
                        <th scope="col">{t("weather.rain")}</th>
                        <th scope="col">{t("weather.chanceOfRain")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {next.map((h) => {
                        const at = parseTime(h.time) ?? 0;
                        return (
                          <tr key={h.time}>
                            <th scope="row">{`${formatWeekday(at)} ${formatHour(at)}`}</th>
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
        <div className={styles.subsection}>
          <Sub className={styles.subtitle}>{t("weather.next7Days")}</Sub>
          {days.length === 0 ? (
            <p className="muted">{t("weather.noDays")}</p>
          ) : (
            <ul className={styles.days}>
              {days.map((d) => (
                <li key={d.date} className={styles.day}>
                  <span className={styles.dayName}>
                    {dayLabel(d.date, localDate(now), t("weather.today"))[0]}{" "}
                    <span className={styles.dayDate}>{dayLabel(d.date, localDate(now), t("weather.today"))[1]}</span>
                  </span>
                  <span className={styles.dayTemp}>
                    <span className="visually-hidden">
                      {t("weather.lowHigh", { low: formatTemperature(d.temperatureMin), high: formatTemperature(d.temperatureMax) })}
                    </span>
                    <span aria-hidden="true">
                      {degrees(d.temperatureMin)} / <strong>{degrees(d.temperatureMax)}</strong>
                    </span>
                  </span>
                  <span className={(d.precipitationSum ?? 0) >= 1 ? `${styles.dayRain} ${styles.dayWet}` : styles.dayRain}>
                    <span className="visually-hidden">{t("weather.rainHidden")}</span>
                    {formatMm(d.precipitationSum)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Attribution
          meta={forecast}
          extra={t("weather.forecastFor", { latitude: formatNumber(forecast.latitude, 1), longitude: formatNumber(forecast.longitude, 1) })}
        />
      </>
    );
  }

  return (
    <Panel id={id} title={title ?? t("weather.title")} headingLevel={headingLevel}>
      {body}
    </Panel>
  );
}

// Settings of the environmental data sources (server/config.ts copies them into the server's
// config; the refresh_environment job reads them directly). Their kinds and defaults are in the
// one settings table, domain/config/settings.ts.
// EA_API_URL and OPEN_METEO_URL take "off": answers then come from the cache only.
import { readSettings } from "../config/read.ts";

export interface EnvironmentSettings {
  /** Root of the EA API without a trailing slash; "" when switched off (cache only). */
  eaApiUrl: string;
  /** Root of Open-Meteo without a trailing slash; "" when switched off (cache only). */
  openMeteoUrl: string;
  timeoutMs: number;
  rainfallCacheMinutes: number;
  weatherCacheMinutes: number;
}

/** The sources' settings, read through the settings schema (domain/config/settings.ts); throws on a wrong value. */
export function readEnvironmentSettings(env: NodeJS.ProcessEnv = process.env): EnvironmentSettings {
  const s = readSettings(env, [
    "EA_API_URL",
    "OPEN_METEO_URL",
    "ENVIRONMENT_TIMEOUT_MS",
    "RAINFALL_CACHE_MINUTES",
    "WEATHER_CACHE_MINUTES",
  ]);
  return {
    eaApiUrl: s.EA_API_URL,
    openMeteoUrl: s.OPEN_METEO_URL,
    timeoutMs: s.ENVIRONMENT_TIMEOUT_MS,
    rainfallCacheMinutes: s.RAINFALL_CACHE_MINUTES,
    weatherCacheMinutes: s.WEATHER_CACHE_MINUTES,
  };
}

export const RAINFALL_ATTRIBUTION = "this uses Environment Agency rainfall data from the real-time data API (Beta)";
export const RAINFALL_LICENCE = "Open Government Licence v3.0";
export const WEATHER_ATTRIBUTION = "Weather data by Open-Meteo.com (CC BY 4.0)";
export const SOILSCAPES_ATTRIBUTION = "Soilscapes © Cranfield University (LandIS), used under licence";
export const SOILSCAPES_SAMPLE_ATTRIBUTION =
  "Illustrative sample for the Reading demo area, not survey data; class descriptions after Cranfield University's Soilscapes (LandIS)";
export const BLINES_ATTRIBUTION =
  "B-Lines © Buglife; contains Natural England data © Natural England and OS data © Crown copyright and database right";
export const BLINES_SAMPLE_ATTRIBUTION = "Illustrative sample corridors for the Reading demo area, not Buglife's mapped B-Lines";

// Settings of the environmental data sources, read from the environment (server/config.ts copies
// them into the server's config; the refresh_environment job reads them directly).
//
//   EA_API_URL                 Environment Agency flood-monitoring API root
//                              (default https://environment.data.gov.uk/flood-monitoring; "off": cache only)
//   OPEN_METEO_URL             Open-Meteo root (default https://api.open-meteo.com; "off": cache only)
//   ENVIRONMENT_TIMEOUT_MS     timeout of one request to either source (default 10000)
//   RAINFALL_CACHE_MINUTES     how long a rainfall answer is reused before asking the EA again (default 15)
//   WEATHER_CACHE_MINUTES      how long a forecast is reused before asking Open-Meteo again (default 60)

export const DEFAULT_EA_API_URL = "https://environment.data.gov.uk/flood-monitoring";
export const DEFAULT_OPEN_METEO_URL = "https://api.open-meteo.com";

export interface EnvironmentSettings {
  /** Root of the EA API without a trailing slash; "" when switched off (cache only). */
  eaApiUrl: string;
  /** Root of Open-Meteo without a trailing slash; "" when switched off (cache only). */
  openMeteoUrl: string;
  timeoutMs: number;
  rainfallCacheMinutes: number;
  weatherCacheMinutes: number;
}

function url(value: string | undefined, fallback: string): string {
  const v = value?.trim();
  if (!v) return fallback;
  if (/^(off|none|false|0)$/i.test(v)) return "";
  return v.replace(/\/+$/, "");
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function readEnvironmentSettings(env: NodeJS.ProcessEnv = process.env): EnvironmentSettings {
  return {
    eaApiUrl: url(env.EA_API_URL, DEFAULT_EA_API_URL),
    openMeteoUrl: url(env.OPEN_METEO_URL, DEFAULT_OPEN_METEO_URL),
    timeoutMs: positive(env.ENVIRONMENT_TIMEOUT_MS, 10_000),
    rainfallCacheMinutes: positive(env.RAINFALL_CACHE_MINUTES, 15),
    weatherCacheMinutes: positive(env.WEATHER_CACHE_MINUTES, 60),
  };
}

export const RAINFALL_ATTRIBUTION = "this uses Environment Agency rainfall data from the real-time data API (Beta)";
export const RAINFALL_LICENCE = "Open Government Licence v3.0";
export const WEATHER_ATTRIBUTION = "Weather data by Open-Meteo.com (CC BY 4.0)";
export const SOILSCAPES_ATTRIBUTION = "Soilscapes © Cranfield University (LandIS), used under licence";
export const SOILSCAPES_SAMPLE_ATTRIBUTION =
  "Illustrative sample for the Reading demo area, not survey data; class descriptions after Cranfield University's Soilscapes (LandIS)";
export const BLINES_ATTRIBUTION = "B-Lines © Buglife; contains Natural England data © Natural England and OS data © Crown copyright and database right";
export const BLINES_SAMPLE_ATTRIBUTION = "Illustrative sample corridors for the Reading demo area, not Buglife's mapped B-Lines";

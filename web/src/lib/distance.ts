// Distances as people read them: "412 m", "3.4 km", "27 km", in the reader's number format (the
// locale of lib/dates.ts: en-GB by default, "3,4 km" for a German reader). The metres themselves
// come from the API (app_hidden.distance_metres in the database); nothing here computes a distance.
// Every distance the app shows goes through here.
import { dateSettings } from "./dates.ts";

// One formatter per locale and precision (the locale can change, so they are not built at load).
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(digits: number): Intl.NumberFormat {
  const { locale } = dateSettings();
  const key = `${locale}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
}

/** "412 m" under a kilometre, "3.4 km" under 10 km, "27 km" (or "1,204 km") beyond. */
export function formatMetres(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return "";
  const rounded = Math.round(metres);
  if (rounded < 1000) return `${numberFormat(0).format(rounded)} m`;
  const km = metres / 1000;
  // 9.96 km would read "10.0 km": round first, then pick the precision.
  const digits = Math.round(km * 10) / 10 < 10 ? 1 : 0;
  return `${numberFormat(digits).format(km)} km`;
}

/** A radius given in km as its words: 20 -> "20 km", 0.5 -> "500 m", 2.5 -> "2.5 km". */
export function formatRadiusKm(km: number): string {
  return formatMetres(km * 1000);
}

/** A distance given in km, to the nearest 10 m under a kilometre (a station's place is approximate). */
export function formatKm(km: number): string {
  return formatMetres(km < 1 ? Math.round(km * 100) * 10 : km * 1000);
}

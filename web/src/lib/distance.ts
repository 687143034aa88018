// Distances as people read them (en-GB): "412 m", "3.4 km", "27 km". The metres themselves come
// from the API (app_hidden.distance_metres in the database); nothing here computes a distance.

const metresFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const kmFormat = (digits: number) => new Intl.NumberFormat("en-GB", { minimumFractionDigits: 0, maximumFractionDigits: digits });

/** "412 m" under a kilometre, "3.4 km" under 10 km, "27 km" (or "1,204 km") beyond. */
export function formatMetres(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) return "";
  const rounded = Math.round(metres);
  if (rounded < 1000) return `${metresFormat.format(rounded)} m`;
  const km = metres / 1000;
  // 9.96 km would read "10.0 km": round first, then pick the precision.
  const digits = Math.round(km * 10) / 10 < 10 ? 1 : 0;
  return `${kmFormat(digits).format(km)} km`;
}

/** A radius given in km as its words: 20 -> "20 km", 0.5 -> "500 m", 2.5 -> "2.5 km". */
export function formatRadiusKm(km: number): string {
  return formatMetres(km * 1000);
}

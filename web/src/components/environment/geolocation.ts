// "Use my location" / "Locate me" (spec sections 8 and 9): high accuracy, 30 s timeout; failures
// carry the product's messages, a refused permission as 'Location permission denied: <reason>'.

export const GEO_MESSAGES = {
  unsupported: "Geolocation is not supported by your browser",
  unavailable: "Unable to get your location",
  denied: "Location permission denied",
} as const;

export const GEOLOCATION_TIMEOUT_MS = 30_000;

export class GeolocationFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GeolocationFailure";
  }
}

/** The message for a failed position request. */
export function geolocationMessage(error: { code?: number; message?: string } | null | undefined): string {
  const reason = (error?.message ?? "").trim();
  // GeolocationPositionError.PERMISSION_DENIED is 1.
  if (error?.code === 1) return reason ? `${GEO_MESSAGES.denied}: ${reason}` : GEO_MESSAGES.denied;
  return reason ? `${GEO_MESSAGES.unavailable}: ${reason}` : GEO_MESSAGES.unavailable;
}

export interface Position {
  latitude: number;
  longitude: number;
  /** Metres, when the device says. */
  accuracy: number | null;
}

export function currentPosition(
  geolocation: Geolocation | undefined = typeof navigator === "undefined" ? undefined : navigator.geolocation,
): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation || typeof geolocation.getCurrentPosition !== "function") {
      reject(new GeolocationFailure(GEO_MESSAGES.unsupported));
      return;
    }
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null,
        }),
      (error) => reject(new GeolocationFailure(geolocationMessage(error))),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

// The browser's location for "nearest thing" and "use my location" (spec sections 8 and 9):
// high accuracy, 30000 ms timeout; failures carry the product's messages.

export const GEOLOCATION_TIMEOUT_MS = 30_000;

export const GEO_MESSAGES = {
  unsupported: "Geolocation is not supported by your browser",
  unavailable: "Unable to get your location",
  denied: "Location permission denied",
} as const;

export interface Coordinates {
  latitude: number;
  longitude: number;
  accuracy?: number;
}

export class GeolocationFailure extends Error {
  /** The notice to show: 'Location permission denied: <reason>' or one of the other messages. */
  readonly notice: string;
  constructor(notice: string, reason?: string) {
    super(reason ?? notice);
    this.name = "GeolocationFailure";
    this.notice = notice;
  }
}

/** Error codes of GeolocationPositionError. */
const PERMISSION_DENIED = 1;

/** The text for a failed position request: the permission-denied message followed by the reason. */
export function geolocationNotice(error: { code?: number; message?: string } | null | undefined): string {
  const reason = (error?.message ?? "").trim();
  if (error?.code === PERMISSION_DENIED) {
    return reason ? `${GEO_MESSAGES.denied}: ${reason}` : GEO_MESSAGES.denied;
  }
  return reason ? `${GEO_MESSAGES.unavailable}: ${reason}` : GEO_MESSAGES.unavailable;
}

export function getCurrentPosition(
  geolocation: Geolocation | undefined = typeof navigator === "undefined" ? undefined : navigator.geolocation,
): Promise<Coordinates> {
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
          accuracy: position.coords.accuracy,
        }),
      (error) => reject(new GeolocationFailure(geolocationNotice(error), error?.message)),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

// The browser's location, for "nearest", "near me", "use my location" and "locate me" alike
// (spec sections 8 and 9): high accuracy, a 30 s timeout, and failures that carry the product's
// three texts (a refused permission as 'Location permission denied: <reason>'). A position the
// person shared is kept as the session's location (spec section 3: location, x latitude,
// y longitude), so screens opened later can start from it.
import { sessionStore } from "./session.ts";

export const GEOLOCATION_TIMEOUT_MS = 30_000;

export const GEO_MESSAGES = {
  unsupported: "Geolocation is not supported by your browser",
  unavailable: "Unable to get your location",
  denied: "Location permission denied",
} as const;

export interface Coordinates {
  latitude: number;
  longitude: number;
  /** Metres, when the device says. */
  accuracy: number | null;
}

/** A failed position request; `message` is the notice to show, `reason` what the browser said. */
export class GeolocationFailure extends Error {
  readonly reason: string | null;
  constructor(notice: string, reason?: string | null) {
    super(notice);
    this.name = "GeolocationFailure";
    this.reason = reason ?? null;
  }
}

/** GeolocationPositionError.PERMISSION_DENIED */
const PERMISSION_DENIED = 1;

/** The notice for a failed position request: the message, then the browser's reason. */
export function geolocationNotice(error: { code?: number; message?: string } | null | undefined): string {
  const reason = (error?.message ?? "").trim();
  const message = error?.code === PERMISSION_DENIED ? GEO_MESSAGES.denied : GEO_MESSAGES.unavailable;
  return reason ? `${message}: ${reason}` : message;
}

/** The notice for anything a position request threw. */
export function failureNotice(failure: unknown): string {
  return failure instanceof GeolocationFailure ? failure.message : GEO_MESSAGES.unavailable;
}

export function getCurrentPosition(
  geolocation: Geolocation | undefined = typeof navigator === "undefined" ? undefined : navigator.geolocation,
  store: Pick<typeof sessionStore, "update"> = sessionStore,
): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation || typeof geolocation.getCurrentPosition !== "function") {
      reject(new GeolocationFailure(GEO_MESSAGES.unsupported));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude, accuracy } = position.coords;
        store.update({ location: { x: latitude, y: longitude } }); // no-op without a session
        resolve({ latitude, longitude, accuracy: Number.isFinite(accuracy) ? accuracy : null });
      },
      (error) => reject(new GeolocationFailure(geolocationNotice(error), error?.message)),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

// The browser's location, for "nearest", "near me", "use my location" and "locate me" alike
// (spec sections 8 and 9): high accuracy, a 30 s timeout, and failures that carry the product's
// three texts (a refused permission as 'Location permission denied: <reason>'). A position the
// person shared is kept as the session's location (spec section 3: location, x latitude,
// y longitude), so screens opened later can start from it.
import { englishT, type T } from "./i18n/english.ts";
import { sessionStore } from "./session.ts";

export const GEOLOCATION_TIMEOUT_MS = 30_000;

export type GeolocationProblem = "unsupported" | "unavailable" | "denied";

/** The three texts in British English (the failure's message); screens say them with `t`. */
export const GEO_MESSAGES: Readonly<Record<GeolocationProblem, string>> = {
  unsupported: englishT("geo.unsupported"),
  unavailable: englishT("geo.unavailable"),
  denied: englishT("geo.denied"),
};

export interface Coordinates {
  latitude: number;
  longitude: number;
  /** Metres, when the device says. */
  accuracy: number | null;
}

/**
 * A failed position request; `message` is the notice in British English, `problem` which one it
 * is (failureNotice says it in the reader's language), `reason` what the browser said.
 */
export class GeolocationFailure extends Error {
  readonly reason: string | null;
  readonly problem: GeolocationProblem;
  constructor(notice: string, reason?: string | null, problem: GeolocationProblem = "unavailable") {
    super(notice);
    this.name = "GeolocationFailure";
    this.reason = reason ?? null;
    this.problem = problem;
  }
}

/** GeolocationPositionError.PERMISSION_DENIED */
const PERMISSION_DENIED = 1;

const problemOf = (error: { code?: number } | null | undefined): GeolocationProblem =>
  error?.code === PERMISSION_DENIED ? "denied" : "unavailable";

function noticeOf(problem: GeolocationProblem, reason: string | null | undefined, t: T): string {
  const message = t(`geo.${problem}`);
  const why = (reason ?? "").trim();
  return why ? t("geo.withReason", { message, reason: why }) : message;
}

/** The notice for a failed position request: the message, then the browser's reason. */
export function geolocationNotice(error: { code?: number; message?: string } | null | undefined, t: T = englishT): string {
  return noticeOf(problemOf(error), error?.message, t);
}

/** The notice for anything a position request threw (in `t`'s language; screens pass useT()'s). */
export function failureNotice(failure: unknown, t: T = englishT): string {
  return failure instanceof GeolocationFailure ? noticeOf(failure.problem, failure.reason, t) : t("geo.unavailable");
}

export function getCurrentPosition(
  geolocation: Geolocation | undefined = typeof navigator === "undefined" ? undefined : navigator.geolocation,
  store: Pick<typeof sessionStore, "update"> = sessionStore,
): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!geolocation || typeof geolocation.getCurrentPosition !== "function") {
      reject(new GeolocationFailure(GEO_MESSAGES.unsupported, null, "unsupported"));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude, accuracy } = position.coords;
        store.update({ location: { x: latitude, y: longitude } }); // no-op without a session
        resolve({ latitude, longitude, accuracy: Number.isFinite(accuracy) ? accuracy : null });
      },
      (error) => reject(new GeolocationFailure(geolocationNotice(error), error?.message, problemOf(error))),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}

// A shared position becomes the session's location (spec section 3: location, x latitude,
// y longitude); a refused or failed one leaves it as it was.
import { describe, expect, it } from "vitest";
import { MemoryStorage, userToken } from "../test/helpers.tsx";
import { GEO_MESSAGES, failureNotice, getCurrentPosition } from "./geolocation.ts";
import { SessionStore, sessionFromToken } from "./session.ts";

const at = (latitude: number, longitude: number) =>
  ({
    getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude, longitude, accuracy: 12 } } as GeolocationPosition),
  }) as unknown as Geolocation;
const refusing = {
  getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
    fail({ code: 1, message: "User denied Geolocation" } as GeolocationPositionError),
} as unknown as Geolocation;

describe("getCurrentPosition and the session's location", () => {
  it("keeps a shared position as the session's location, x latitude and y longitude", async () => {
    const store = new SessionStore({ storage: new MemoryStorage() });
    store.set(sessionFromToken(userToken()));
    expect(store.get()?.location).toBeNull();
    await getCurrentPosition(at(51.4545, -0.9781), store);
    expect(store.get()?.location).toEqual({ x: 51.4545, y: -0.9781 });
  });

  it("leaves the location as it was when the person refuses", async () => {
    const store = new SessionStore({ storage: new MemoryStorage() });
    store.set({ ...sessionFromToken(userToken()), location: { x: 1, y: 2 } });
    const failure = await getCurrentPosition(refusing, store).catch((e) => e);
    expect(failureNotice(failure)).toBe("Location permission denied: User denied Geolocation");
    expect(store.get()?.location).toEqual({ x: 1, y: 2 });
  });

  it("makes no session of its own for a visitor without one", async () => {
    const store = new SessionStore({ storage: new MemoryStorage() });
    await getCurrentPosition(at(52.52, 13.405), store);
    expect(store.get()).toBeNull();
  });

  it("says the spec's text for anything else thrown", () => {
    expect(failureNotice(new Error("boom"))).toBe(GEO_MESSAGES.unavailable);
  });
});

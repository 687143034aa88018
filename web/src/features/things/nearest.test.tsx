// /things/nearest (issue 21): the distance the API computed, in en-GB words, and the notice when
// no thing is within the radius (NEAREST_MAX_KM, 20 km by default).
import { act, cleanup, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BEE_BRANDING, STEWARD_BRANDING } from "../../../../shared/branding.ts";
import { formatMetres, formatRadiusKm } from "../../lib/distance.ts";
import { renderWithFakeApi } from "../../test/fake-api.tsx";
import { TEST_CONFIG, userSession } from "../../test/helpers.tsx";
import { FALLBACK_DELAY_MS } from "./NearestThingPage.tsx";
import { foundText, noneWithinText } from "./nearest.ts";

const THING_ID = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b2c";
const BERLIN = { latitude: 52.52, longitude: 13.405, accuracy: 10 };

describe("distance words", () => {
  it("metres under a kilometre, one decimal under 10 km, whole kilometres beyond (en-GB)", () => {
    expect(formatMetres(0)).toBe("0 m");
    expect(formatMetres(412.4)).toBe("412 m");
    expect(formatMetres(999.4)).toBe("999 m");
    expect(formatMetres(999.6)).toBe("1 km");
    expect(formatMetres(3_400)).toBe("3.4 km");
    expect(formatMetres(3_449)).toBe("3.4 km");
    expect(formatMetres(9_960)).toBe("10 km");
    expect(formatMetres(12_345)).toBe("12 km");
    expect(formatMetres(1_204_000)).toBe("1,204 km");
    expect(formatMetres(Number.NaN)).toBe("");
    expect(formatRadiusKm(20)).toBe("20 km");
    expect(formatRadiusKm(2.5)).toBe("2.5 km");
    expect(formatRadiusKm(0.5)).toBe("500 m");
  });

  it("the notices follow the radius and the branding", () => {
    expect(noneWithinText(STEWARD_BRANDING, 20)).toBe("No things within 20 km of you");
    expect(noneWithinText(STEWARD_BRANDING, 5)).toBe("No things within 5 km of you");
    expect(foundText(STEWARD_BRANDING, "Big Planter", 412.3)).toBe("Nearest thing: Big Planter, 412 m away");
    expect(foundText(STEWARD_BRANDING, "Big Planter", 3_412)).toBe("Nearest thing: Big Planter, 3.4 km away");
    expect(noneWithinText(BEE_BRANDING, 20)).toMatch(/^No \S+ within 20 km of you$/);
  });
});

describe("/things/nearest", () => {
  beforeEach(() => {
    Object.defineProperty(navigator, "geolocation", {
      configurable: true,
      value: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: BERLIN } as GeolocationPosition) },
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("with none within the radius, says so and goes to /things; the radius is NEAREST_MAX_KM", async () => {
    const app = renderWithFakeApi(
      "/things/nearest",
      userSession(),
      { NearestThing: { data: { nearestThing: { __typename: "NearbyThingsConnection", nodes: [] } } } },
      { unknown: "empty" },
    );
    await waitFor(() => expect(app.notices.get().map((n) => n.message)).toContain("No things within 20 km of you"));
    expect(app.called("NearestThing")[0].variables).toMatchObject({ latitude: 52.52, longitude: 13.405, maxDistanceMetres: 20_000 });
    expect(await app.findByText("No things within 20 km of you. Taking you to the list of things…")).toBeTruthy();
    await waitFor(() => expect(app.location()).toBe("/things"), { timeout: FALLBACK_DELAY_MS + 2000 });
  });

  it("asks with the configured radius and words the notice with it", async () => {
    const app = renderWithFakeApi(
      "/things/nearest",
      userSession(),
      { NearestThing: { data: { nearestThing: { __typename: "NearbyThingsConnection", nodes: [] } } } },
      {
        unknown: "empty",
        config: { ...TEST_CONFIG, nearestMaxKm: 2.5 },
      },
    );
    await waitFor(() => expect(app.notices.get().map((n) => n.message)).toContain("No things within 2.5 km of you"));
    expect(app.called("NearestThing")[0].variables).toMatchObject({ maxDistanceMetres: 2_500 });
  });

  it("opens the nearest thing with a notice saying how far it is", async () => {
    const app = renderWithFakeApi(
      "/things/nearest",
      userSession(),
      {
        NearestThing: {
          data: {
            nearestThing: {
              __typename: "NearbyThingsConnection",
              nodes: [{ __typename: "NearbyThing", id: THING_ID, name: "Big Planter", distanceMetres: 412.3 }],
            },
          },
        },
      },
      { unknown: "empty" },
    );
    await waitFor(() => expect(app.location()).toMatch(new RegExp(`^/things/${THING_ID}`)));
    expect(app.notices.get().map((n) => n.message)).toContain("Nearest thing: Big Planter, 412 m away");
    await act(async () => {});
  });
});

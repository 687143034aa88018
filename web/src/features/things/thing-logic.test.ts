// The pure parts of the thing screens: form validation with the database's messages, colours and
// their words, the list's order and conditions for the server, geolocation messages.
import { describe, expect, it, vi } from "vitest";
import { validateComments } from "./ActionItem.tsx";
import { GEO_MESSAGES, GeolocationFailure, geolocationNotice, getCurrentPosition } from "../../lib/geolocation.ts";
import { THING_ORDER, THING_SORTS, thingListVariables } from "./ThingList.tsx";
import { thingInputOf, validateThing } from "./thing-form.ts";
import { EMPTY_ATTRIBUTES } from "./thing-attributes.ts";
import { bandRange, colourLabel, formatReading, hydrationLevelsOf, needsWaterRank, validateHydrationLevels } from "./thing-meta.ts";

const good = {
  groupId: "g1",
  name: "Big Planter",
  type: "PLANTER",
  description: "",
  latitude: "51.4543",
  longitude: "-0.9781",
  locationDescription: "",
  ...EMPTY_ATTRIBUTES,
};

describe("thing form", () => {
  it("accepts a good thing", () => {
    expect(Object.values(validateThing(good)).filter(Boolean)).toEqual([]);
  });

  it("uses the database's messages", () => {
    expect(validateThing({ ...good, name: "  " }).name).toBe("Name is required");
    expect(validateThing({ ...good, name: "ab" }).name).toBe("Name must be between 3 and 255 characters");
    expect(validateThing({ ...good, name: "x".repeat(256) }).name).toBe("Name must be between 3 and 255 characters");
    expect(validateThing({ ...good, latitude: "95" }).latitude).toBe("Latitude must be between -90 and 90");
    expect(validateThing({ ...good, longitude: "-200" }).longitude).toBe("Longitude must be between -180 and 180");
    expect(validateThing({ ...good, latitude: "north" }).latitude).toBe("Latitude must be a number");
    expect(validateThing({ ...good, latitude: "" }).latitude).toBe("Latitude is required");
    expect(validateThing({ ...good, groupId: "" }).groupId).toBe("Group is required");
    expect(validateThing({ ...good, type: "" }).type).toBe("Type is required");
    expect(validateThing({ ...good, locationDescription: "x".repeat(501) }).locationDescription).toBe(
      "Location description must be at most 500 characters",
    );
  });

  it("builds the API input", () => {
    expect(thingInputOf({ ...good, name: " Big Planter ", latitude: "51,5", description: " " }, false)).toEqual({
      groupId: "g1",
      name: "Big Planter",
      type: "PLANTER",
      description: null,
      location: { x: 51.5, y: -0.9781 },
      locationDescription: null,
      isPublic: false,
      speciesId: null,
      plantingYear: null,
      trunkGirthCm: null,
      heightClass: null,
      volumeLitres: null,
      soilAreaM2: null,
      floweringPlants: null,
      floweringSeasons: null,
    });
  });

  it("checks action comments like the database", () => {
    expect(validateComments("   ")).toBe("Comments are required");
    expect(validateComments("x".repeat(2001))).toBe("Comments must be at most 2000 characters");
    expect(validateComments("Watered well")).toBeNull();
  });
});

describe("indicator colours and bands", () => {
  it("names the water scale (spec section 9)", () => {
    expect(colourLabel("blue")).toBe("Too wet");
    expect(colourLabel("green")).toBe("Moist");
    expect(colourLabel("orange")).toBe("Needs water");
    expect(colourLabel("red")).toBe("Too dry");
    expect(colourLabel("grey")).toBe("Unknown");
    expect(colourLabel(null)).toBe("Unknown");
    expect(colourLabel("green", "P_H")).toBe("pH good");
  });

  it("ranks colours for 'needs water first'", () => {
    expect(["grey", "blue", "green", "orange", "red"].sort((a, b) => needsWaterRank(a) - needsWaterRank(b))).toEqual([
      "red",
      "orange",
      "green",
      "blue",
      "grey",
    ]);
  });

  it("reads band overrides and checks them", () => {
    expect(hydrationLevelsOf(null)).toEqual({ dry: 20, needsWater: 30, good: 60 });
    expect(hydrationLevelsOf({ dry: 10 })).toEqual({ dry: 10, needsWater: 30, good: 60 });
    expect(hydrationLevelsOf('{"dry":15,"needsWater":25,"good":50}')).toEqual({ dry: 15, needsWater: 25, good: 50 });
    expect(bandRange("good", { dry: 20, needsWater: 30, good: 60 })).toBe("30–60%");
    expect(validateHydrationLevels({ dry: "20", needsWater: "30", good: "60" })).toBeNull();
    expect(validateHydrationLevels({ dry: "30", needsWater: "20", good: "60" })).toBe("Each limit must be higher than the one before");
    expect(validateHydrationLevels({ dry: "20", needsWater: "30", good: "160" })).toBe("Limits must be between 0 and 100 percent");
    expect(validateHydrationLevels({ dry: "", needsWater: "30", good: "60" })).toBe("Enter all three limits");
  });

  it("formats readings with units", () => {
    expect(formatReading(42.4, { unit: "%", digits: 0 })).toBe("42%");
    expect(formatReading(18.25, { unit: "°C", digits: 1 })).toBe("18.3°C");
    expect(formatReading(1234, { unit: "µS/cm", digits: 0 })).toBe("1,234 µS/cm");
    expect(formatReading(null, { unit: "%", digits: 0 })).toBe("—");
  });
});

describe("thing list", () => {
  const none = { type: "", group: "", colour: "" };

  it("orders each sort as an index of the things table does, ending in the id", () => {
    expect(THING_ORDER).toEqual({
      name: ["NAME_ASC", "ID_ASC"],
      newest: ["CREATED_AT_DESC", "ID_DESC"],
      "needs-water": ["NEEDS_WATER_RANK_ASC", "WATER_ASC", "NAME_ASC", "ID_ASC"],
    });
    for (const sort of THING_SORTS) expect(THING_ORDER[sort].at(-1)).toMatch(/^ID_/);
  });

  it("asks for everything when nothing narrows", () => {
    expect(thingListVariables("  ", { sort: "name", filters: none })).toEqual({
      orderBy: ["NAME_ASC", "ID_ASC"],
      condition: null,
      counted: false,
    });
  });

  it("passes the search and each filter as the server's condition", () => {
    expect(thingListVariables(" oak tree ", { sort: "needs-water", filters: { type: "TREE", group: "g2", colour: "red" } })).toEqual({
      orderBy: THING_ORDER["needs-water"],
      condition: { search: "oak tree", type: "TREE", groupId: "g2", indicatorColour: "red" },
      counted: true,
    });
    expect(thingListVariables("", { sort: "newest", filters: { ...none, group: "g1" } }).condition).toEqual({ groupId: "g1" });
  });
});

describe("geolocation", () => {
  it("puts the reason after the permission-denied message", () => {
    expect(geolocationNotice({ code: 1, message: "User denied Geolocation" })).toBe("Location permission denied: User denied Geolocation");
    expect(geolocationNotice({ code: 3, message: "" })).toBe("Unable to get your location");
  });

  it("fails plainly without geolocation and asks for high accuracy with a 30 s timeout", async () => {
    await expect(getCurrentPosition(undefined)).rejects.toMatchObject({ message: GEO_MESSAGES.unsupported });
    const getPosition = vi.fn((ok: PositionCallback, _fail?: PositionErrorCallback, _options?: PositionOptions) =>
      ok({ coords: { latitude: 51.45, longitude: -0.97, accuracy: 8 } } as GeolocationPosition),
    );
    const geo = { getCurrentPosition: getPosition } as unknown as Geolocation;
    await expect(getCurrentPosition(geo)).resolves.toEqual({ latitude: 51.45, longitude: -0.97, accuracy: 8 });
    expect(getPosition.mock.calls[0][2]).toMatchObject({ enableHighAccuracy: true, timeout: 30000 });
    const denied = {
      getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
        fail({ code: 1, message: "nope" } as GeolocationPositionError),
    } as unknown as Geolocation;
    const error = await getCurrentPosition(denied).catch((e) => e);
    expect(error).toBeInstanceOf(GeolocationFailure);
    expect(error.message).toBe("Location permission denied: nope");
    expect(error.reason).toBe("nope");
  });
});

import { newBadges } from "./RecordActionPage.tsx";

describe("badge notices", () => {
  it("announce only badges awarded with this action", () => {
    const sentAt = Date.parse("2026-11-22T10:00:00Z");
    const nodes = [
      { awardedAt: "2026-11-22T10:00:01Z", badgeTypeByBadgeTypeId: { title: "Waterer I" } },
      { awardedAt: "2026-11-20T09:00:00Z", badgeTypeByBadgeTypeId: { title: "Regular I" } },
    ];
    expect(newBadges(nodes, sentAt)).toEqual(["Waterer I"]);
    expect(newBadges([], sentAt)).toEqual([]);
  });
});

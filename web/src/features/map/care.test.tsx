// The map as the home of the app (issue 21): the marker shape/icon/colour and the legend for each
// water need, the list's order and filter, a thing's card, and one-tap watering with Undo.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderElementWithFakeApi, type Data } from "../../test/fake-api.tsx";
import { userSession } from "../../test/helpers.tsx";
import { NeedBadge, NeedLegend } from "../../components/water-need/NeedLegend.tsx";
import { ThingCard } from "./ThingCard.tsx";
import { careList } from "./use-care.ts";
import { MAP_WATERING_COMMENT } from "./use-record-watering.ts";
import { actionQueueFor } from "../../lib/offline/action-queue.ts";
import { ClusterButton, ThingButton } from "./marker-buttons.tsx";
import type { MapThing } from "./map-data.ts";
import { LANGUAGE_STORAGE_KEY } from "../../lib/i18n/locale-context.tsx";
import { byNeed, isThirsty, LEGEND_ORDER, NEED_STYLES, needStyle } from "../../components/water-need/water-need.ts";

describe("water need on the map", () => {
  it("gives every need its own shape and icon, not only a colour", () => {
    const faces = LEGEND_ORDER.map((n) => `${NEED_STYLES[n].shape}/${NEED_STYLES[n].icon}`);
    expect(new Set(faces).size).toBe(LEGEND_ORDER.length);
    expect(NEED_STYLES.NEEDS_WATER).toMatchObject({ shape: "square", icon: "drop" });
    expect(NEED_STYLES.DUE_SOON).toMatchObject({ shape: "diamond", icon: "clock" });
    expect(NEED_STYLES.FINE).toMatchObject({ shape: "circle", icon: "check" });
    expect(NEED_STYLES.UNKNOWN).toMatchObject({ shape: "circle", icon: "question" });
    expect(needStyle(null).need).toBe("UNKNOWN");
    expect(needStyle("SOMETHING_NEW").need).toBe("UNKNOWN");
    expect(["NEEDS_WATER", "DUE_SOON", "FINE", "UNKNOWN", null].map(isThirsty)).toEqual([true, true, false, false, false]);
  });

  it("draws a marker face with its shape and icon, and a legend of all four", () => {
    render(<NeedBadge need="DUE_SOON" />);
    const badge = document.querySelector(".need-badge")!;
    expect(badge.getAttribute("data-shape")).toBe("diamond");
    expect(badge.querySelector("svg")!.getAttribute("data-icon")).toBe("clock");
    cleanup();
    render(<NeedLegend />);
    const items = within(screen.getByRole("list", { name: "Water need" })).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".need-badge")!.getAttribute("data-shape"))).toEqual([
      "square",
      "diamond",
      "circle",
      "circle",
    ]);
    expect(items.map((li) => li.querySelector("svg")!.getAttribute("data-icon"))).toEqual(["drop", "clock", "check", "question"]);
    expect(items[0].textContent).toBe("Needs water · Water it today");
  });

  it("orders the list thirstiest first, filters to needs water and due soon, and keeps the API's nearest order", () => {
    const t = (id: string, waterNeed: string, name = id) => ({
      id,
      name,
      type: "PLANTER",
      isPublic: true,
      indicatorColour: null,
      waterNeed,
      latitude: 51,
      longitude: -1,
    });
    const inView = [t("a", "FINE"), t("b", "NEEDS_WATER"), t("c", "UNKNOWN"), t("d", "DUE_SOON")];
    expect(byNeed(inView).map((x) => x.id)).toEqual(["b", "d", "c", "a"]);
    expect(careList(inView, null, true).map((x) => x.id)).toEqual(["b", "d"]);
    const nearest = [
      { ...t("a", "FINE"), distanceMetres: 10 },
      { ...t("b", "NEEDS_WATER"), distanceMetres: 50 },
    ];
    expect(careList(inView, nearest, false).map((x) => x.id)).toEqual(["a", "b"]);
    expect(careList(inView, nearest, true).map((x) => x.id)).toEqual(["b"]);
  });
});

describe("the map's markers say what they show in the reader's language", () => {
  afterEach(() => localStorage.removeItem(LANGUAGE_STORAGE_KEY));
  const cluster = (count: number, needsWater: number) => ({ latitude: 53.48, longitude: -2.24, count, needsWater });
  const markers = () => (
    <>
      <ClusterButton cluster={cluster(12, 3)} needsWaterOnly={false} />
      <ClusterButton cluster={cluster(5, 1)} needsWaterOnly={false} />
      <ClusterButton cluster={cluster(5, 0)} needsWaterOnly={false} />
      <ThingButton
        thing={{ id: "t1", name: "Station Oak", type: "TREE", waterNeed: "FINE", latitude: 53.48, longitude: -2.24 } as MapThing}
        selected={false}
      />
    </>
  );
  const said = () => screen.getAllByRole("button").map((b) => [b.getAttribute("aria-label"), b.getAttribute("title")]);

  it("in English", async () => {
    renderElementWithFakeApi(markers(), null, {});
    await screen.findByRole("button", { name: /^Station Oak/ });
    expect(said()).toEqual([
      ["12 things, 3 need water here: zoom in", "12 things, 3 need water: zoom in"],
      ["5 things, 1 needs water here: zoom in", "5 things, 1 needs water: zoom in"],
      ["5 things here: zoom in", "5 things: zoom in"],
      ["Station Oak: Tree (thing), fine", "Station Oak: Fine"],
    ]);
  });

  it("in German (they said English whatever the language)", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    renderElementWithFakeApi(markers(), null, {});
    await screen.findByRole("button", { name: /^Station Oak/ });
    expect(said()).toEqual([
      ["12 Objekte, 3 brauchen Wasser hier: hineinzoomen", "12 Objekte, 3 brauchen Wasser: hineinzoomen"],
      ["5 Objekte, 1 braucht Wasser hier: hineinzoomen", "5 Objekte, 1 braucht Wasser: hineinzoomen"],
      ["5 Objekte hier: hineinzoomen", "5 Objekte: hineinzoomen"],
      ["Station Oak: Baum (Objekt), alles gut", "Station Oak: Alles gut"],
    ]);
  });
});

type CardThing = NonNullable<Data<"MapThingCard">["thingById"]>;

const THING: CardThing & { lastWatering: NonNullable<CardThing["lastWatering"]> } = {
  __typename: "Thing",
  id: "11111111-1111-4111-8111-111111111111",
  name: "Forbury Planter",
  type: "PLANTER",
  isPublic: true,
  hasImage: false,
  waterNeed: "NEEDS_WATER",
  waterNeedReason: "Dry for 6 days; hot days ahead",
  waterNeedReasonParts: null,
  waterNeedAt: "2026-11-25T10:00:00Z",
  water: 18.4,
  lastSensorData: new Date(Date.now() - 2 * 3600_000).toISOString(),
  canRecordAction: true,
  rainSinceLastWateringMm: 3.2,
  lastWatering: {
    id: "a0",
    createdAt: new Date(Date.now() - 3 * 86400_000).toISOString(),
    litres: 40,
    __typename: "Action",
    userByCreatedBy: { __typename: "User", id: "u1", username: "ann", name: "Ann" },
  },
};

describe("a thing's card", () => {
  it("shows the picture, the need with its reason, the last watering, the sensor, and no recording for others", async () => {
    renderElementWithFakeApi(<ThingCard thingId={THING.id} signedIn />, userSession(), {
      MapThingCard: { data: { thingById: { ...THING, canRecordAction: false } } },
    });
    await screen.findByRole("heading", { name: "Forbury Planter" });
    expect(screen.getByText("Needs water.")).toBeTruthy();
    expect(screen.getByText(/Dry for 6 days; hot days ahead/)).toBeTruthy();
    expect(screen.getByTestId("last-watered").textContent).toBe("Watered 3 days ago by Ann, 40 L; 3.2 mm rain since");
    expect(screen.getByText(/Sensor: soil water 18%/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Record watering" })).toBeNull();
    expect(screen.getByText(/Only its owners and collaborators record care here/)).toBeTruthy();
  });

  it("records a watering in one tap, updates without a reload, and Undo deletes that action", async () => {
    const calls: { op: string; variables: Record<string, unknown> }[] = [];
    let last: typeof THING.lastWatering | null = THING.lastWatering;
    const thing = (): CardThing => ({ ...THING, lastWatering: last });
    const now = new Date().toISOString();
    renderElementWithFakeApi(<ThingCard thingId={THING.id} signedIn />, userSession(), {
      MapThingCard: () => ({ data: { thingById: thing() } }),
      MapRecordWatering: (variables) => {
        calls.push({ op: "create", variables });
        last = {
          __typename: "Action",
          id: "a1",
          createdAt: now,
          litres: 20,
          userByCreatedBy: { __typename: "User", id: "u2", username: "bob", name: "Bob" },
        };
        return {
          data: {
            recordAction: {
              __typename: "RecordActionPayload",
              action: {
                __typename: "Action",
                id: "a1",
                thingId: THING.id,
                type: "WATERING",
                litres: 20,
                createdAt: now,
                thingByThingId: { ...thing(), lastAction: now, litresTotal: 60, rainSinceLastWateringMm: 0 },
              },
            },
          },
        };
      },
      MapUndoWatering: (variables) => {
        calls.push({ op: "delete", variables });
        last = THING.lastWatering;
        return {
          data: {
            deleteActionById: {
              __typename: "DeleteActionPayload",
              deletedActionId: "QWN0aW9uOmEx",
              action: { __typename: "Action", id: "a1", thingByThingId: { ...thing(), lastAction: now, litresTotal: 40 } },
            },
          },
        };
      },
    });
    await screen.findByRole("heading", { name: "Forbury Planter" });
    fireEvent.click(screen.getByRole("button", { name: "Record watering of 20 litres" }));
    await screen.findByText("Watering recorded: 20 L. Thank you!");
    expect(calls[0]).toEqual({
      op: "create",
      variables: { thingId: THING.id, comments: MAP_WATERING_COMMENT, litres: 20, clientKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    await waitFor(() => expect(screen.getByTestId("last-watered").textContent).toBe("Watered just now by Bob, 20 L; no rain since"));

    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await screen.findByText("Watering taken back.");
    expect(calls[1]).toEqual({ op: "delete", variables: { id: "a1" } });
    await waitFor(() => expect(screen.getByTestId("last-watered").textContent).toBe("Watered 3 days ago by Ann, 40 L; 3.2 mm rain since"));
  });

  it("offline, keeps the watering on the device with its key, says so, and Undo takes it back before it is sent", async () => {
    const session = userSession();
    const queue = actionQueueFor(session.id);
    const sent: Record<string, unknown>[] = [];
    renderElementWithFakeApi(<ThingCard thingId={THING.id} signedIn />, session, {
      MapThingCard: () => ({ data: { thingById: THING } }),
      // No answer at all: the network is gone.
      MapRecordWatering: (variables) => {
        sent.push(variables);
        throw new TypeError("Failed to fetch");
      },
      // The queue tries at once (the browser says it is online) and gets no answer either.
      QueuedRecordAction: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await screen.findByRole("heading", { name: "Forbury Planter" });
    fireEvent.click(screen.getByRole("button", { name: "Record watering of 10 litres" }));
    await screen.findByText("Watering of 10 L saved on this device. It will be sent when you are online.");
    // Kept with the very key the failed attempt carried, so sending it later cannot record it twice.
    expect(queue.list()).toHaveLength(1);
    expect(queue.list()[0]).toMatchObject({
      key: sent[0].clientKey,
      thingId: THING.id,
      thingName: "Forbury Planter",
      type: "WATERING",
      litres: 10,
      status: "queued",
    });
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await screen.findByText("Watering taken back.");
    expect(queue.list()).toEqual([]);
  });
});

// The thing screens against a fake API: the list (paged, searched and filtered on the server), the
// dashboard, owner-only editing, recording an action (validation, the call it makes, where it
// lands), collaborating and the recently visited things.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Session } from "../../lib/session.ts";
import { renderWithFakeApi, unverifiedEmailReply, type Data, type Handlers, type NodeOf, type Reply } from "../../test/fake-api.tsx";
import { ALICE, guestSession, userSession } from "../../test/helpers.tsx";
import { LANGUAGE_STORAGE_KEY } from "../../lib/i18n/locale-context.tsx";
import styles from "./things.module.css";

type PageThing = NonNullable<Data<"ThingPage">["thingById"]>;
type ListPage = NonNullable<Data<"AllThings">["allThings"]>;
type ListThing = NodeOf<ListPage>;

const THING_ID = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b2c";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/**
 * How long a lazy part of a page (a thing's dashboard tab) may take to appear after the page's
 * heading: its module is transformed on first use, seconds on a busy CI machine.
 */
const LAZY_PART_MS = 5000;

function thingFixture(extra: Partial<PageThing> = {}): PageThing {
  return {
    __typename: "Thing",
    id: THING_ID,
    nodeId: "WyJ0aGluZ3MiLCIwYjdlIl0=",
    name: "Big Planter",
    description: "Herbs by the library.",
    type: "PLANTER",
    groupId: "g1",
    isPublic: true,
    hasImage: false,
    hiddenAt: null,
    location: { __typename: "Point", x: 51.4543, y: -0.9781 },
    locationDescription: "By the bike racks",
    water: 24,
    temperature: 14.2,
    conductivity: 320,
    ph: null,
    ledState: null,
    lastSensorData: new Date().toISOString(),
    lastAction: new Date().toISOString(),
    indicatorColour: "orange",
    indicatorColourLast: null,
    indicatorColourChangedAt: null,
    waterNeed: "UNKNOWN",
    waterNeedReason: null,
    waterNeedReasonParts: null,
    indicatorParameter: "WATER",
    hydrationBand: "needsWater",
    hydrationLevels: null,
    texture: null,
    drainage: null,
    fertility: null,
    landcover: null,
    habitats: null,
    carbon: null,
    drainsTo: null,
    waterProtection: null,
    generalCropping: null,
    // Attributes by type (issue 26): none on this thing.
    speciesId: null,
    plantingYear: null,
    trunkGirthCm: null,
    heightClass: null,
    volumeLitres: null,
    soilAreaM2: null,
    floweringPlants: null,
    floweringSeasons: null,
    externalId: null,
    treeSpeciesEntryBySpeciesId: null,
    waterParameters: null,
    canEdit: true,
    canRecordAction: true,
    litresTotal: 70,
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    groupByGroupId: { __typename: "Group", id: "g1", name: "Riverside Growers", type: "GROWER" },
    thingAccessesByThingId: {
      __typename: "ThingAccessesConnection",
      nodes: [
        {
          __typename: "ThingAccess",
          id: "a1",
          userId: ALICE.id,
          isOwner: true,
          isCollaborator: true,
          createdAt: "2026-11-01T10:00:00Z",
          userByUserId: { __typename: "User", id: ALICE.id, name: "Alice Smith", username: "alice", hasImage: false },
        },
      ],
    },
    actionsByThingId: {
      __typename: "ActionsConnection",
      totalCount: 2,
      nodes: [
        {
          __typename: "Action",
          id: "act1",
          type: "WATERING",
          comments: "Two full cans.",
          litres: 20,
          createdAt: new Date().toISOString(),
          createdBy: "someone-else",
          userByCreatedBy: { __typename: "User", id: "u2", name: "Hazel Helper", username: "hazel" },
        },
      ],
    },
    devicesByThingId: {
      __typename: "DevicesConnection",
      totalCount: 1,
      nodes: [{ __typename: "Device", id: "d1", name: "Soil probe", model: "LSE01" }],
    },
    ...extra,
  };
}

function renderThings(path: string, handlers: Handlers, session: Session = userSession({ id: ALICE.id }, { user_id: ALICE.id })) {
  return renderWithFakeApi(path, session, handlers, { unknown: "empty" });
}

// Subscriptions open a websocket; here it never connects.
class SilentWebSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  readyState = 0;
  protocol = "graphql-transport-ws";
  onopen: unknown = null;
  onclose: unknown = null;
  onerror: unknown = null;
  onmessage: unknown = null;
  send() {}
  close() {}
  addEventListener() {}
  removeEventListener() {}
}

beforeEach(() => {
  vi.stubGlobal("WebSocket", SilentWebSocket);
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const thingId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** A thing as the list asks for it (AllThings.graphql). */
function listThing(n: number, extra: Partial<ListThing> = {}): ListThing {
  return {
    __typename: "Thing",
    id: thingId(n),
    name: `Planter ${String(n).padStart(2, "0")}`,
    type: "PLANTER",
    description: null,
    hasImage: false,
    isPublic: true,
    indicatorColour: "green",
    indicatorParameter: "WATER",
    water: 40,
    lastSensorData: null,
    lastAction: null,
    createdAt: "2026-11-01T10:00:00Z",
    groupId: "g1",
    groupByGroupId: { __typename: "Group", id: "g1", name: "Riverside Growers" },
    ...extra,
  };
}

/**
 * One page of the things connection; `endCursor` set means the server has more. The server
 * counts only when asked (`counted`, i.e. the list is narrowed): a null totalCount leaves it out.
 */
function thingsPage<F extends "allThings" | "allPublicThings">(
  field: F,
  nodes: ListThing[],
  totalCount: number | null,
  endCursor: string | null = null,
) {
  const page: ListPage = {
    __typename: "ThingsConnection",
    ...(totalCount === null ? {} : { totalCount }),
    pageInfo: { __typename: "PageInfo", hasNextPage: endCursor !== null, endCursor },
    nodes,
  };
  return { data: { [field]: page } as { [K in F]: ListPage } };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const listGroups = (): Reply<"ThingListGroups"> => ({
  data: {
    allGroups: {
      __typename: "GroupsConnection",
      nodes: [
        { __typename: "Group", id: "g2", name: "Allotment Friends" },
        { __typename: "Group", id: "g1", name: "Riverside Growers" },
      ],
    },
  },
});

const callsOf = (app: { calls: { operationName: string; variables: Record<string, unknown> }[] }, name: string) =>
  app.calls.filter((c) => c.operationName === name).map((c) => c.variables);

describe("the things list", () => {
  it("asks the server for 24 at a time and shows more on demand", async () => {
    const app = renderThings("/things", {
      AllThings: (v) =>
        v.after === "c24"
          ? thingsPage(
              "allThings",
              range(25, 30).map((n) => listThing(n)),
              v.counted ? 30 : null,
            )
          : thingsPage(
              "allThings",
              range(1, 24).map((n) => listThing(n)),
              v.counted ? 30 : null,
              "c24",
            ),
      ThingListGroups: listGroups,
    });
    const list = await screen.findByRole("list", { name: "Things" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(24);
    // The whole list is not counted (see AllThings.graphql): it says there is more instead.
    expect(screen.getByText("Showing 24 things")).toBeTruthy();
    expect(callsOf(app, "AllThings")[0]).toEqual({
      first: 24,
      after: null,
      orderBy: ["NAME_ASC", "ID_ASC"],
      condition: null,
      counted: false,
    });

    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(30));
    expect(callsOf(app, "AllThings").at(-1)).toMatchObject({ first: 24, after: "c24" });
    expect(screen.getByText("30 things")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(callsOf(app, "AllPublicThings")).toEqual([]);
  });

  it("searches, filters and sorts on the server, with groups from their own query", async () => {
    const oak = listThing(1, { name: "Oak Tree", type: "TREE" });
    const app = renderThings("/things", {
      AllThings: (v) => {
        const condition = v.condition as { search?: string; groupId?: string } | null;
        if (condition?.groupId === "g2") return thingsPage("allThings", [], 0);
        if (condition?.search === "oak") return thingsPage("allThings", [oak], 1);
        return thingsPage("allThings", [oak, listThing(2), listThing(3)], 3);
      },
      ThingListGroups: listGroups,
    });
    const list = await screen.findByRole("list", { name: "Things" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    // Every group this user can see, though only one has things loaded.
    const groupFilter = screen.getByLabelText("Group") as HTMLSelectElement;
    await waitFor(() =>
      expect([...groupFilter.options].map((o) => o.text)).toEqual(["All groups", "Allotment Friends", "Riverside Growers"]),
    );

    fireEvent.change(screen.getByRole("searchbox", { name: "Search things by name" }), { target: { value: " oak " } });
    expect(await screen.findByText("1 thing matches")).toBeTruthy();
    expect(callsOf(app, "AllThings").at(-1)).toEqual({
      first: 24,
      after: null,
      orderBy: ["NAME_ASC", "ID_ASC"],
      condition: { search: "oak" },
      counted: true,
    });

    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "needs-water" } });
    await waitFor(() =>
      expect(callsOf(app, "AllThings").at(-1)).toMatchObject({ orderBy: ["NEEDS_WATER_RANK_ASC", "WATER_ASC", "NAME_ASC", "ID_ASC"] }),
    );

    fireEvent.change(groupFilter, { target: { value: "g2" } });
    fireEvent.change(screen.getByLabelText("Colour"), { target: { value: "red" } });
    expect(await screen.findByText("No things match")).toBeTruthy();
    expect(callsOf(app, "AllThings").at(-1)?.condition).toEqual({ search: "oak", groupId: "g2", indicatorColour: "red" });

    fireEvent.click(screen.getByRole("button", { name: "Clear search and filters" }));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Things" })).getAllByRole("listitem")).toHaveLength(3));
    expect(callsOf(app, "AllThings").at(-1)).toEqual({
      first: 24,
      after: null,
      orderBy: ["NAME_ASC", "ID_ASC"],
      condition: null,
      counted: false,
    });
  });

  it("shows guests the public things", async () => {
    const app = renderThings(
      "/things",
      { AllPublicThings: () => thingsPage("allPublicThings", [listThing(1)], 1), ThingListGroups: listGroups },
      guestSession(),
    );
    const list = await screen.findByRole("list", { name: "Things" });
    expect(within(list).getByText("Planter 01")).toBeTruthy();
    expect(callsOf(app, "AllPublicThings")[0]).toEqual({
      first: 24,
      after: null,
      orderBy: ["NAME_ASC", "ID_ASC"],
      condition: null,
      counted: false,
    });
    expect(callsOf(app, "AllThings")).toEqual([]);
  });

  it("says what went wrong and tries again", async () => {
    let fail = true;
    renderThings("/things", {
      AllThings: () => (fail ? { data: null, errors: [{ message: "The list is resting" }] } : thingsPage("allThings", [listThing(1)], 1)),
      ThingListGroups: listGroups,
    });
    expect((await screen.findByRole("alert")).textContent).toContain("The list is resting");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Things" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers the recently visited things on /things/search, asked for by id", async () => {
    const gone = thingId(99);
    window.localStorage.setItem("steward.recentThings", JSON.stringify([THING_ID, gone]));
    const app = renderThings("/things/search", {
      RecentThings: () => ({
        data: {
          thing0: { __typename: "Thing", id: THING_ID, name: "Big Planter", indicatorColour: "orange", indicatorParameter: "WATER" },
          ...Object.fromEntries(range(1, 7).map((n) => [`thing${n}`, null])),
        } as Data<"RecentThings">,
      }),
      AllThings: () => thingsPage("allThings", [listThing(1)], 1),
      ThingListGroups: listGroups,
    });
    const recent = await screen.findByRole("region", { name: "Recently visited things" });
    // The one still there, with its state; the other is gone (null) and left out.
    const links = within(recent).getAllByRole("link");
    expect(links).toHaveLength(1);
    expect(links[0].textContent).toBe("Needs waterBig Planter");
    expect(links[0].getAttribute("href")).toBe(`/things/${THING_ID}/dashboard`);
    expect(callsOf(app, "RecentThings")[0]).toMatchObject({ id0: THING_ID, id1: gone, id2: "00000000-0000-0000-0000-000000000000" });
  });
});

describe("thing timeline", () => {
  it("shows a watering's litres as 'Watered · 20 L'", async () => {
    renderThings(`/things/${THING_ID}/timeline`, {
      ThingPage: () => ({ data: { thingById: thingFixture() } }),
      ThingTimeline: () => ({
        data: {
          thingById: {
            __typename: "Thing",
            id: THING_ID,
            canEdit: true,
            actionsByThingId: {
              __typename: "ActionsConnection",
              totalCount: 2,
              nodes: [20, null].map((litres, i) => ({
                __typename: "Action",
                id: `w${i}`,
                nodeId: `n${i}`,
                thingId: THING_ID,
                type: "WATERING",
                comments: i ? "A quick splash" : "Two cans",
                litres,
                hasImage: false,
                location: null,
                createdAt: new Date().toISOString(),
                updatedAt: new Date().toISOString(),
                createdBy: ALICE.id,
                userByCreatedBy: { __typename: "User", id: ALICE.id, name: "Alice Smith", username: "alice", hasImage: false },
              })),
            },
          },
        },
      }),
    });
    const list = await screen.findByRole("list", { name: "Actions, newest first" }, { timeout: 5000 });
    const [withAmount, without] = within(list).getAllByRole("listitem");
    expect(within(withAmount).getByText("Watered · 20 L")).toBeTruthy();
    expect(within(without).getByText("Watering")).toBeTruthy();
    // Editing keeps the amount in a litres field.
    fireEvent.click(within(withAmount).getByRole("button", { name: "Edit" }));
    expect((within(withAmount).getByRole("textbox", { name: "Litres" }) as HTMLInputElement).value).toBe("20");
  });
});

describe("thing dashboard", () => {
  it("says under the name whether the thing needs water and why (the water-need model, issue 21)", async () => {
    renderThings(`/things/${THING_ID}/dashboard`, {
      ThingPage: () => ({
        data: {
          thingById: {
            ...thingFixture(),
            waterNeed: "DUE_SOON" as const,
            waterNeedReason: "watered 2 days ago with 40 L; 3 mm rain since; hot days ahead",
            waterNeedReasonParts: null,
          },
        },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Big Planter" });
    const need = screen.getByTestId("thing-need");
    expect(need.textContent).toBe("Due soon. watered 2 days ago with 40 L; 3 mm rain since; hot days ahead");
    expect(need.querySelector(".need-badge")?.getAttribute("data-shape")).toBe("diamond");
  });

  it("writes the reason in the reader's language from its parts (issue 25)", async () => {
    const parts = [
      { key: "reason.watered_litres", values: { days: 2, litres: 40 } },
      { key: "reason.rain_since", values: { mm: 3 } },
      { key: "reason.hot_ahead" },
    ];
    const fixture = {
      ...thingFixture(),
      waterNeed: "DUE_SOON" as const,
      waterNeedReason: "watered 2 days ago with 40 L; 3 mm rain since; hot days ahead",
      waterNeedReasonParts: parts,
    };
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    try {
      renderThings(`/things/${THING_ID}/dashboard`, { ThingPage: () => ({ data: { thingById: fixture } }) });
      await screen.findByRole("heading", { level: 1, name: "Big Planter" }, { timeout: 3000 });
      expect(screen.getByTestId("thing-need").textContent).toContain(
        "vor 2 Tagen mit 40 l gegossen; seitdem 3 mm Regen; heiße Tage stehen bevor",
      );
    } finally {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    }
    cleanup();
    renderThings(`/things/${THING_ID}/dashboard`, { ThingPage: () => ({ data: { thingById: fixture } }) });
    await screen.findByRole("heading", { level: 1, name: "Big Planter" });
    expect(screen.getByTestId("thing-need").textContent).toBe("Due soon. watered 2 days ago with 40 L; 3 mm rain since; hot days ahead");
  });

  it("shows the state in words, the latest readings, the last action and the quick buttons", async () => {
    renderThings(`/things/${THING_ID}/dashboard`, { ThingPage: () => ({ data: { thingById: thingFixture() } }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Big Planter" })).toBeTruthy();
    // The dashboard is a lazy part of the page, there a moment after its heading.
    expect(await screen.findByText("The soil is drying out: water it soon.", {}, { timeout: LAZY_PART_MS })).toBeTruthy();
    expect(screen.getAllByText("Needs water").length).toBeGreaterThan(0);
    expect(screen.getByText("Water").nextSibling?.textContent).toBe("24%");
    expect(screen.getByText("Two full cans.")).toBeTruthy();
    // Litres (issue 21): the last watering's amount and the thing's total.
    expect(document.querySelector(`.${styles.lastActionLine}`)?.textContent).toContain("watered it · 20 L");
    expect(document.querySelector(`.${styles.litresTotal}`)?.textContent).toBe(" 70 L of water recorded in all");
    expect(screen.getByRole("link", { name: /Record an action/ }).getAttribute("href")).toBe(`/things/${THING_ID}/action`);
    expect(screen.getByRole("button", { name: /Make it my One Thing/ })).toBeTruthy();
    // An owner neither collaborates nor stops from here.
    expect(screen.queryByRole("link", { name: "Collaborate" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Stop collaborating" })).toBeNull();
    // The visit is remembered.
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem("steward.recentThings") ?? "[]")).toEqual([THING_ID]));
  });

  it("offers to collaborate to someone without access", async () => {
    renderThings(`/things/${THING_ID}/dashboard`, {
      ThingPage: () => ({
        data: {
          thingById: thingFixture({
            canEdit: false,
            canRecordAction: false,
            thingAccessesByThingId: { __typename: "ThingAccessesConnection", nodes: [] },
          }),
        },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Big Planter" });
    const collaborate = await screen.findByRole("link", { name: "Collaborate" }, { timeout: LAZY_PART_MS });
    expect(collaborate.getAttribute("href")).toBe(`/things/${THING_ID}/collaborate`);
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
  });

  it("says plainly when the thing does not exist", async () => {
    renderThings(`/things/${THING_ID}/timeline`, { ThingPage: () => ({ data: { thingById: null } }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Thing not found" })).toBeTruthy();
  });
});

describe("owner-only screens", () => {
  it("sends someone who may not edit from /edit to the thing", async () => {
    const app = renderThings(`/things/${THING_ID}/edit`, {
      ThingPage: () => ({ data: { thingById: thingFixture({ canEdit: false }) } }),
      MyGroups: () => ({
        data: {
          currentUser: {
            __typename: "User",
            id: ALICE.id,
            groupMembershipsByUserId: { __typename: "GroupMembershipsConnection", nodes: [] },
          },
        },
      }),
    });
    await waitFor(() => expect(app.location()).toBe(`/things/${THING_ID}/dashboard`));
    // The redirect says why (issue 22).
    expect(app.notices.get().map((n) => n.message)).toContain("Only the owners of this thing can edit it.");
  });
});

describe("recording an action", () => {
  it("explains who may record, and offers to collaborate", async () => {
    renderThings(`/things/${THING_ID}/action`, {
      ThingPage: () => ({ data: { thingById: thingFixture({ canRecordAction: false, canEdit: false }) } }),
    });
    expect(await screen.findByText(/Only the people who look after Big Planter/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Collaborate" }).getAttribute("href")).toBe(`/things/${THING_ID}/collaborate`);
  });

  it("validates, sends recordAction with a client key and opens the timeline", async () => {
    const app = renderThings(`/things/${THING_ID}/action`, {
      ThingPage: () => ({ data: { thingById: thingFixture() } }),
      RecordAction: () => ({
        data: {
          recordAction: {
            __typename: "RecordActionPayload",
            action: {
              __typename: "Action",
              id: "new1",
              thingId: THING_ID,
              type: "WATERING",
              comments: "Watered",
              litres: null,
              createdAt: new Date().toISOString(),
              thingByThingId: {
                __typename: "Thing",
                id: THING_ID,
                lastAction: new Date().toISOString(),
                litresTotal: 70,
                groupByGroupId: { __typename: "Group", id: "g1", litresTotal: 70 },
              },
            },
            query: null,
          },
        },
      }),
      ThingTimeline: () => ({
        data: {
          thingById: {
            __typename: "Thing",
            id: THING_ID,
            canEdit: true,
            actionsByThingId: { __typename: "ActionsConnection", totalCount: 0, nodes: [] },
          },
        },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Record an action" });
    fireEvent.click(screen.getByRole("button", { name: "Record action" }));
    expect(await screen.findByText("Choose what you did")).toBeTruthy();
    expect(screen.getByText("Comments are required")).toBeTruthy();
    expect(app.calls.some((c) => c.operationName === "RecordAction")).toBe(false);

    fireEvent.click(screen.getByRole("radio", { name: /Watering/ }));
    fireEvent.change(screen.getByRole("textbox", { name: /Comments/ }), { target: { value: "  Watered  " } });
    fireEvent.click(screen.getByRole("button", { name: "Record action" }));
    await waitFor(() => expect(app.location()).toBe(`/things/${THING_ID}/timeline`));
    const call = app.calls.find((c) => c.operationName === "RecordAction");
    expect(call?.variables).toEqual({
      thingId: THING_ID,
      type: "WATERING",
      comments: "Watered",
      litres: null,
      location: null,
      hasImage: false,
      clientKey: expect.stringMatching(UUID),
    });
    expect(app.notices.get().map((n) => n.message)).toContain("Watering recorded — thank you!");
  });

  it("offers litres for a watering: quick picks 10, 20, 50 L and a free entry validated as the database does", async () => {
    const created = (litres: number | null): Reply<"RecordAction"> => ({
      data: {
        recordAction: {
          __typename: "RecordActionPayload",
          action: {
            __typename: "Action",
            id: "new2",
            thingId: THING_ID,
            type: "WATERING",
            comments: "Watered",
            litres,
            createdAt: new Date().toISOString(),
            thingByThingId: {
              __typename: "Thing",
              id: THING_ID,
              lastAction: new Date().toISOString(),
              litresTotal: 90,
              groupByGroupId: { __typename: "Group", id: "g1", litresTotal: 90 },
            },
          },
          query: null,
        },
      },
    });
    const app = renderThings(`/things/${THING_ID}/action?type=UPKEEP`, {
      ThingPage: () => ({ data: { thingById: thingFixture() } }),
      RecordAction: (variables) => created(variables.litres ?? null),
      ThingTimeline: () => ({
        data: {
          thingById: {
            __typename: "Thing",
            id: THING_ID,
            canEdit: true,
            actionsByThingId: { __typename: "ActionsConnection", totalCount: 0, nodes: [] },
          },
        },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Record an action" });
    // Only a watering has an amount.
    expect(screen.queryByRole("group", { name: /How much water/ })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /Watering/ }));
    const amount = screen.getByRole("group", { name: /How much water/ });
    expect(
      within(amount)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["10 L", "20 L", "50 L"]);
    const litres = within(amount).getByRole("textbox", { name: "Litres" }) as HTMLInputElement;

    // Free entry: the shared rule's messages, and nothing is sent.
    fireEvent.change(litres, { target: { value: "5000" } });
    expect(await screen.findByText("Litres must be between 0.5 and 1000")).toBeTruthy();
    expect(litres.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(litres, { target: { value: "2.25" } });
    expect(screen.getByText("Litres may have at most one decimal place")).toBeTruthy();
    fireEvent.change(litres, { target: { value: "lots" } });
    expect(screen.getByText("Litres must be a number")).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: /Comments/ }), { target: { value: "Watered" } });
    fireEvent.click(screen.getByRole("button", { name: "Record action" }));
    expect(app.calls.some((c) => c.operationName === "RecordAction")).toBe(false);

    // A quick pick fills the entry and is shown pressed; picking it again clears it.
    fireEvent.click(within(amount).getByRole("button", { name: "50 L" }));
    expect(litres.value).toBe("50");
    fireEvent.click(within(amount).getByRole("button", { name: "50 L" }));
    expect(litres.value).toBe("");
    fireEvent.click(within(amount).getByRole("button", { name: "20 L" }));
    expect(within(amount).getByRole("button", { name: "20 L" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(amount).getByRole("button", { name: "10 L" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.queryByText("Litres must be a number")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Record action" }));
    await waitFor(() => expect(app.location()).toBe(`/things/${THING_ID}/timeline`));
    expect(app.calls.find((c) => c.operationName === "RecordAction")?.variables).toEqual({
      thingId: THING_ID,
      type: "WATERING",
      comments: "Watered",
      litres: 20,
      location: null,
      hasImage: false,
      clientKey: expect.stringMatching(UUID),
    });
    expect(app.notices.get().map((n) => n.message)).toContain("Watering of 20 L recorded — thank you!");
  });

  it("sends no litres with another type, even after one was picked for a watering", async () => {
    const app = renderThings(`/things/${THING_ID}/action?type=WATERING`, {
      ThingPage: () => ({ data: { thingById: thingFixture() } }),
      RecordAction: () => ({ data: { recordAction: null }, errors: [{ message: "stop here", extensions: { code: "INVLD" } }] }),
    });
    await screen.findByRole("heading", { level: 1, name: "Record an action" });
    fireEvent.click(screen.getByRole("button", { name: "10 L" }));
    fireEvent.click(screen.getByRole("radio", { name: /Upkeep/ }));
    fireEvent.change(screen.getByRole("textbox", { name: /Comments/ }), { target: { value: "Weeded" } });
    fireEvent.click(screen.getByRole("button", { name: "Record action" }));
    await screen.findByRole("alert");
    expect((app.calls.find((c) => c.operationName === "RecordAction")?.variables as { litres: unknown } | undefined)?.litres).toBeNull();
  });

  it("shows the server's message when recording fails", async () => {
    renderThings(`/things/${THING_ID}/action?type=UPKEEP`, {
      ThingPage: () => ({ data: { thingById: thingFixture() } }),
      RecordAction: () => ({
        data: { recordAction: null },
        errors: [{ message: "Comments must be at most 2000 characters", extensions: { code: "INVLD" } }],
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Record an action" });
    expect((screen.getByRole("radio", { name: /Upkeep/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByRole("textbox", { name: /Comments/ }), { target: { value: "Weeded" } });
    fireEvent.click(screen.getByRole("button", { name: "Record action" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Comments must be at most 2000 characters");
  });
});

describe("collaborating", () => {
  it("makes you a collaborator, says so and opens the dashboard", async () => {
    const app = renderThings(`/things/${THING_ID}/collaborate`, {
      CollaborateThingAccess: () => ({
        data: {
          collaborateThingAccess: {
            __typename: "CollaborateThingAccessPayload",
            thingAccess: { __typename: "ThingAccess", id: "a2", thingId: THING_ID, userId: ALICE.id, isOwner: false, isCollaborator: true },
          },
        },
      }),
      ThingPage: () => ({ data: { thingById: thingFixture() } }),
    });
    await waitFor(() => expect(app.location()).toBe(`/things/${THING_ID}/dashboard`));
    expect(app.notices.get().map((n) => n.message)).toContain("Collaborator added");
    expect(app.calls.find((c) => c.operationName === "CollaborateThingAccess")?.variables).toEqual({ thingId: THING_ID });
  });
});

describe("accepting an invitation", () => {
  it("asks to verify an unverified invited address, then shows the invitation after checking again", async () => {
    let verified = false;
    renderThings(`/things/accept?id=${THING_ID}&code=abc`, {
      ThingAccessForInvitation: () =>
        verified
          ? { data: { thingAccessForInvitation: { __typename: "InvitationTarget", id: THING_ID, name: "Big Planter" } } }
          : { errors: [{ message: "Verify your e-mail address to accept this invitation", extensions: { code: "DNIEM" } }] },
      MyEmails: () => unverifiedEmailReply(ALICE.id, "alice@example.org"),
    });
    expect(await screen.findByText("Verify your e-mail address to accept this invitation")).toBeTruthy();
    expect(screen.queryByText("This invitation was sent to another e-mail address")).toBeNull();
    await screen.findByRole("button", { name: "Send a new verification link to alice@example.org" });
    expect(screen.getByRole("link", { name: "Your e-mail addresses" }).getAttribute("href")).toBe("/account/emails");
    verified = true;
    fireEvent.click(screen.getByRole("button", { name: "I have verified it: check again" }));
    expect(await screen.findByText(/You have been invited to help look after/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Accept" })).toBeTruthy();
  });
});

describe("in German (issue 25)", () => {
  beforeEach(() => localStorage.setItem(LANGUAGE_STORAGE_KEY, "de"));
  afterEach(() => localStorage.removeItem(LANGUAGE_STORAGE_KEY));

  it("the dashboard says the whole sentence and the counts in German, with 'du'", async () => {
    const mine = thingFixture({
      actionsByThingId: {
        ...thingFixture().actionsByThingId,
        nodes: [
          {
            ...thingFixture().actionsByThingId.nodes[0],
            createdBy: ALICE.id,
            userByCreatedBy: { __typename: "User", id: ALICE.id, name: "Alice Smith", username: "alice" },
          },
        ],
      },
    });
    renderThings(`/things/${THING_ID}/dashboard`, { ThingPage: () => ({ data: { thingById: mine } }) });
    await screen.findByRole("heading", { level: 1, name: "Big Planter" }, { timeout: 3000 });
    expect(await screen.findByRole("heading", { name: "Wie es ihm geht" }, { timeout: LAZY_PART_MS })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Über dieses Objekt" })).toBeTruthy();
    // The reader's own watering: "Du hast es gegossen", the verb where German puts it.
    expect(document.querySelector(`.${styles.lastActionLine}`)?.textContent).toContain("Du hast es gegossen");
    expect(screen.getByRole("link", { name: "1 Besitzer" }).getAttribute("href")).toBe(`/things/${THING_ID}/collaborators`);
    expect(screen.getByRole("link", { name: "Verlauf ansehen (2 Aktionen)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Zu meinem One Thing machen/ })).toBeTruthy();
  });

  it("the invitation page explains a used-up link in German", async () => {
    renderThings(`/things/accept?id=${THING_ID}&code=abc`, {
      ThingAccessForInvitation: { errors: [{ message: "This invitation was not found or has expired", extensions: { code: "NTFND" } }] },
    });
    await screen.findByRole("heading", { name: "Diese Einladung gibt es nicht oder sie ist abgelaufen" }, { timeout: 3000 });
    expect(screen.getByRole("heading", { level: 1, name: "Einladung zu einem Objekt annehmen" })).toBeTruthy();
    expect(screen.getByText(/Bitte den Besitzer des Objekts, dich noch einmal einzuladen/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Alle Objekte ansehen" }).getAttribute("href")).toBe("/things");
  });
});

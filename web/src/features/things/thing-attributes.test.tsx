// The attributes by type in the thing form (issue 26): the database's messages in the form, only
// the chosen type's fields shown and sent (a retyped thing clears the others), and nothing sent
// while a value is bad.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, type AppServices } from "../../App.tsx";
import { NoticeStore } from "../../lib/notices.tsx";
import { SessionStore } from "../../lib/session.ts";
import { buildRouteObjects } from "../../routes/routes.tsx";
import type { OperationName, Reply } from "../../test/fake-api.tsx";
import { ALICE, MemoryStorage, TEST_CONFIG, fakeAuth, userSession } from "../../test/helpers.tsx";
import { EMPTY_ATTRIBUTES, attributesInputOf, validateAttributes } from "./thing-attributes.ts";
import { memoryRoutes } from "../../test/router.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the attribute rules, as the database says them", () => {
  const tree = (values: Partial<typeof EMPTY_ATTRIBUTES>) => validateAttributes("TREE", { ...EMPTY_ATTRIBUTES, ...values }, 2026);
  it("checks a tree's planting year and girth", () => {
    expect(tree({ plantingYear: "2019", trunkGirthCm: "120" })).toMatchObject({ plantingYear: null, trunkGirthCm: null });
    expect(tree({ plantingYear: "19" }).plantingYear).toBe("Planting year must be a year such as 2019");
    expect(tree({ plantingYear: "2027" }).plantingYear).toBe("Planting year must be between 1500 and this year");
    expect(tree({ plantingYear: "1499" }).plantingYear).toBe("Planting year must be between 1500 and this year");
    expect(tree({ trunkGirthCm: "0" }).trunkGirthCm).toBe("Trunk girth must be between 1 and 2000 cm");
    expect(tree({ trunkGirthCm: "2001" }).trunkGirthCm).toBe("Trunk girth must be between 1 and 2000 cm");
    expect(tree({ trunkGirthCm: "12.5" }).trunkGirthCm).toBe("Trunk girth must be a whole number of centimetres");
  });

  it("checks a planter's volume and soil area (a decimal comma is fine)", () => {
    const soil = (values: Partial<typeof EMPTY_ATTRIBUTES>) => validateAttributes("PLANTER", { ...EMPTY_ATTRIBUTES, ...values });
    expect(soil({ volumeLitres: "250", soilAreaM2: "1,5" })).toMatchObject({ volumeLitres: null, soilAreaM2: null });
    expect(soil({ volumeLitres: "0.5" }).volumeLitres).toBe("Volume must be between 1 and 100000 litres");
    expect(soil({ volumeLitres: "lots" }).volumeLitres).toBe("Volume must be a number of litres");
    expect(soil({ soilAreaM2: "0" }).soilAreaM2).toBe("Soil area must be between 0.01 and 10000 m²");
  });

  it("checks a bee cafe's plants", () => {
    const cafe = (plants: string) => validateAttributes("BEECAFE", { ...EMPTY_ATTRIBUTES, floweringPlants: plants }).floweringPlants;
    expect(cafe("lavender, borage; thyme")).toBeNull();
    expect(cafe("lavender, Lavender")).toBe("Each flowering plant may be named once");
    expect(cafe("x".repeat(101))).toBe("Each flowering plant must be between 1 and 100 characters");
    expect(cafe(Array.from({ length: 31 }, (_, i) => `plant ${i}`).join(","))).toBe("At most 30 flowering plants");
  });

  it("ignores another type's values and sends them as null", () => {
    const values = {
      ...EMPTY_ATTRIBUTES,
      speciesId: "tilia-cordata",
      trunkGirthCm: "99999",
      volumeLitres: "300",
      floweringSeasons: "SUMMER,SPRING",
    };
    expect(Object.values(validateAttributes("PLANTER", values)).filter(Boolean)).toEqual([]);
    expect(attributesInputOf("PLANTER", values)).toEqual({
      speciesId: null,
      plantingYear: null,
      trunkGirthCm: null,
      heightClass: null,
      volumeLitres: 300,
      soilAreaM2: null,
      floweringPlants: null,
      floweringSeasons: null,
    });
    expect(attributesInputOf("BEECAFE", values).floweringSeasons).toEqual(["SPRING", "SUMMER"]);
  });
});

describe("the new thing form", () => {
  function renderNewThing() {
    window.scrollTo = () => {};
    const calls: { operationName: string; variables: Record<string, any> }[] = [];
    const handlers: { [N in OperationName]?: () => Reply<N> } = {
      MyGroups: () => ({
        data: {
          currentUser: {
            __typename: "User",
            id: ALICE.id,
            groupMembershipsByUserId: {
              __typename: "GroupMembershipsConnection",
              nodes: [
                {
                  __typename: "GroupMembership",
                  id: "m1",
                  isOwner: true,
                  groupByGroupId: { __typename: "Group", id: "g1", name: "Riverside Growers", type: "GROWER" },
                },
              ],
            },
          },
        },
      }),
      TreeSpecies: () => ({
        data: {
          allTreeSpeciesEntries: {
            __typename: "TreeSpeciesEntriesConnection",
            nodes: [
              {
                __typename: "TreeSpeciesEntry",
                id: "tilia-cordata",
                botanicalName: "Tilia cordata",
                commonNameEn: "Small-leaved lime",
                commonNameDe: "Winter-Linde",
              },
            ],
          },
        },
      }),
      CreateThing: () => ({
        data: {
          createThing: { __typename: "CreateThingPayload", thing: { __typename: "Thing", id: "t1", nodeId: "n1", name: "Station Lime" } },
        },
      }),
    };
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? "{}"));
      calls.push({ operationName: body.operationName, variables: body.variables });
      const handler = (handlers as Record<string, (() => unknown) | undefined>)[body.operationName];
      return new Response(JSON.stringify(handler?.() ?? { data: null }), { headers: { "content-type": "application/json" } });
    });
    const sessionStore = new SessionStore({ storage: new MemoryStorage() });
    sessionStore.set(userSession({ id: ALICE.id }, { user_id: ALICE.id }));
    const services: AppServices = {
      config: TEST_CONFIG,
      sessionStore,
      auth: fakeAuth(),
      notices: new NoticeStore(),
      fetch: fetchMock as unknown as typeof fetch,
    };
    render(<AppProviders services={services}>{memoryRoutes(buildRouteObjects(), "/things/new").element}</AppProviders>);
    return { calls };
  }

  it("shows a tree's fields for a tree, refuses a bad girth with the database's message, then sends the attributes", async () => {
    const app = renderNewThing();
    const type = await screen.findByLabelText(/^Type/);
    expect(screen.queryByLabelText("Species")).toBeNull();
    fireEvent.change(type, { target: { value: "TREE" } });
    const species = await screen.findByLabelText("Species");
    await screen.findByRole("option", { name: "Small-leaved lime (Tilia cordata; Winter-Linde)" });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Station Lime" } });
    fireEvent.change(screen.getByLabelText(/^Latitude/), { target: { value: "51.4543" } });
    fireEvent.change(screen.getByLabelText(/^Longitude/), { target: { value: "-0.9781" } });
    fireEvent.change(species, { target: { value: "tilia-cordata" } });
    fireEvent.change(screen.getByLabelText("Planting year"), { target: { value: "2024" } });
    fireEvent.change(screen.getByLabelText("Trunk girth (cm)"), { target: { value: "3000" } });
    expect(await screen.findByText("Trunk girth must be between 1 and 2000 cm")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add thing" }));
    await new Promise((r) => setTimeout(r, 50));
    expect(app.calls.filter((c) => c.operationName === "CreateThing")).toEqual([]);

    fireEvent.change(screen.getByLabelText("Trunk girth (cm)"), { target: { value: "18" } });
    fireEvent.click(screen.getByRole("button", { name: "Add thing" }));
    await waitFor(() => expect(app.calls.some((c) => c.operationName === "CreateThing")).toBe(true));
    const input = app.calls.find((c) => c.operationName === "CreateThing")!.variables.input;
    expect(input).toMatchObject({
      type: "TREE",
      speciesId: "tilia-cordata",
      plantingYear: 2024,
      trunkGirthCm: 18,
      heightClass: null,
      volumeLitres: null,
      floweringPlants: null,
    });
  });

  it("a planter has volume and soil area instead", async () => {
    renderNewThing();
    fireEvent.change(await screen.findByLabelText(/^Type/), { target: { value: "PLANTER" } });
    fireEvent.change(await screen.findByLabelText("Volume (litres)"), { target: { value: "0" } });
    expect(await screen.findByText("Volume must be between 1 and 100000 litres")).toBeTruthy();
    expect(screen.getByLabelText("Soil area (m²)")).toBeTruthy();
    expect(screen.queryByLabelText("Species")).toBeNull();
  });
});

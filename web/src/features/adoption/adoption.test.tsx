// Adoption on a thing's page, the map card and profiles, against a fake API.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { failure, renderElementWithFakeApi } from "../../test/fake-api.tsx";
import { guestSession, userSession } from "../../test/helpers.tsx";
import { AdoptedThings, adoptedCountText } from "./AdoptedThings.tsx";
import { AdoptionPanel } from "./AdoptionPanel.tsx";
import { adoptionSummary } from "./adoption-text.ts";

const THING_ID = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b2c";
const ME = "11111111-1111-4111-8111-111111111111"; // userSession()'s user
// A user's name is never null in the schema; one without a name of their own has their username.
const adopter = (userId: string, username: string, name: string = username) => ({
  __typename: "ThingAdoption" as const,
  id: `a-${userId}`,
  userId,
  userByUserId: { __typename: "User" as const, id: userId, username, name },
});
const adoption = (nodes: ReturnType<typeof adopter>[], mine: boolean, count = nodes.length) => ({
  __typename: "Thing" as const,
  id: THING_ID,
  adoptedByMe: mine,
  adopterCount: count,
  thingAdoptionsByThingId: { __typename: "ThingAdoptionsConnection" as const, nodes },
});

describe("adoption words", () => {
  it("says who looks after it, naming what the viewer may see", () => {
    const priya = adopter("p", "priya", "Priya Shah");
    const tom = adopter("t", "tom");
    expect(adoptionSummary([], 0, ME)).toBe("Nobody has adopted this yet");
    expect(adoptionSummary([priya, tom], 2, ME)).toBe("Adopted by Priya Shah and tom");
    expect(adoptionSummary([adopter(ME, "alice")], 1, ME)).toBe("You look after this");
    expect(adoptionSummary([adopter(ME, "alice"), priya], 2, ME)).toBe("You look after this, with Priya Shah");
    // A guest sees the adoptions but not who (users are for those signed in).
    expect(
      adoptionSummary(
        [
          { userId: "p", userByUserId: null },
          { userId: "t", userByUserId: null },
        ],
        2,
        null,
      ),
    ).toBe("Adopted by 2 people");
    expect(adoptedCountText(1, false)).toBe("Looks after 1 thing");
    expect(adoptedCountText(3, true)).toBe("You look after 3 things");
  });
});

describe("AdoptionPanel", () => {
  it("adopts: 'I look after this one' becomes 'You look after this'", async () => {
    const app = renderElementWithFakeApi(<AdoptionPanel thingId={THING_ID} />, userSession(), {
      ThingAdoption: { data: { thingById: adoption([adopter("p", "priya")], false) } },
      AdoptThing: {
        data: {
          adoptThing: {
            __typename: "AdoptThingPayload" as const,
            thingAdoption: { __typename: "ThingAdoption" as const, id: "a-me" },
            thingByThingId: adoption([adopter("p", "priya"), adopter(ME, "alice")], true),
          },
        },
      },
    });
    expect(await screen.findByText("Adopted by priya")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "I look after this one" }));
    expect(await screen.findByText("You look after this, with priya")).toBeTruthy();
    expect(app.called("AdoptThing")[0].variables).toEqual({ thingId: THING_ID });
    expect(screen.getByRole("button", { name: "Stop looking after it" })).toBeTruthy();
  });

  it("stops looking after it", async () => {
    const app = renderElementWithFakeApi(<AdoptionPanel thingId={THING_ID} />, userSession(), {
      ThingAdoption: { data: { thingById: adoption([adopter(ME, "alice")], true) } },
      StopAdoptingThing: {
        data: {
          stopAdoptingThing: {
            __typename: "StopAdoptingThingPayload" as const,
            thingAdoption: { __typename: "ThingAdoption" as const, id: "a-me" },
            thingByThingId: adoption([], false),
          },
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Stop looking after it" }));
    expect(await screen.findByText("Nobody has adopted this yet")).toBeTruthy();
    expect(app.called("StopAdoptingThing")).toHaveLength(1);
  });

  it("refuses a sixth adopter before asking the server, in the database's words", async () => {
    const five = ["a", "b", "c", "d", "e"].map((id) => adopter(id, `user${id}`));
    const app = renderElementWithFakeApi(<AdoptionPanel thingId={THING_ID} />, userSession(), {
      ThingAdoption: { data: { thingById: adoption(five, false) } },
    });
    fireEvent.click(await screen.findByRole("button", { name: "I look after this one" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This thing already has 5 people looking after it, the most it can have");
    expect(app.called("AdoptThing")).toHaveLength(0);
  });

  it("shows the server's reason when adopting is refused", async () => {
    renderElementWithFakeApi(<AdoptionPanel thingId={THING_ID} />, userSession(), {
      ThingAdoption: { data: { thingById: adoption([], false) } },
      AdoptThing: failure("You can look after up to 50 things; stop looking after one first", "LIMIT"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "I look after this one" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You can look after up to 50 things; stop looking after one first");
  });

  it("asks a guest to sign in, and offers no button", async () => {
    renderElementWithFakeApi(<AdoptionPanel thingId={THING_ID} />, guestSession(), {
      ThingAdoption: { data: { thingById: adoption([{ ...adopter("p", "priya"), userByUserId: null } as never], false, 1) } },
    });
    expect(await screen.findByText("Adopted by 1 person")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy();
  });
});

describe("AdoptedThings", () => {
  it("counts the things a person looks after and links them", async () => {
    renderElementWithFakeApi(<AdoptedThings userId="p" />, userSession(), {
      UserAdoptions: {
        data: {
          userById: {
            __typename: "User" as const,
            id: "p",
            adoptedThingCount: 2,
            thingAdoptionsByUserId: {
              __typename: "ThingAdoptionsConnection" as const,
              nodes: [
                {
                  __typename: "ThingAdoption" as const,
                  id: "x1",
                  thingByThingId: { __typename: "Thing" as const, id: THING_ID, name: "Oak on Elm Road" },
                },
                { __typename: "ThingAdoption" as const, id: "x2", thingByThingId: null },
              ],
            },
          },
        },
      },
    });
    expect(await screen.findByText("Looks after 2 things")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Oak on Elm Road" }).getAttribute("href")).toBe(`/things/${THING_ID}/dashboard`),
    );
  });
});

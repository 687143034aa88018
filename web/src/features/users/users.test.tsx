import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { guestSession, userSession } from "../../test/helpers.tsx";
import { renderScreen } from "../groups/test-utils.tsx";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const BOB = "44444444-4444-4444-8444-444444444444";

const user = (id: string, name: string, username: string) => ({
  __typename: "User",
  id,
  name,
  username,
  hasImage: false,
  isVerified: true,
  createdAt: "2026-03-01T10:00:00Z",
});

describe("/users", () => {
  it("asks guests to sign in", async () => {
    renderScreen("/users", guestSession(), {});
    await screen.findByRole("heading", { name: "Sign in to see people" });
  });

  it("lists the people in visible groups once each for signed-in users", async () => {
    const membership = (id: string, person: ReturnType<typeof user>, group: string) => ({
      __typename: "GroupMembership",
      id,
      createdAt: "2026-04-01T10:00:00Z",
      userByUserId: person,
      groupByGroupId: { __typename: "Group", id: `g-${group}`, name: group },
    });
    const bob = user(BOB, "Bob Builder", "bob");
    const app = renderScreen("/users", userSession(), {
      PeopleInGroups: {
        data: {
          allGroupMemberships: {
            __typename: "GroupMembershipsConnection",
            totalCount: 3,
            pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
            nodes: [
              membership("m1", bob, "Riverside"),
              membership("m2", bob, "Orchard"),
              membership("m3", user("55555555-5555-4555-8555-555555555555", "Cara Grower", "cara"), "Orchard"),
            ],
          },
        },
      },
    });
    const list = await screen.findByRole("list", { name: "People" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("In Riverside, Orchard")).toBeTruthy();
    expect(within(list).getByRole("link", { name: "Bob Builder" }).getAttribute("href")).toBe(`/users/${BOB}/dashboard`);
    expect(app.called("UsersList")).toHaveLength(0);
  });
});

describe("/users/{id}", () => {
  it("shows the dashboard with the person's groups", async () => {
    renderScreen(`/users/${BOB}/dashboard`, userSession(), {
      User: {
        data: {
          userById: {
            ...user(BOB, "Bob Builder", "bob"),
            actionsByCreatedBy: { __typename: "ActionsConnection", totalCount: 4 },
            badgesByUserId: { __typename: "BadgesConnection", totalCount: 2 },
            thingAccessesByUserId: { __typename: "ThingAccessesConnection", totalCount: 1 },
            groupMembershipsByUserId: {
              __typename: "GroupMembershipsConnection",
              totalCount: 1,
              nodes: [
                {
                  __typename: "GroupMembership",
                  id: "m1",
                  isOwner: true,
                  createdAt: "2026-04-01T10:00:00Z",
                  groupByGroupId: { __typename: "Group", id: "g1", name: "Riverside", type: "COUNCIL", isPublic: true, hasImage: false },
                },
              ],
            },
          },
        },
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Bob Builder" });
    const groups = screen.getByRole("list", { name: "Groups of Bob Builder" });
    expect(within(groups).getByRole("link", { name: "Riverside" })).toBeTruthy();
    expect(within(groups).getByText("Owner")).toBeTruthy();
    expect(screen.getByText("4")).toBeTruthy();
  });

  it("asks guests to sign in, and says when nobody has the profile", async () => {
    renderScreen(`/users/${BOB}/badges`, guestSession(), {});
    await screen.findByRole("heading", { name: "Sign in to see this profile" });
    cleanup();
    renderScreen(`/users/${BOB}/badges`, userSession(), { User: { data: { userById: null } } });
    await screen.findByRole("heading", { level: 1, name: "Person not found" });
  });
});

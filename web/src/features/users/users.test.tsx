import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { guestSession, userSession } from "../../test/helpers.tsx";
import { renderScreen, type Data, type NodeOf } from "../groups/test-utils.tsx";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const BOB = "44444444-4444-4444-8444-444444444444";

const user = (id: string, name: string, username: string) => ({
  __typename: "User" as const,
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

  it("lists the people of the visible groups with their groups, searching and sorting on the server", async () => {
    const withGroups = (
      person: ReturnType<typeof user>,
      groups: string[],
      total = groups.length,
    ): NodeOf<Data<"PeopleInGroups">["peopleInGroups"]> => ({
      ...person,
      groupMembershipsByUserId: {
        __typename: "GroupMembershipsConnection",
        totalCount: total,
        nodes: groups.map((name, i) => ({
          __typename: "GroupMembership",
          id: `${person.id}-m${i}`,
          groupByGroupId: { __typename: "Group", id: `g-${name}`, name },
        })),
      },
    });
    const app = renderScreen("/users", userSession(), {
      PeopleInGroups: {
        data: {
          peopleInGroups: {
            __typename: "UsersConnection",
            totalCount: 2,
            pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
            nodes: [
              withGroups(user(BOB, "Bob Builder", "bob"), ["Riverside", "Orchard", "Allotments"], 5),
              withGroups(user("55555555-5555-4555-8555-555555555555", "Cara Grower", "cara"), ["Orchard"]),
            ],
          },
        },
      },
      PeopleGroups: {
        data: {
          currentUser: {
            __typename: "User",
            id: "me",
            groupMembershipsByUserId: { __typename: "GroupMembershipsConnection", nodes: [] },
          },
        },
      },
    });
    const list = await screen.findByRole("list", { name: "People" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("In Riverside, Orchard, Allotments and 2 more")).toBeTruthy();
    expect(within(list).getByText("In Orchard")).toBeTruthy();
    expect(within(list).getByRole("link", { name: "Bob Builder" }).getAttribute("href")).toBe(`/users/${BOB}/dashboard`);
    expect(app.called("UsersList")).toHaveLength(0);
    // The query asked for the remembered order, and no search yet.
    const vars = app.called("PeopleInGroups")[0].variables as { orderBy: string[]; condition?: unknown; groupId: string | null };
    expect(vars.orderBy).toEqual(["NAME_ASC", "USERNAME_ASC"]);
    expect(vars.condition).toBeUndefined();
    expect(vars.groupId).toBeNull();
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
            litresTotal: 120.5,
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
    // Litres of water this person recorded (issue 21).
    expect(screen.getByText("Water given").nextSibling?.textContent).toBe("120.5 L");
  });

  it("asks guests to sign in, and says when nobody has the profile", async () => {
    renderScreen(`/users/${BOB}/badges`, guestSession(), {});
    await screen.findByRole("heading", { name: "Sign in to see this profile" });
    cleanup();
    renderScreen(`/users/${BOB}/badges`, userSession(), { User: { data: { userById: null } } });
    await screen.findByRole("heading", { level: 1, name: "Person not found" });
  });
});

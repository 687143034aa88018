import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BEE_BRANDING } from "../../../../shared/branding.ts";
import { LANGUAGE_STORAGE_KEY } from "../../lib/i18n/locale-context.tsx";
import { renderWithFakeApi } from "../../test/fake-api.tsx";
import { guestSession, TEST_CONFIG, userSession } from "../../test/helpers.tsx";
import { errorText, timeAgo, validateLabel } from "./meta.ts";
import { failure, renderScreen, type Data } from "./test-utils.tsx";
import { CombinedError } from "urql";

afterEach(() => {
  cleanup();
  window.localStorage.clear(); // lists remember their search, sort and filters there
});

const ME = "11111111-1111-4111-8111-111111111111";
const GROUP_ID = "22222222-2222-4222-8222-222222222222";
const OTHER = "33333333-3333-4333-8333-333333333333";

function group(overrides: { owner?: boolean; member?: boolean; isPublic?: boolean } = {}): Data<"Group"> {
  const { owner = false, member = owner, isPublic = true } = overrides;
  return {
    groupById: {
      __typename: "Group",
      id: GROUP_ID,
      nodeId: "WyJncm91cHMiLCIyMiJd",
      name: "Riverside Planters",
      type: "COUNCIL",
      description: "We look after the riverside planters.",
      slug: "riverside-planters",
      isPublic,
      hasImage: false,
      createdAt: "2026-05-01T10:00:00Z",
      updatedAt: "2026-05-01T10:00:00Z",
      members: { __typename: "GroupMembershipsConnection", totalCount: 2 },
      owners: {
        __typename: "GroupMembershipsConnection",
        totalCount: 1,
        nodes: [
          {
            __typename: "GroupMembership",
            id: "m-owner",
            userId: owner ? ME : OTHER,
            isOwner: true,
            userByUserId: { __typename: "User", id: owner ? ME : OTHER, name: "Olive Owner", username: "olive", hasImage: false },
          },
        ],
      },
      mine: {
        __typename: "GroupMembershipsConnection",
        nodes: member ? [{ __typename: "GroupMembership", id: "m-me", userId: ME, isOwner: owner, createdAt: "2026-05-02T10:00:00Z" }] : [],
      },
      thingsByGroupId: { __typename: "ThingsConnection", totalCount: 0 },
      litresTotal: 250,
    },
  };
}

const groupsPage = (names: string[], hasNextPage = false): Data<"Groups"> => ({
  allGroups: {
    __typename: "GroupsConnection",
    totalCount: names.length + (hasNextPage ? 10 : 0),
    pageInfo: { __typename: "PageInfo", hasNextPage, endCursor: hasNextPage ? "c1" : null },
    nodes: names.map((name, i) => ({
      __typename: "Group",
      id: `00000000-0000-4000-8000-00000000000${i}`,
      name,
      type: i % 2 ? "ORCHARD" : "COUNCIL",
      description: null,
      isPublic: true,
      hasImage: false,
      createdAt: "2026-05-01T10:00:00Z",
      groupMembershipsByGroupId: { __typename: "GroupMembershipsConnection", totalCount: 3 },
      thingsByGroupId: { __typename: "ThingsConnection", totalCount: 1 },
    })),
  },
});

describe("helpers", () => {
  it("validate labels like the database", () => {
    expect(validateLabel("  ")).toBe("Name is required");
    expect(validateLabel("ab")).toBe("Name must be between 3 and 255 characters");
    expect(validateLabel("Oak & Elm 2")).toBeNull();
  });

  it("show the server's message, or the screen's own words for masked errors", () => {
    const owner = new CombinedError({ graphQLErrors: [{ message: "Make another member an owner", extensions: { code: "OWNER" } }] });
    expect(errorText(owner, "Failed")).toBe("Make another member an owner");
    const masked = new CombinedError({ graphQLErrors: [{ message: "An error occurred" }] });
    expect(errorText(masked, "Failed to delete group")).toBe("Failed to delete group");
  });

  it("word times relative to now", () => {
    const now = Date.parse("2026-05-10T12:00:00Z");
    expect(timeAgo("2026-05-10T11:59:50Z", now)).toBe("just now");
    expect(timeAgo("2026-05-10T09:00:00Z", now)).toBe("3 hours ago");
    expect(timeAgo("2026-05-08T12:00:00Z", now)).toBe("2 days ago");
  });
});

describe("the group screens' words (issue 25)", () => {
  const beeGroups = () =>
    renderWithFakeApi(
      "/groups",
      guestSession(),
      { Groups: { data: groupsPage(["Riverside Planters"]) } },
      {
        config: { ...TEST_CONFIG, branding: BEE_BRANDING },
      },
    );

  it("speak of beepasses and cafes in the bee branding", async () => {
    beeGroups();
    expect(await screen.findByRole("heading", { level: 1, name: "Beepasses" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start a beepass" })).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "Search beepasses" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Beepasses" });
    expect(within(list).getByText(/Council · 3 members · 1 cafe/)).toBeTruthy();
  });

  it("say it in German with du, the bee branding's words included", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    beeGroups();
    expect(await screen.findByRole("heading", { level: 1, name: "Bienenpässe" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Bienenpass gründen" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Bienenpässe" });
    expect(within(list).getByText(/Gemeinde · 3 Mitglieder · 1 Café/)).toBeTruthy();
  });
});

describe("/groups", () => {
  it("lists groups, searches on the server and offers more", async () => {
    // Each group keeps its own id whichever page or search brings it (the cache keys by id).
    const ids: Record<string, string> = {
      "Riverside Planters": "00000000-0000-4000-8000-000000000000",
      "Orchard Friends": "00000000-0000-4000-8000-000000000001",
      "Zeta Growers": "00000000-0000-4000-8000-000000000002",
    };
    const page = (names: string[], more = false) => {
      const data = groupsPage(names, more);
      for (const node of data.allGroups?.nodes ?? []) node.id = ids[node.name];
      return { data };
    };
    const app = renderScreen("/groups", guestSession(), {
      Groups: (v) => {
        const search = (v.condition as { search?: string } | null)?.search;
        if (search) return page(["Orchard Friends"]);
        return v.after ? page(["Zeta Growers"]) : page(["Riverside Planters", "Orchard Friends"], true);
      },
    });
    const list = await screen.findByRole("list", { name: "Groups" }, { timeout: 5000 });
    expect(within(list).getByRole("link", { name: "Riverside Planters" }).getAttribute("href")).toBe(
      "/groups/00000000-0000-4000-8000-000000000000/dashboard",
    );
    expect(app.called("Groups")[0].variables).toMatchObject({ first: 24, after: null, orderBy: ["NAME_ASC", "ID_ASC"] });
    fireEvent.click(screen.getByRole("button", { name: "Load more groups" }));
    await waitFor(() => expect(app.called("Groups").some((c) => c.variables.after === "c1")).toBe(true));
    await within(list).findByRole("link", { name: "Zeta Growers" });

    // The search goes to the server once typing pauses, so groups not loaded yet are found too.
    fireEvent.change(screen.getByRole("searchbox", { name: "Search groups" }), { target: { value: "orchard" } });
    await waitFor(() => expect(app.called("Groups").at(-1)!.variables.condition).toEqual({ search: "orchard" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Riverside Planters" })).toBeNull());
    expect(screen.getByRole("link", { name: "Orchard Friends" })).toBeTruthy();
    await screen.findByText("1 group matches");
    expect(JSON.parse(window.localStorage.getItem("steward.list.groups")!).search).toBe("orchard");
  });

  it("filters by type on the server and says when nothing matches", async () => {
    const app = renderScreen("/groups", guestSession(), {
      Groups: (v) =>
        (v.condition as { type?: string } | null)?.type === "GROWER"
          ? { data: groupsPage([]) }
          : { data: groupsPage(["Riverside Planters"]) },
    });
    await screen.findByRole("list", { name: "Groups" });
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "GROWER" } });
    await screen.findByRole("heading", { name: "No groups match" });
    expect(app.called("Groups").at(-1)!.variables.condition).toEqual({ type: "GROWER" });
    expect(JSON.parse(window.localStorage.getItem("steward.list.groups")!).filters.type).toBe("GROWER");
    fireEvent.click(screen.getByRole("button", { name: "Clear search and filters" }));
    await screen.findByRole("list", { name: "Groups" });
  });

  it("has a real empty state", async () => {
    renderScreen("/groups", guestSession(), { Groups: { data: groupsPage([]) } });
    await screen.findByRole("heading", { name: "No groups yet" });
    expect(screen.getAllByRole("link", { name: "Start a group" }).length).toBeGreaterThan(0);
  });
});

describe("/groups/{id}", () => {
  it("offers the only owner handing over or deleting instead of Leave (issue 22)", async () => {
    renderScreen(`/groups/${GROUP_ID}/dashboard`, userSession(), { Group: { data: group({ owner: true }) } });
    await screen.findByRole("heading", { level: 1, name: "Riverside Planters" });
    // Litres of water recorded on the group's things (issue 21).
    expect(screen.getByText("Water given").nextSibling?.textContent).toBe("250 L");
    expect(screen.queryByRole("button", { name: "Leave group" })).toBeNull();
    expect(screen.getByText(/You are its only owner/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Hand over ownership" }).getAttribute("href")).toBe(`/groups/${GROUP_ID}/members`);
    expect(screen.getByRole("link", { name: "Delete group" }).getAttribute("href")).toBe(`/groups/${GROUP_ID}/settings`);
  });

  it("lets a member who is not the only owner leave; a refusal shows the server's message", async () => {
    renderScreen(`/groups/${GROUP_ID}/dashboard`, userSession(), {
      Group: { data: group({ member: true }) },
      ChangeGroupMembership: failure("Make another member an owner before the last owner leaves or steps down", "OWNER"),
    });
    await screen.findByRole("heading", { level: 1, name: "Riverside Planters" });
    fireEvent.click(screen.getByRole("button", { name: "Leave group" }));
    const confirm = screen.getByRole("group", { name: "Leave Riverside Planters?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Leave group" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Make another member an owner before the last owner leaves or steps down");
  });

  it("asks guests to sign in to join, through the membership link", async () => {
    renderScreen(`/groups/${GROUP_ID}/dashboard`, guestSession(), { Group: { data: group() } });
    const link = await screen.findByRole("link", { name: "Sign in to join" });
    expect(link.getAttribute("href")).toBe(`/signin?next=${encodeURIComponent(`/groups/${GROUP_ID}/membership`)}`);
  });

  it("says so when the group does not exist", async () => {
    renderScreen(`/groups/${GROUP_ID}/members`, userSession(), { Group: { data: { groupById: null } } });
    await screen.findByRole("heading", { level: 1, name: "Group not found" });
  });

  it("shows the tasks tab's empty state with a link to create a task", async () => {
    renderScreen(`/groups/${GROUP_ID}/tasks`, userSession(), {
      Group: { data: group({ member: true }) },
      Tasks: { data: { allTasks: { __typename: "TasksConnection", totalCount: 0, nodes: [] } } },
    });
    await screen.findByRole("heading", { name: "No tasks yet" });
    expect(screen.getByRole("link", { name: "Create a task" }).getAttribute("href")).toMatch(/^\/tasks\/new\?groupId=/);
  });

  it("owners see the invite form; a refused invitation shows the server's message on the field", async () => {
    renderScreen(`/groups/${GROUP_ID}/members`, userSession(), {
      Group: { data: group({ owner: true }) },
      GroupMembers: {
        data: {
          groupById: {
            __typename: "Group",
            id: GROUP_ID,
            groupMembershipsByGroupId: {
              __typename: "GroupMembershipsConnection",
              totalCount: 1,
              pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
              nodes: [
                {
                  __typename: "GroupMembership",
                  id: "m-me",
                  userId: ME,
                  isOwner: true,
                  createdAt: "2026-05-02T10:00:00Z",
                  userByUserId: { __typename: "User", id: ME, name: "Alice Smith", username: "alice", hasImage: false, isVerified: true },
                },
              ],
            },
          },
        },
      },
      GroupInvitations: {
        data: {
          groupById: {
            __typename: "Group",
            id: GROUP_ID,
            groupMembershipInvitationsByGroupId: { __typename: "GroupMembershipInvitationsConnection", totalCount: 0, nodes: [] },
          },
        },
      },
      InviteToGroup: failure("This person is already a member", "ISACS"),
    });
    await screen.findByRole("link", { name: "Alice Smith (you)" });
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "bob@example" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(screen.getByText("Email must be a valid address")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "bob@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    await screen.findByText("This person is already a member");
    await screen.findByText(/No invitations waiting/);
  });
});

describe("/groups/{id}/settings", () => {
  it("sends members who are not owners to the group's page", async () => {
    const app = renderScreen(`/groups/${GROUP_ID}/settings`, userSession(), { Group: { data: group({ member: true }) } });
    await screen.findByRole("heading", { level: 1, name: "Riverside Planters" });
    expect(app.location()).toBe(`/groups/${GROUP_ID}/dashboard`);
    // The redirect says why (issue 22).
    expect(app.notices.get().map((n) => n.message)).toContain("Only the owners of this group can change its settings.");
  });

  it("lets owners edit, validating the name instantly", async () => {
    renderScreen(`/groups/${GROUP_ID}/settings`, userSession(), { Group: { data: group({ owner: true }) } });
    await screen.findByRole("heading", { level: 1, name: "Group settings" });
    const name = screen.getByLabelText("Name") as HTMLInputElement;
    expect(name.value).toBe("Riverside Planters");
    fireEvent.change(name, { target: { value: "Ri" } });
    expect(screen.getByText("Name must be between 3 and 255 characters")).toBeTruthy();
  });
});

describe("/groups/accept", () => {
  const path = `/groups/accept?id=${OTHER}&code=abc`;
  it.each([
    ["LOGIN", "Sign in to accept"],
    ["NTFND", "This invitation was not found or has expired"],
    ["DNIED", "This invitation code is not valid"],
    ["DNIEM", "This invitation was sent to another e-mail address"],
    ["DNIEM", "Verify your e-mail address to accept this invitation"],
  ])("explains %s: %s", async (code, heading) => {
    renderScreen(path, code === "LOGIN" ? guestSession() : userSession(), {
      GroupInvitationCheck: failure(heading === "Verify your e-mail address to accept this invitation" ? heading : "server text", code),
    });
    await screen.findByRole("heading", { name: heading });
    if (code === "LOGIN") {
      expect(within(screen.getByRole("main")).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
        `/signin?next=${encodeURIComponent(path)}`,
      );
    }
  });

  it("shows the group and accepts, then goes to its dashboard", async () => {
    const app = renderScreen(path, userSession(), {
      GroupInvitationCheck: {
        data: { groupMembershipForInvitation: { __typename: "InvitationTarget", id: GROUP_ID, name: "Riverside Planters" } },
      },
      AcceptGroupInvitation: {
        data: {
          acceptInvitationToGroupMembership: {
            __typename: "AcceptInvitationToGroupMembershipPayload",
            groupMembership: { __typename: "GroupMembership", id: "m-new", groupId: GROUP_ID, isOwner: false },
          },
        },
      },
      Group: { data: group({ member: true }) },
    });
    await screen.findByText("Riverside Planters");
    fireEvent.click(screen.getByRole("button", { name: "Accept invitation" }));
    await waitFor(() => expect(app.location()).toBe(`/groups/${GROUP_ID}/dashboard`));
    expect(app.notices.get().map((n) => n.message)).toContain("Group joined");
    expect(app.called("AcceptGroupInvitation")[0].variables).toEqual({ invitationId: OTHER, code: "abc" });
  });

  it("says when the link is incomplete", async () => {
    renderScreen("/groups/accept?id=nope", userSession(), {});
    await screen.findByRole("heading", { name: "This invitation link is incomplete" });
  });
});

describe("/groups/{id}/membership", () => {
  it("joins, notifies and goes to the dashboard", async () => {
    const app = renderScreen(`/groups/${GROUP_ID}/membership`, userSession(), {
      ChangeGroupMembership: {
        data: {
          changeGroupMembership: {
            __typename: "ChangeGroupMembershipPayload",
            group: { __typename: "Group", id: GROUP_ID, name: "Riverside Planters" },
          },
        },
      },
      Group: { data: group({ member: true }) },
    });
    await waitFor(() => expect(app.location()).toBe(`/groups/${GROUP_ID}/dashboard`));
    expect(app.notices.get().map((n) => n.message)).toContain("Group joined");
    expect(app.called("ChangeGroupMembership")).toHaveLength(1);
    expect(app.called("ChangeGroupMembership")[0].variables).toEqual({ groupId: GROUP_ID, join: true });
  });

  it("shows the server's message for a private group", async () => {
    renderScreen(`/groups/${GROUP_ID}/membership`, userSession(), {
      ChangeGroupMembership: failure("This group is private: ask an owner for an invitation", "DNIED"),
    });
    expect((await screen.findByRole("alert")).textContent).toBe("This group is private: ask an owner for an invitation");
  });
});

// Spec section 8, the error catalogue (issue 22): each text shown where the spec puts it, made to
// happen through the fake API (a mutation answers an error; "An error occurred" is what the server
// masks unexpected failures with, i.e. no message of its own). docs/error-texts.md maps every text
// to its screen and its test; the last block checks that table against the catalogue so the two
// cannot drift apart. Texts already asserted by a feature's own tests are cited there, not repeated.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  failure,
  renderElementWithFakeApi,
  renderWithFakeApi,
  type Data,
  type Handlers,
  type NodeOf,
  type Reply,
} from "../test/fake-api.tsx";
import { ALICE, guestSession, userSession } from "../test/helpers.tsx";
import { ThingCard } from "./map/ThingCard.tsx";
import { ME, taskNode, tasksReply } from "./tasks/test-utils.tsx";

/** The server's answer to an unexpected failure (server/graphql/errors.ts): no message of its own. */
const MASKED = failure("An error occurred");

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
  window.localStorage.clear();
});

const session = () => userSession({ id: ALICE.id }, { user_id: ALICE.id });

function render(path: string, handlers: Handlers, who = session()) {
  return renderWithFakeApi(path, who, handlers, { unknown: "empty" });
}

// ---------------------------------------------------------------------------------------------
// Things

const THING_ID = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b2c";
const BOB = "44444444-4444-4444-8444-444444444444";

type PageThing = NonNullable<Data<"ThingPage">["thingById"]>;

function access(id: string, userId: string, name: string, username: string, isOwner: boolean): NodeOf<PageThing["thingAccessesByThingId"]> {
  return {
    __typename: "ThingAccess",
    id,
    userId,
    isOwner,
    isCollaborator: true,
    createdAt: "2026-11-01T10:00:00Z",
    userByUserId: { __typename: "User", id: userId, name, username, hasImage: false },
  };
}

/** A thing as ThingPage.graphql asks for it, owned by Alice, with Bob collaborating. */
function thing(extra: Partial<PageThing> = {}): PageThing {
  return {
    __typename: "Thing",
    id: THING_ID,
    nodeId: "WyJ0aGluZ3MiLCIwYjdlIl0=",
    name: "Big Planter",
    description: null,
    type: "PLANTER",
    groupId: "g1",
    isPublic: true,
    hasImage: false,
    hiddenAt: null,
    location: { __typename: "Point", x: 51.4543, y: -0.9781 },
    locationDescription: null,
    water: 24,
    temperature: null,
    conductivity: null,
    ph: null,
    ledState: null,
    lastSensorData: null,
    lastAction: null,
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
    litresTotal: 0,
    createdAt: "2026-11-01T10:00:00Z",
    updatedAt: "2026-11-01T10:00:00Z",
    groupByGroupId: { __typename: "Group", id: "g1", name: "Riverside Growers", type: "GROWER" },
    thingAccessesByThingId: {
      __typename: "ThingAccessesConnection",
      nodes: [access("a1", ALICE.id, "Alice Smith", "alice", true), access("a2", BOB, "Bob Helper", "bob", false)],
    },
    actionsByThingId: { __typename: "ActionsConnection", totalCount: 0, nodes: [] },
    devicesByThingId: { __typename: "DevicesConnection", totalCount: 0, nodes: [] },
    ...extra,
  };
}

const thingPage: Reply<"ThingPage"> = { data: { thingById: thing() } };

function invitations(nodes: { id: string; email: string }[]): Reply<"ThingInvitations"> {
  return {
    data: {
      thingById: {
        __typename: "Thing",
        id: THING_ID,
        thingAccessInvitationsByThingId: {
          __typename: "ThingAccessInvitationsConnection",
          nodes: nodes.map((n) => ({
            __typename: "ThingAccessInvitation",
            createdAt: "2026-11-20T10:00:00Z",
            userId: null,
            userByUserId: null,
            ...n,
          })),
        },
      },
    },
  };
}

describe("the thing's collaborators tab", () => {
  const path = `/things/${THING_ID}/collaborators`;

  it("says 'Failed to make user owner' when making someone an owner fails", async () => {
    render(path, { ThingPage: thingPage, ThingInvitations: invitations([]), UpdateThingAccess: MASKED });
    fireEvent.click(await screen.findByRole("checkbox", { name: /^Owner\s*\(Bob Helper\)$/ }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to make user owner");
  });

  it("says 'Failed to make user collaborator' when changing someone's collaborator flag fails", async () => {
    render(path, { ThingPage: thingPage, ThingInvitations: invitations([]), UpdateThingAccess: MASKED });
    fireEvent.click(await screen.findByRole("checkbox", { name: /^Collaborator\s*\(Bob Helper\)$/ }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to make user collaborator");
  });

  it("says 'Failed to remove access' when removing someone fails, and 'Collaborator removed' when it works", async () => {
    let answer: Reply<"DeleteThingAccess"> = MASKED;
    const app = render(path, { ThingPage: thingPage, ThingInvitations: invitations([]), DeleteThingAccess: () => answer });
    fireEvent.click(await screen.findByRole("button", { name: /^Remove\s*Bob Helper$/ }));
    fireEvent.click(screen.getByRole("button", { name: /^Remove\s*Bob Helper$/ }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to remove access");
    answer = {
      data: { deleteThingAccessById: { __typename: "DeleteThingAccessPayload", deletedThingAccessId: "WyJ0aGluZ19hY2Nlc3NlcyIsImEyIl0=" } },
    };
    fireEvent.click(screen.getByRole("button", { name: /^Remove\s*Bob Helper$/ }));
    fireEvent.click(screen.getByRole("button", { name: /^Remove\s*Bob Helper$/ }));
    await waitFor(() => expect(app.notices.get().map((n) => n.message)).toContain("Collaborator removed"));
  });

  it("says 'Failed to send invitation' when the invitation cannot be sent", async () => {
    render(path, { ThingPage: thingPage, ThingInvitations: invitations([]), InviteToThingAccess: MASKED });
    fireEvent.change(await screen.findByLabelText("E-mail address"), { target: { value: "carol@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    const form = screen.getByRole("button", { name: /Send/ }).closest("form")!;
    expect((await within(form).findByRole("alert")).textContent).toBe("Failed to send invitation");
  });

  it("says 'Failed to remove invite' when a pending invitation cannot be deleted", async () => {
    render(path, {
      ThingPage: thingPage,
      ThingInvitations: invitations([{ id: "i1", email: "carol@example.org" }]),
      DeleteThingAccessInvitation: MASKED,
    });
    const row = (await screen.findByText("carol@example.org")).closest("li")!;
    fireEvent.click(within(row).getByRole("button", { name: "Delete" }));
    expect((await within(row).findByRole("alert")).textContent).toBe("Failed to remove invite");
  });
});

describe("accepting an invitation to a thing", () => {
  const path = `/things/accept?id=${THING_ID}&code=abc`;
  const check: Reply<"ThingAccessForInvitation"> = {
    data: { thingAccessForInvitation: { __typename: "InvitationTarget", id: THING_ID, name: "Big Planter" } },
  };

  it("says 'Failed to accept access' when accepting fails", async () => {
    render(path, { ThingAccessForInvitation: check, AcceptInvitationToThingAccess: MASKED });
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to accept access");
  });

  it("explains code ISACS: the person already has access to the thing", async () => {
    render(path, {
      ThingAccessForInvitation: check,
      AcceptInvitationToThingAccess: failure("You already have access to this thing", "ISACS"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("You already have access to this thing — open Big Planter");
    expect(within(alert).getByRole("link", { name: "open Big Planter" }).getAttribute("href")).toBe(`/things/${THING_ID}/dashboard`);
  });
});

describe("creating, deleting and recording on things", () => {
  it("says 'There has been a problem creating the thing' when creating fails", async () => {
    render("/things/new", {
      MyGroups: {
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
                  isOwner: false,
                  groupByGroupId: { __typename: "Group", id: "g1", name: "Riverside Growers", type: "GROWER" },
                },
              ],
            },
          },
        },
      },
      CreateThing: MASKED,
    });
    await screen.findByRole("option", { name: "Riverside Growers" });
    fireEvent.change(screen.getByLabelText(/^Group/), { target: { value: "g1" } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Big Planter" } });
    fireEvent.change(screen.getByLabelText(/^Type/), { target: { value: "PLANTER" } });
    fireEvent.change(screen.getByLabelText(/^Latitude/), { target: { value: "51.4543" } });
    fireEvent.change(screen.getByLabelText(/^Longitude/), { target: { value: "-0.9781" } });
    fireEvent.click(screen.getByRole("button", { name: "Add thing" }));
    expect((await screen.findByRole("alert")).textContent).toBe("There has been a problem creating the thing");
  });

  it("says 'Failed to delete thing' when deleting fails", async () => {
    render(`/things/${THING_ID}/settings`, { ThingPage: thingPage, DeleteThing: MASKED });
    fireEvent.click(await screen.findByRole("button", { name: "Delete thing" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete Big Planter" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to delete thing");
  });

  it("says 'Action failed' when recording an action fails", async () => {
    render(`/things/${THING_ID}/action?type=UPKEEP`, { ThingPage: thingPage, RecordAction: MASKED });
    await screen.findByRole("heading", { level: 1, name: "Record an action" });
    fireEvent.change(screen.getByRole("textbox", { name: /Comments/ }), { target: { value: "Weeded" } });
    fireEvent.click(screen.getByRole("button", { name: "Record action" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Action failed");
  });

  it("follows the general rule: the server's first message is the error text", async () => {
    render(`/things/${THING_ID}/settings`, {
      ThingPage: thingPage,
      DeleteThing: {
        data: null,
        errors: [{ message: "Only owners can delete a thing", extensions: { code: "DNIED" } }, { message: "second" }],
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete thing" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete Big Planter" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Only owners can delete a thing");
  });
});

describe("one-tap watering on the map's thing card", () => {
  it("says 'Action failed' when recording the watering fails unexpectedly", async () => {
    const card: NonNullable<Data<"MapThingCard">["thingById"]> = {
      __typename: "Thing",
      id: THING_ID,
      name: "Forbury Planter",
      type: "PLANTER",
      isPublic: true,
      hasImage: false,
      waterNeed: "NEEDS_WATER",
      waterNeedReason: "Dry for 6 days",
      waterNeedReasonParts: null,
      waterNeedAt: "2026-11-25T10:00:00Z",
      water: 18.4,
      lastSensorData: null,
      canRecordAction: true,
      rainSinceLastWateringMm: null,
      lastWatering: null,
    };
    renderElementWithFakeApi(<ThingCard thingId={THING_ID} signedIn />, session(), {
      MapThingCard: { data: { thingById: card } },
      MapRecordWatering: MASKED,
    });
    await screen.findByRole("heading", { name: "Forbury Planter" });
    fireEvent.click(screen.getByRole("button", { name: "Record watering of 20 litres" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Action failed");
  });
});

// ---------------------------------------------------------------------------------------------
// Geolocation: /things/nearest reads the device's location; a failure is a negative notice and
// the page falls back to /things.

describe("geolocation on /things/nearest", () => {
  function geolocation(value: unknown) {
    Object.defineProperty(navigator, "geolocation", { configurable: true, value });
  }
  afterEach(() => geolocation(undefined));

  const refused = (code: number, message: string) => ({
    getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code, message, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError),
  });

  async function expectNotice(text: string) {
    const app = render("/things/nearest", {});
    await waitFor(() => expect(app.notices.get().find((n) => n.message === text)?.level).toBe("negative"));
    expect(await screen.findByText(`${text}. Taking you to the list of things…`, { exact: false })).toBeTruthy();
  }

  it("says 'Geolocation is not supported by your browser' without geolocation", async () => {
    geolocation(undefined);
    await expectNotice("Geolocation is not supported by your browser");
  });

  it("says 'Unable to get your location' when the position is unavailable", async () => {
    geolocation(refused(2, ""));
    await expectNotice("Unable to get your location");
  });

  it("says 'Location permission denied' followed by the reason when permission is refused", async () => {
    geolocation(refused(1, "User denied Geolocation"));
    await expectNotice("Location permission denied: User denied Geolocation");
  });
});

// ---------------------------------------------------------------------------------------------
// Groups

const GROUP_ID = "22222222-2222-4222-8222-222222222222";
const INVITATION = "33333333-3333-4333-8333-333333333333";

function group(owner: boolean): Reply<"Group"> {
  return {
    data: {
      groupById: {
        __typename: "Group",
        id: GROUP_ID,
        nodeId: "WyJncm91cHMiLCIyMiJd",
        name: "Riverside Planters",
        type: "COUNCIL",
        description: null,
        slug: "riverside-planters",
        isPublic: true,
        hasImage: false,
        createdAt: "2026-05-01T10:00:00Z",
        updatedAt: "2026-05-01T10:00:00Z",
        members: { __typename: "GroupMembershipsConnection", totalCount: 1 },
        owners: {
          __typename: "GroupMembershipsConnection",
          totalCount: 1,
          nodes: [
            {
              __typename: "GroupMembership",
              id: "m-owner",
              userId: ME,
              isOwner: true,
              userByUserId: { __typename: "User", id: ME, name: "Alice Smith", username: "alice", hasImage: false },
            },
          ],
        },
        mine: {
          __typename: "GroupMembershipsConnection",
          nodes: [{ __typename: "GroupMembership", id: "m-owner", userId: ME, isOwner: owner, createdAt: "2026-05-02T10:00:00Z" }],
        },
        thingsByGroupId: { __typename: "ThingsConnection", totalCount: 0 },
        litresTotal: 0,
      },
    },
  };
}

describe("groups", () => {
  it("says 'Failed to accept membership' when accepting a group invitation fails", async () => {
    renderWithFakeApi(`/groups/accept?id=${INVITATION}&code=abc`, userSession(), {
      GroupInvitationCheck: {
        data: { groupMembershipForInvitation: { __typename: "InvitationTarget", id: GROUP_ID, name: "Riverside Planters" } },
      },
      AcceptGroupInvitation: MASKED,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Accept invitation" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to accept membership");
  });

  it("says 'Failed to delete group' when deleting fails", async () => {
    renderWithFakeApi(`/groups/${GROUP_ID}/settings`, userSession(), { Group: group(true), DeleteGroup: MASKED }, { unknown: "empty" });
    fireEvent.click(await screen.findByRole("button", { name: "Delete group…" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete group" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to delete group");
  });
});

// ---------------------------------------------------------------------------------------------
// Account: an unexpected failure (masked by the server) gets the screen's own words.

describe("account", () => {
  it("says 'Failed to delete account.' when asking for the deletion link fails unexpectedly", async () => {
    render("/account/delete-account", { RequestAccountDeletion: MASKED });
    fireEvent.click(await screen.findByRole("button", { name: "E-mail me the deletion link" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to delete account.");
  });

  it("says 'Failed to create user' when creating a user fails unexpectedly", async () => {
    render("/users/new", { NewUser: MASKED }, userSession({ role: "bk_admin" }, { role: "bk_admin" }));
    await screen.findByRole("heading", { level: 1, name: "New user" });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Cara Day" } });
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: "cara" } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "cara@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Create user" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to create user");
  });
});

// ---------------------------------------------------------------------------------------------
// Tasks: 'Failed to update task' on the list's Done and the editor's Save (the new-task page and
// delete are covered in tasks/tasks.test.tsx), and 'An error occurred' for a list that fails.

describe("tasks", () => {
  it("says 'Failed to update task' when Done fails on the task list", async () => {
    render("/tasks", { Tasks: tasksReply([taskNode({ title: "Water it", status: "IN_PROGRESS" }, [ME])]), UpdateTask: MASKED });
    fireEvent.click(await screen.findByRole("button", { name: "Done: Water it" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to update task");
  });

  it("says 'Failed to update task' when the editor's Save fails", async () => {
    render("/tasks", {
      Tasks: tasksReply([taskNode({ title: "Water it" }, [ME])]),
      ThingPeople: { data: { thingById: null } },
      UpdateTask: MASKED,
    });
    fireEvent.click(await screen.findByRole("button", { name: "Water it", expanded: false }));
    const form = await screen.findByRole("form", { name: "Edit Water it" });
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "Water it well" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Failed to update task");
  });

  it("says 'An error occurred' when a list cannot be loaded and the server gives no message", async () => {
    render("/tasks", { Tasks: { data: null, errors: [{ message: "" }] } });
    expect((await screen.findByRole("alert")).textContent).toContain("An error occurred");
  });

  it("asks guests to sign in rather than failing", async () => {
    render("/tasks", {}, guestSession());
    await screen.findByRole("heading", { name: "Sign in to see your tasks" });
  });
});

// ---------------------------------------------------------------------------------------------
// The table in docs/error-texts.md against the catalogue.

/** Every text of spec section 8 (error texts, the code ISACS and the success notices). */
const SPEC_TEXTS = [
  "You entered incorrect details",
  "Check your details before submission",
  "Passphrase reset locked - too many reset attempts",
  "Registration failed. Please try again.",
  "Username already exists",
  "Email already exists",
  "Failed to send passphrase reset link.",
  "Email already added",
  "Failed to delete account.",
  "Failed to send invitation",
  "ISACS",
  "Failed to accept access",
  "Failed to accept membership",
  "Failed to remove access",
  "Failed to remove invite",
  "Failed to make user owner",
  "Failed to make user collaborator",
  "Failed to create user",
  "There has been a problem creating the thing",
  "Failed to delete thing",
  "Failed to delete group",
  "Failed to update task",
  "Failed to create task",
  "Failed to delete task",
  "Action failed",
  "An error occurred",
  "Geolocation is not supported by your browser",
  "Unable to get your location",
  "Location permission denied",
  "Collaborator added",
  "Collaborator removed",
  "Group joined",
] as const;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

interface Row {
  text: string;
  situation: string;
  screenFiles: string[];
  testFile: string;
  testName: string;
}

/** The table's rows: | spec text | situation | screen/component | test |, texts in quotes, files in backticks. */
function readTable(): Row[] {
  const markdown = readFileSync(resolve(ROOT, "docs/error-texts.md"), "utf8");
  const rows: Row[] = [];
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("|") || /^\|\s*-/.test(line) || /^\|\s*Spec text/i.test(line)) continue;
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 4) throw new Error(`A row without four cells: ${line}`);
    const [text, situation, screenCell, testCell] = cells;
    const test = /^`([^`]+)`\s*(?:>|›|—|:)\s*"(.+)"$/.exec(testCell);
    if (!test) throw new Error(`The test cell must read \`file\` › "test name": ${testCell}`);
    rows.push({
      text: text.replace(/^['"“]|['"”]$/g, "").replace(/^code\s+/, ""),
      situation,
      screenFiles: [...screenCell.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
      testFile: test[1],
      testName: test[2],
    });
  }
  return rows;
}

describe("docs/error-texts.md", () => {
  const rows = readTable();

  it("has a row for every text of spec section 8, and none for texts the spec does not have", () => {
    const texts = rows.map((row) => row.text);
    for (const text of SPEC_TEXTS) expect(texts, text).toContain(text);
    const general = rows.filter((row) => !(SPEC_TEXTS as readonly string[]).includes(row.text));
    expect(general.map((row) => row.text)).toEqual(["General rule: the server's first message"]);
  });

  it("cites files that exist, and tests by a name their file has", () => {
    for (const row of rows) {
      expect(row.screenFiles.length, row.text).toBeGreaterThan(0);
      for (const file of [...row.screenFiles, row.testFile]) expect(existsSync(resolve(ROOT, file)), `${row.text}: ${file}`).toBe(true);
      const source = readFileSync(resolve(ROOT, row.testFile), "utf8");
      expect(source.includes(`"${row.testName}"`) || source.includes(`'${row.testName}'`), `${row.text}: ${row.testName}`).toBe(true);
    }
  });

  it("names each text where the screen or its test writes it down", () => {
    for (const row of rows) {
      if (!(SPEC_TEXTS as readonly string[]).includes(row.text)) continue;
      const sources = [...row.screenFiles, row.testFile].map((file) => readFileSync(resolve(ROOT, file), "utf8")).join("\n");
      expect(sources.includes(row.text), `${row.text} in ${[...row.screenFiles, row.testFile].join(", ")}`).toBe(true);
    }
  });
});

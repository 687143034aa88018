// The home dashboard against a fake API: what guests see, a member's dashboard (figures, the One
// Thing first with its colour, quick actions), the tour starting once, making a One Thing, and the
// offline notice.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { guestSession, userSession } from "../../test/helpers.tsx";
import { readTour } from "../tour/tour-storage.ts";
import { OfflineBanner } from "../offline/OfflineBanner.tsx";
import { ConnectionStore } from "../../lib/connection.ts";
import { failure, renderScreen, type Data, type NodeOf, type Reply } from "./test-utils.tsx";

type Dashboard = NonNullable<Data<"HomeDashboard">["currentUser"]>;
type MyThing = NonNullable<NodeOf<Dashboard["homeThingsByUserId"]>["thingByThingId"]>;
type GlanceThing = NodeOf<Data<"HomeThings">["needsWater"]>;
type GallerySlide = NodeOf<Data<"HomeThings">["gallery"]>;
type RecentThing = NonNullable<Data<"HomeRecentThings">["thing0"]>;

const ME = "11111111-1111-4111-8111-111111111111";
const T1 = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b21";
const T2 = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b22";
const now = new Date().toISOString();

/** The water-need model's state the fixtures' sensor colours stand for. */
const needOf = (colour: string | null): MyThing["waterNeed"] =>
  colour === "red" || colour === "orange" ? "NEEDS_WATER" : colour === "green" || colour === "blue" ? "FINE" : "UNKNOWN";

function myThing(id: string, name: string, colour: string | null, extra: Partial<MyThing> = {}): MyThing {
  return {
    __typename: "Thing",
    id,
    name,
    type: "PLANTER",
    hasImage: false,
    indicatorColour: colour,
    indicatorParameter: "WATER",
    waterNeed: needOf(colour),
    waterNeedReason: null,
    waterNeedReasonParts: null,
    water: colour === "red" ? 12 : null,
    ph: null,
    lastSensorData: colour === "red" ? now : null,
    location: { __typename: "Point", x: Number.NaN, y: Number.NaN },
    lastCareAction: {
      __typename: "Action",
      id: `act-${id}`,
      type: "WATERING",
      createdAt: now,
      userByCreatedBy: { __typename: "User", id: ME, name: "Alice Smith", username: "alice" },
    },
    ...extra,
  };
}

function dashboard(oneThingId: string | null = T2): Reply<"HomeDashboard"> {
  return {
    data: {
      currentUser: {
        __typename: "User",
        id: ME,
        name: "Alice Smith",
        username: "alice",
        oneThingId,
        homeThingsByUserId: {
          __typename: "HomeThingsConnection",
          totalCount: 2,
          nodes: [
            {
              __typename: "HomeThing",
              id: "ta1",
              isOwner: true,
              isCollaborator: false,
              thingByThingId: myThing(T1, "Apple Tree", "red"),
            },
            {
              __typename: "HomeThing",
              id: "ta2",
              isOwner: false,
              isCollaborator: true,
              thingByThingId: myThing(T2, "Zinnia Bed", "green"),
            },
          ],
        },
        deviceAccessesByUserId: { __typename: "DeviceAccessesConnection", totalCount: 0, nodes: [] },
        groupMembershipsByUserId: {
          __typename: "GroupMembershipsConnection",
          totalCount: 1,
          nodes: [
            {
              __typename: "GroupMembership",
              id: "m1",
              isOwner: true,
              groupByGroupId: { __typename: "Group", id: "g1", name: "Riverside Growers", type: "GROWER", hasImage: false },
            },
          ],
        },
        badgesByUserId: {
          __typename: "BadgesConnection",
          totalCount: 1,
          nodes: [
            {
              __typename: "Badge",
              id: "b1",
              awardedAt: now,
              badgeTypeByBadgeTypeId: {
                __typename: "BadgeType",
                id: "bt1",
                badgeType: "watering",
                level: 1,
                title: "Waterer I",
              },
            },
          ],
        },
        actionCountSince: 2,
      },
    },
  };
}

type Counts = Partial<Record<"red" | "orange" | "green" | "blue" | "grey", number>>;

/** A HomeThings / HomePublic answer: the server's count per colour, the needs-water list, the gallery. */
function thingsAnswer(counts: Counts = {}, needsWater: GlanceThing[] = [], gallery: GallerySlide[] = []): Data<"HomeThings"> {
  const count = (n = 0) => ({ __typename: "ThingsConnection" as const, totalCount: n });
  return {
    red: count(counts.red),
    orange: count(counts.orange),
    green: count(counts.green),
    blue: count(counts.blue),
    grey: count(counts.grey),
    needsWater: { __typename: "ThingsConnection", nodes: needsWater },
    gallery: { __typename: "ThingsConnection", nodes: gallery },
  };
}

function glanceThing(id: string, name: string, colour: string): GlanceThing {
  return {
    __typename: "Thing",
    id,
    name,
    indicatorColour: colour,
    indicatorParameter: "WATER",
    waterNeed: needOf(colour),
    waterNeedReason: null,
    waterNeedReasonParts: null,
  };
}

function gallerySlide(id: string, name: string): GallerySlide {
  return {
    __typename: "Thing",
    id,
    name,
    type: "PLANTER",
    description: null,
    indicatorColour: "green",
    indicatorParameter: "WATER",
    groupByGroupId: { __typename: "Group", id: "g1", name: "Riverside Growers" },
  };
}

const noThings: Reply<"HomeThings"> = { data: thingsAnswer() };
const noActivity: Reply<"HomeActivity"> = { data: { allActions: { __typename: "ActionsConnection", nodes: [] } } };

beforeEach(() => {
  window.localStorage.clear();
});

describe("the home page for guests", () => {
  it("says what this is, shows public figures and asks to sign in where needed", async () => {
    renderScreen("/", guestSession(), {
      HomePublic: {
        data: {
          ...thingsAnswer({ red: 1, green: 1 }, [glanceThing(T1, "Apple Tree", "red"), glanceThing(T2, "Zinnia Bed", "green")]),
          allGroups: { __typename: "GroupsConnection", totalCount: 4 },
          allDevices: { __typename: "DevicesConnection", totalCount: 3 },
        },
      },
      HomeActivity: noActivity,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to Steward" }, { timeout: 5000 })).toBeTruthy();
    const overview = screen.getByRole("list", { name: "Overview" });
    await waitFor(() => expect(within(overview).getByRole("link", { name: /^2\s*Public things/ })).toBeTruthy());
    expect(within(overview).getByRole("link", { name: /^1\s*Need water now/ })).toBeTruthy();
    expect(within(overview).getByRole("link", { name: /^4\s*Groups/ })).toBeTruthy();
    const prompt = screen.getByRole("region", { name: "Your dashboard" });
    expect(within(prompt).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin");
    expect(screen.getByRole("link", { name: /Record an action/ }).getAttribute("href")).toBe("/signin");
    // The driest public thing is listed under "Needs water".
    const glance = screen.getByRole("region", { name: "Things at a glance" });
    expect(within(glance).getByRole("link", { name: "Apple Tree" }).getAttribute("href")).toBe(`/things/${T1}/dashboard`);
    expect(within(glance).queryByRole("link", { name: "Zinnia Bed" })).toBeNull();
    expect(within(glance).getByText("2 things public")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the home page for members", () => {
  it("greets someone who has just registered with Welcome, not Welcome back (issue 22)", async () => {
    const now = new Date().toISOString();
    renderScreen("/", userSession({ created: now, lastSignIn: now }), {
      HomeDashboard: dashboard(T2),
      HomeThings: noThings,
      HomeActivity: noActivity,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Alice Smith" }, { timeout: 5000 })).toBeTruthy();
  });

  it("welcomes by name, shows the figures and the One Thing first with its water need", async () => {
    renderScreen("/", userSession(), { HomeDashboard: dashboard(T2), HomeThings: noThings, HomeActivity: noActivity });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back, Alice Smith" }, { timeout: 5000 })).toBeTruthy();
    const figures = screen.getByRole("list", { name: "Your overview" });
    await waitFor(() => expect(within(figures).getByRole("link", { name: /^2\s*My things/ })).toBeTruthy());
    expect(
      within(figures)
        .getByRole("link", { name: /^2\s*Actions this week/ })
        .getAttribute("href"),
    ).toBe("/scorer");
    expect(within(figures).getByRole("link", { name: /^1\s*Badges/ })).toBeTruthy();

    // The cards are drawn once the top has been painted (AfterFirstPaint).
    const mine = await screen.findByRole("region", { name: /^My things/ });
    const rows = within(mine).getAllByRole("listitem");
    expect(within(rows[0]).getByRole("link", { name: "Zinnia Bed" })).toBeTruthy();
    expect(within(rows[0]).getByText("Your One Thing")).toBeTruthy();
    // Its state is the water-need model's (issue 21), sensor or not.
    expect(within(rows[0]).getByText("Fine")).toBeTruthy();
    expect(within(rows[1]).getByRole("link", { name: "Apple Tree" })).toBeTruthy();
    expect(within(rows[1]).getByText("Needs water")).toBeTruthy();
    expect(within(rows[1]).getByText(/Water 12%/)).toBeTruthy();

    const quick = screen.getByRole("navigation", { name: "Quick actions" });
    expect(
      within(quick)
        .getByRole("link", { name: /Record an action\s*on Zinnia Bed/ })
        .getAttribute("href"),
    ).toBe(`/things/${T2}/action`);
    expect(
      within(quick)
        .getByRole("link", { name: /New task/ })
        .getAttribute("href"),
    ).toBe("/tasks/new");
    expect(
      within(quick)
        .getByRole("link", { name: /Nearest thing/ })
        .getAttribute("href"),
    ).toBe("/things/nearest");
  });

  it("asks for the rows its cards show, and counts with the server's totals (issue 27)", async () => {
    const answer = dashboard(T2);
    const me = answer.data!.currentUser!;
    // 40 things in all, of which the server sent the first two; 12 devices, none sent.
    me.homeThingsByUserId.totalCount = 40;
    me.deviceAccessesByUserId.totalCount = 12;
    const app = renderScreen("/", userSession(), { HomeDashboard: answer, HomeThings: noThings, HomeActivity: noActivity });
    const figures = await screen.findByRole("list", { name: "Your overview" }, { timeout: 5000 });
    await waitFor(() => expect(within(figures).getByRole("link", { name: /^40\s*My things/ })).toBeTruthy());
    expect(within(figures).getByRole("link", { name: /^12\s*Devices/ })).toBeTruthy();
    expect(app.called("HomeDashboard")[0].variables).toMatchObject({ rows: 5, badgeRows: 4 });
    const mine = await screen.findByRole("region", { name: /^My things/ });
    expect(within(mine).getAllByRole("listitem")).toHaveLength(2);
    expect(within(mine).getByRole("link", { name: "See all" }).getAttribute("href")).toBe("/account/things");
  });

  it("starts the tour the first time, remembers it once finished, and replays it on demand", async () => {
    const app = renderScreen("/", userSession(), { HomeDashboard: dashboard(), HomeThings: noThings, HomeActivity: noActivity });
    const dialog = await screen.findByRole("dialog", { name: "Welcome to Steward" }, { timeout: 5000 });
    expect(within(dialog).getByText("Step 1 of 6")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    fireEvent.keyDown(dialog, { key: "ArrowRight" });
    expect(await within(dialog).findByText("Step 2 of 6")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(await within(dialog).findByText("Step 1 of 6")).toBeTruthy();
    for (let i = 0; i < 5; i++) fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Next" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Finish" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(readTour("home", ME)?.outcome).toBe("finished");
    app.unmount();

    // Next time: no tour by itself, but the button starts it; Esc ends it as skipped.
    renderScreen("/", userSession(), { HomeDashboard: dashboard(), HomeThings: noThings, HomeActivity: noActivity });
    await screen.findByRole("link", { name: "Zinnia Bed" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Take the tour" }));
    const again = await screen.findByRole("dialog");
    fireEvent.keyDown(again, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(readTour("home", ME)?.outcome).toBe("skipped");
  });

  it("makes another thing the One Thing", async () => {
    window.localStorage.setItem("steward.tours", JSON.stringify({ [`home:${ME}`]: { outcome: "finished", at: now } }));
    const app = renderScreen("/", userSession(), {
      HomeDashboard: dashboard(T2),
      HomeThings: noThings,
      HomeActivity: noActivity,
      HomeSetOneThing: (variables) => ({
        data: {
          updateUserById: { __typename: "UpdateUserPayload", user: { __typename: "User", id: ME, oneThingId: variables.thingId ?? null } },
        },
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Make Apple Tree your One Thing" }, { timeout: 5000 }));
    await waitFor(() => expect(app.called("HomeSetOneThing")).toHaveLength(1));
    expect(app.called("HomeSetOneThing")[0].variables).toEqual({ userId: ME, thingId: T1 });
    await waitFor(() => expect(app.notices.get().map((n) => n.message)).toContain("Apple Tree is now your One Thing"));
    await waitFor(() => expect(app.sessionStore.get()?.oneThingId).toBe(T1));
    const rows = within(screen.getByRole("region", { name: /^My things/ })).getAllByRole("listitem");
    await waitFor(() => expect(within(rows[0]).queryByText("Your One Thing")).toBeTruthy());
  });

  it("offers to choose a One Thing when there is none, and shows a server error with a retry", async () => {
    window.localStorage.setItem("steward.tours", JSON.stringify({ [`home:${ME}`]: { outcome: "skipped", at: now } }));
    renderScreen("/", userSession(), {
      HomeDashboard: dashboard(null),
      HomeThings: failure("An error occurred"),
      HomeActivity: noActivity,
    });
    const record = await screen.findByRole("link", { name: /Choose your One Thing first/ }, { timeout: 5000 });
    expect(record.getAttribute("href")).toBe("/account/profile");
    const glance = await screen.findByRole("region", { name: "Things at a glance" });
    expect(await within(glance).findByRole("alert")).toBeTruthy();
    expect(within(glance).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("the home page's things, asked of the server", () => {
  it("shows the server's count per colour and their sum, not a count of a list", async () => {
    window.localStorage.setItem("steward.tours", JSON.stringify({ [`home:${ME}`]: { outcome: "finished", at: now } }));
    const app = renderScreen("/", userSession(), {
      HomeDashboard: dashboard(T2),
      HomeThings: {
        data: thingsAnswer(
          { red: 3, orange: 2, green: 7950, blue: 5, grey: 40 },
          // The first five in the needs-water order: the red and orange ones, then a green one.
          [
            glanceThing(T1, "Apple Tree", "red"),
            glanceThing("t-red-2", "Birch Corner", "red"),
            glanceThing("t-red-3", "Canal Bed", "red"),
            glanceThing("t-orange-1", "Dock Planter", "orange"),
            glanceThing(T2, "Zinnia Bed", "green"),
          ],
          [gallerySlide("t-photo-1", "Station Oak"), gallerySlide("t-photo-2", "Bee Cafe")],
        ),
      },
      HomeActivity: noActivity,
    });
    const glance = await screen.findByRole("region", { name: "Things at a glance" }, { timeout: 5000 });
    expect(await within(glance).findByText("8,000 things you can see")).toBeTruthy();
    const legend = within(glance)
      .getAllByRole("listitem")
      .map((item) => item.textContent?.trim());
    expect(legend).toEqual(expect.arrayContaining(["3 too dry", "2 need water", "7,950 moist", "5 too wet", "40 no recent reading"]));
    // Only what needs water is listed, in the server's order.
    const names = within(glance)
      .getAllByRole("link")
      .map((link) => link.textContent?.trim())
      .filter((name) => name !== "Open the map");
    expect(names).toEqual(["Apple Tree", "Birch Corner", "Canal Bed", "Dock Planter"]);
    // The gallery shows the server's photos as they come.
    const gallery = screen.getByRole("region", { name: "Things in pictures" });
    expect(within(gallery).getByRole("group", { name: "1 of 2: Station Oak" })).toBeTruthy();
    expect(app.called("HomeThings")[0].variables).toEqual({});
  });

  it("says nothing needs water when the driest things are well", async () => {
    window.localStorage.setItem("steward.tours", JSON.stringify({ [`home:${ME}`]: { outcome: "finished", at: now } }));
    renderScreen("/", userSession(), {
      HomeDashboard: dashboard(T2),
      HomeThings: { data: thingsAnswer({ green: 1 }, [glanceThing(T2, "Zinnia Bed", "green")]) },
      HomeActivity: noActivity,
    });
    const glance = await screen.findByRole("region", { name: "Things at a glance" }, { timeout: 5000 });
    expect(await within(glance).findByText("Nothing needs water right now.")).toBeTruthy();
    expect(within(glance).getByText("1 thing you can see")).toBeTruthy();
  });

  it("asks for the recently viewed things by id and leaves out those that are gone", async () => {
    window.localStorage.setItem("steward.tours", JSON.stringify({ [`home:${ME}`]: { outcome: "finished", at: now } }));
    const GONE = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b29";
    window.localStorage.setItem("steward.recentThings", JSON.stringify([T2, GONE, T1]));
    const recent = (id: string, name: string, colour: string): RecentThing => ({
      __typename: "Thing",
      id,
      name,
      type: "PLANTER",
      hasImage: false,
      indicatorColour: colour,
      indicatorParameter: "WATER",
    });
    const app = renderScreen("/", userSession(), {
      HomeDashboard: dashboard(T2),
      HomeThings: noThings,
      HomeActivity: noActivity,
      HomeRecentThings: (variables) => ({
        data: Object.fromEntries(
          Array.from({ length: 8 }, (_, n) => {
            const id = (variables as Record<string, string>)[`id${n}`];
            const thing = id === T1 ? recent(T1, "Apple Tree", "red") : id === T2 ? recent(T2, "Zinnia Bed", "green") : null;
            return [`thing${n}`, thing];
          }),
        ) as Data<"HomeRecentThings">,
      }),
    });
    const card = await screen.findByRole("region", { name: "Recently viewed things" }, { timeout: 5000 });
    await waitFor(() =>
      expect(
        within(card)
          .getAllByRole("link")
          .map((link) => link.getAttribute("href")),
      ).toEqual([`/things/${T2}/dashboard`, `/things/${T1}/dashboard`]),
    );
    expect(app.called("HomeRecentThings")[0].variables).toMatchObject({ id0: T2, id1: GONE, id2: T1 });
  });

  it("does not ask for recent things when none were viewed", async () => {
    window.localStorage.setItem("steward.tours", JSON.stringify({ [`home:${ME}`]: { outcome: "finished", at: now } }));
    const app = renderScreen("/", userSession(), { HomeDashboard: dashboard(T2), HomeThings: noThings, HomeActivity: noActivity });
    const card = await screen.findByRole("region", { name: "Recently viewed things" }, { timeout: 5000 });
    expect(within(card).getByText(/Things you open show here/)).toBeTruthy();
    await screen.findByRole("link", { name: "Zinnia Bed" });
    expect(app.called("HomeRecentThings")).toHaveLength(0);
  });
});

describe("the home page offline", () => {
  it("shows the member's saved dashboard when the server cannot be reached, and guests forget it", async () => {
    window.localStorage.setItem("steward.tours", JSON.stringify({ [`home:${ME}`]: { outcome: "finished", at: now } }));
    const first = renderScreen("/", userSession(), { HomeDashboard: dashboard(T2), HomeThings: noThings, HomeActivity: noActivity });
    await screen.findByRole("link", { name: "Zinnia Bed" }, { timeout: 5000 });
    await waitFor(() => expect(window.localStorage.getItem(`steward.home.dashboard.${ME}`)).toContain("Zinnia Bed"));
    first.unmount();

    const offline = () => {
      throw new TypeError("Failed to fetch");
    };
    const second = renderScreen("/", userSession(), { HomeDashboard: offline, HomeThings: offline, HomeActivity: offline });
    expect(await screen.findByText(/Showing what was saved on this device/, {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Zinnia Bed" })).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Your overview" })).getByRole("link", { name: /^2\s*My things/ })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    second.unmount();

    renderScreen("/", guestSession(), { HomePublic: offline, HomeActivity: offline });
    await screen.findByRole("heading", { level: 1, name: "Welcome to Steward" }, { timeout: 5000 });
    await waitFor(() => expect(window.localStorage.getItem(`steward.home.dashboard.${ME}`)).toBeNull());
    // Nothing known: dashes, not endless placeholders.
    const overview = screen.getByRole("list", { name: "Overview" });
    await waitFor(() => expect(within(overview).getAllByText("—")).toHaveLength(4));
  });

  it("does not claim a member has nothing when the dashboard could not be loaded", async () => {
    window.localStorage.setItem("steward.tours", JSON.stringify({ [`home:${ME}`]: { outcome: "finished", at: now } }));
    const offline = () => {
      throw new TypeError("Failed to fetch");
    };
    renderScreen("/", userSession(), { HomeDashboard: offline, HomeThings: offline, HomeActivity: offline });
    await screen.findAllByText(/Not available right now/, {}, { timeout: 4000 });
    await waitFor(() => expect(screen.getAllByText(/Not available right now/).length).toBeGreaterThanOrEqual(4));
    expect(screen.queryByText(/You are not looking after any things yet/)).toBeNull();
  });
});

describe("the offline notice", () => {
  it("shows while the browser is offline or the server is unreachable, then offers a reload", async () => {
    let online = true;
    let reachable = false;
    const store = new ConnectionStore({ onLine: () => online, probe: async () => reachable });
    render(<OfflineBanner store={store} />);
    expect(screen.queryByText(/You are offline/)).toBeNull();

    online = false;
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(screen.getByRole("status").textContent).toContain("You are offline.");

    online = true;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(screen.getByRole("status").textContent).toContain("You are back online.");
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();

    // Served from the cache while the browser thinks it is online: unreachable until /health answers.
    act(() => store.markUnreachable());
    expect(screen.getByRole("status").textContent).toContain("The server cannot be reached");
    reachable = true;
    await act(async () => {
      await store.check();
    });
    expect(screen.getByRole("status").textContent).toContain("You are back online.");
  });

  it("speaks once: a global banner wins over a screen's own", async () => {
    const store = new ConnectionStore({ onLine: () => false, probe: async () => false });
    const view = render(
      <>
        <OfflineBanner store={store} />
        <OfflineBanner store={store} global />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText(/You are offline/)).toHaveLength(1));
    const [screenBanner, globalBanner] = view.container.querySelectorAll('[role="status"]');
    expect(screenBanner.textContent).toBe("");
    expect(globalBanner.textContent).toContain("You are offline.");
    view.rerender(<OfflineBanner store={store} />);
    await waitFor(() => expect(screen.getAllByText(/You are offline/)).toHaveLength(1));
  });

  it("probes again later while unreachable", async () => {
    vi.useFakeTimers();
    try {
      const probe = vi.fn(async () => false);
      const store = new ConnectionStore({ onLine: () => true, probe });
      store.markUnreachable();
      await vi.advanceTimersByTimeAsync(3000);
      expect(probe).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(probe).toHaveBeenCalledTimes(2);
      probe.mockResolvedValue(true);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(store.get().offline).toBe(false);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(probe).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

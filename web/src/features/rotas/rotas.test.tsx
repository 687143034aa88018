// The group's rota tab and a thing's week on the rota, against a fake API.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { failure, renderElementWithFakeApi } from "../../test/fake-api.tsx";
import { userSession } from "../../test/helpers.tsx";
import { GroupRotaTab } from "./GroupRotaTab.tsx";
import { ThingRotaWeek } from "./ThingRotaWeek.tsx";
import type { GroupRotaQuery } from "./GroupRota.generated.ts";

type Swap = NonNullable<GroupRotaQuery["groupById"]>["rotaSwapsByGroupId"]["nodes"][number];

const GROUP = "22222222-2222-4222-8222-222222222222";
const ME = "11111111-1111-4111-8111-111111111111";
const TOM = "33333333-3333-4333-8333-333333333333";
const TODAY = "2026-11-26"; // a Thursday
const person = (id: string, username: string) => ({ __typename: "User" as const, id, username, name: username });
const duty = (day: string, weekday: number, userId: string, username: string, slotId: string, swapped = false) => ({
  __typename: "RotaDuty" as const,
  day,
  weekday,
  slotId,
  userId,
  username,
  name: null,
  swapped,
});

function rota(extra: { swaps?: Swap[] } = {}) {
  return {
    data: {
      groupById: {
        __typename: "Group" as const,
        id: GROUP,
        rotaSlotsByGroupId: {
          __typename: "RotaSlotsConnection" as const,
          nodes: [
            { __typename: "RotaSlot" as const, id: "s-me", weekday: 2, userId: ME, userByUserId: person(ME, "alice") },
            { __typename: "RotaSlot" as const, id: "s-tom", weekday: 4, userId: TOM, userByUserId: person(TOM, "tom") },
          ],
        },
        rotaSwapsByGroupId: { __typename: "RotaSwapsConnection" as const, nodes: extra.swaps ?? [] },
        rotaDuties: {
          __typename: "RotaDutiesConnection" as const,
          nodes: [
            duty("2026-11-26", 4, TOM, "tom", "s-tom"),
            duty("2026-12-01", 2, ME, "alice", "s-me"),
            duty("2026-12-03", 4, TOM, "tom", "s-tom"),
          ],
        },
        rotaMembers: {
          __typename: "GroupMembershipsConnection" as const,
          nodes: [
            { __typename: "GroupMembership" as const, id: "m1", userId: ME, userByUserId: person(ME, "alice") },
            { __typename: "GroupMembership" as const, id: "m2", userId: TOM, userByUserId: person(TOM, "tom") },
          ],
        },
      },
    },
  };
}

// One shape for the four mutations' answers (their field and payload type vary): cast, since a
// computed key cannot be checked against each operation's generated result.
const ok = (field: string, type: string): never =>
  ({
    data: {
      [field]: {
        __typename: `${type}Payload`,
        [type === "TakeRotaSlot" || type === "LeaveRotaSlot" ? "rotaSlot" : "rotaSwap"]: {
          __typename: type.includes("Slot") ? "RotaSlot" : "RotaSwap",
          id: "x",
          ...(type.includes("Slot") ? {} : { status: "OPEN" }),
        },
      },
    },
  }) as never;

describe("GroupRotaTab", () => {
  it("shows the days and takes a free one for oneself", async () => {
    const app = renderElementWithFakeApi(
      <GroupRotaTab groupId={GROUP} myUserId={ME} isMember canManage={false} today={TODAY} />,
      userSession(),
      {
        GroupRota: rota(),
        TakeRotaSlot: ok("takeRotaSlot", "TakeRotaSlot"),
      },
    );
    const tuesday = await screen.findByTestId("rota-weekday-2");
    expect(within(tuesday).getByText("You")).toBeTruthy();
    expect(within(screen.getByTestId("rota-weekday-4")).getByText("tom")).toBeTruthy();
    // Not the owner: no Remove on tom's slot, and no "Put on the rota" form.
    expect(within(screen.getByTestId("rota-weekday-4")).queryByRole("button", { name: /Remove|off/ })).toBeNull();
    expect(screen.queryByRole("form", { name: "Put a member on the rota" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Take Fridays" }));
    await waitFor(() => expect(app.called("TakeRotaSlot")).toHaveLength(1));
    expect(app.called("TakeRotaSlot")[0].variables).toEqual({ groupId: GROUP, weekday: 5, userId: null });
  });

  it("asks to swap one of one's dates, with a note", async () => {
    const app = renderElementWithFakeApi(
      <GroupRotaTab groupId={GROUP} myUserId={ME} isMember canManage={false} today={TODAY} />,
      userSession(),
      {
        GroupRota: rota(),
        AskRotaSwap: ok("askRotaSwap", "AskRotaSwap"),
      },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Ask to swap" }));
    fireEvent.change(screen.getByLabelText("Note (optional)"), { target: { value: "Away that week" } });
    fireEvent.click(screen.getByRole("button", { name: "Ask the group" }));
    await waitFor(() => expect(app.called("AskRotaSwap")).toHaveLength(1));
    expect(app.called("AskRotaSwap")[0].variables).toEqual({ slotId: "s-me", onDate: "2026-12-01", note: "Away that week" });
  });

  it("takes another member's date, giving one of one's own back", async () => {
    const swap = {
      __typename: "RotaSwap" as const,
      id: "w1",
      slotId: "s-tom",
      onDate: "2026-12-03",
      note: "Dentist",
      requestedBy: TOM,
      userByRequestedBy: person(TOM, "tom"),
    };
    const app = renderElementWithFakeApi(
      <GroupRotaTab groupId={GROUP} myUserId={ME} isMember canManage={false} today={TODAY} />,
      userSession(),
      {
        GroupRota: rota({ swaps: [swap] }),
        AcceptRotaSwap: ok("acceptRotaSwap", "AcceptRotaSwap"),
      },
    );
    const request = await screen.findByTestId("rota-swap");
    expect(within(request).getByText(/tom asks someone to take/)).toBeTruthy();
    fireEvent.change(within(request).getByLabelText("Give one of your dates in return"), { target: { value: "2026-12-01" } });
    fireEvent.click(within(request).getByRole("button", { name: "Take Thursday 3 December" }));
    await waitFor(() => expect(app.called("AcceptRotaSwap")).toHaveLength(1));
    expect(app.called("AcceptRotaSwap")[0].variables).toEqual({ swapId: "w1", returnDate: "2026-12-01" });
  });

  it("shows the database's reason when the rota refuses", async () => {
    renderElementWithFakeApi(<GroupRotaTab groupId={GROUP} myUserId={ME} isMember canManage={false} today={TODAY} />, userSession(), {
      GroupRota: rota(),
      TakeRotaSlot: failure("Friday already has 3 people on the rota, the most a day can have", "LIMIT"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Take Fridays" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Friday already has 3 people on the rota, the most a day can have");
  });

  it("owners put a member on a day; the form says what is missing first", async () => {
    const app = renderElementWithFakeApi(<GroupRotaTab groupId={GROUP} myUserId={ME} isMember canManage today={TODAY} />, userSession(), {
      GroupRota: rota(),
      TakeRotaSlot: ok("takeRotaSlot", "TakeRotaSlot"),
    });
    const form = await screen.findByRole("form", { name: "Put a member on the rota" });
    fireEvent.click(within(form).getByRole("button", { name: "Put on the rota" }));
    expect(within(form).getByRole("alert").textContent).toBe("Choose a member");
    fireEvent.change(within(form).getByLabelText("Member"), { target: { value: TOM } });
    fireEvent.change(within(form).getByLabelText("Day"), { target: { value: "6" } });
    fireEvent.click(within(form).getByRole("button", { name: "Put on the rota" }));
    await waitFor(() => expect(app.called("TakeRotaSlot")).toHaveLength(1));
    expect(app.called("TakeRotaSlot")[0].variables).toEqual({ groupId: GROUP, weekday: 6, userId: TOM });
  });

  it("tells someone outside the group to join, asking nothing", async () => {
    const app = renderElementWithFakeApi(
      <GroupRotaTab groupId={GROUP} myUserId={ME} isMember={false} canManage={false} today={TODAY} />,
      userSession(),
      {},
    );
    expect(await screen.findByText(/join the group to take a day/)).toBeTruthy();
    expect(app.called("GroupRota")).toHaveLength(0);
  });
});

describe("ThingRotaWeek", () => {
  it("shows who is on today and this week", async () => {
    renderElementWithFakeApi(<ThingRotaWeek thingId="t1" today="2026-11-26" />, userSession(), {
      ThingRotaWeek: {
        data: {
          thingById: {
            __typename: "Thing" as const,
            id: "t1",
            groupId: GROUP,
            rotaThisWeek: {
              __typename: "RotaDutiesConnection" as const,
              nodes: [duty("2026-11-24", 2, ME, "alice", "s-me"), duty("2026-11-26", 4, TOM, "tom", "s-tom", true)],
            },
          },
        },
      },
    });
    const week = await screen.findByTestId("rota-week");
    expect(within(week).getByText("Today:").parentElement!.textContent).toBe("Today: tom");
    expect(within(week).getByText("(swapped)")).toBeTruthy();
    expect(within(week).getByRole("link", { name: "The group's rota" }).getAttribute("href")).toBe(`/groups/${GROUP}/rota`);
  });

  it("shows nothing to someone the rota is not for (the server answers no days)", async () => {
    const app = renderElementWithFakeApi(<ThingRotaWeek thingId="t1" today="2026-11-26" />, userSession(), {
      ThingRotaWeek: {
        data: {
          thingById: {
            __typename: "Thing" as const,
            id: "t1",
            groupId: GROUP,
            rotaThisWeek: { __typename: "RotaDutiesConnection" as const, nodes: [] },
          },
        },
      },
    });
    await waitFor(() => expect(app.called("ThingRotaWeek")).toHaveLength(1));
    expect(screen.queryByTestId("rota-week")).toBeNull();
  });
});

describe("GroupRotaTab and swaps taken over", () => {
  it("offers no swap of a date one took over from someone else (it is not one's slot)", async () => {
    const data = rota();
    data.data.groupById.rotaDuties.nodes = [duty("2026-12-03", 4, ME, "alice", "s-tom", true)];
    renderElementWithFakeApi(<GroupRotaTab groupId={GROUP} myUserId={ME} isMember canManage={false} today={TODAY} />, userSession(), {
      GroupRota: data,
    });
    const row = await screen.findByTestId("rota-duty");
    expect(within(row).getByText("(swapped)")).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Ask to swap" })).toBeNull();
  });
});

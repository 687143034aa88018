// /scorer against a fake API: the boards per period, the user's own row and groups highlighted,
// the tabs (address and keyboard), and the sign-in prompt for guests.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { guestSession, userSession } from "../../test/helpers.tsx";
import { failure, renderScreen, type Reply, type Variables } from "../home/test-utils.tsx";
import { ordinal, periodFromParam, standing, PERIODS } from "./scorer-data.ts";
import { translator } from "../../../../shared/i18n/translate.ts";
import { en } from "../../lib/i18n/messages/en-GB.ts";
import { de } from "../../lib/i18n/messages/de.ts";
import { scorerEn } from "../../lib/i18n/messages/scorer.en-GB.ts";
import { scorerDe } from "../../lib/i18n/messages/scorer.de.ts";

const ME = "11111111-1111-4111-8111-111111111111";

function entry(rank: number, entryId: string, name: string, points: number) {
  return { __typename: "LeaderboardEntry" as const, rank, entryId, name, points, litres: 0, hasImage: false };
}

function boards(period: string, signedIn = true): Reply<"ScorerBoards"> {
  const weekly = period === "WEEK";
  return {
    data: {
      userLeaderboard: {
        __typename: "LeaderboardEntriesConnection",
        nodes: signedIn
          ? weekly
            ? [entry(1, "u2", "Olive Owner", 5), entry(2, ME, "Alice Smith", 3)]
            : [entry(1, ME, "Alice Smith", 40), entry(2, "u2", "Olive Owner", 12)]
          : [],
      },
      groupLeaderboard: {
        __typename: "LeaderboardEntriesConnection",
        nodes: [entry(1, "g1", "Riverside Growers", weekly ? 8 : 52), entry(2, "g2", "Hill Orchard", 2)],
      },
      currentUser: signedIn
        ? {
            __typename: "User",
            id: ME,
            groupMembershipsByUserId: {
              __typename: "GroupMembershipsConnection",
              nodes: [{ __typename: "GroupMembership", id: "m1", groupId: "g2" }],
            },
          }
        : null,
    },
  };
}

describe("scorer words", () => {
  it("reads the period from the address and says where the user stands", () => {
    expect(periodFromParam("month").value).toBe("MONTH");
    expect(periodFromParam("nonsense").value).toBe("WEEK");
    expect(periodFromParam(null)).toBe(PERIODS[0]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((n) => ordinal(n))).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
    ]);
    const entries = [
      { rank: 1, entryId: "a", name: "A", points: 5, litres: 0, hasImage: false },
      { rank: 1, entryId: "b", name: "B", points: 5, litres: 0, hasImage: false },
      { rank: 3, entryId: "c", name: "C", points: 1, litres: 0, hasImage: false },
    ];
    expect(standing(entries, "b", PERIODS[0]).sentence).toBe("You are joint 1st this week, with 5 points.");
    expect(standing(entries, "c", PERIODS[2]).sentence).toBe("You are 3rd of all time, with 1 point.");
    expect(standing(entries, "z", PERIODS[1])).toEqual({ onBoard: false, sentence: "You have no care points this month yet." });
  });
});

describe("scorer words in German (issue 25)", () => {
  it("says where the user stands in German: places, not English ordinals", () => {
    const germanT = translator("de", { "en-GB": { ...en, ...scorerEn }, de: { ...de, ...scorerDe } });
    const entries = [
      { rank: 1, entryId: "a", name: "A", points: 5, litres: 0, hasImage: false },
      { rank: 1, entryId: "b", name: "B", points: 5, litres: 0, hasImage: false },
      { rank: 3, entryId: "c", name: "C", points: 1, litres: 0, hasImage: false },
    ];
    expect(standing(entries, "b", PERIODS[0], "points", germanT).sentence).toBe(
      "Du bist diese Woche gemeinsam mit anderen auf Platz 1, mit 5 Punkten.",
    );
    expect(standing(entries, "c", PERIODS[2], "points", germanT).sentence).toBe("Du bist insgesamt auf Platz 3, mit 1 Punkt.");
    expect(standing(entries, "z", PERIODS[1], "litres", germanT).sentence).toBe(
      "Du hast diesen Monat noch keine Liter Wasser eingetragen.",
    );
    expect(ordinal(2, germanT)).toBe("2.");
  });
});

function litresBoards(variables: Variables<"ScorerBoards">): Reply<"ScorerBoards"> {
  if (!variables.litres) return boards(String(variables.period));
  const litresEntry = (rank: number, entryId: string, name: string, waterings: number, litres: number) => ({
    ...entry(rank, entryId, name, waterings),
    litres,
  });
  return {
    data: {
      userLitresLeaderboard: {
        __typename: "LeaderboardEntriesConnection",
        nodes: [litresEntry(1, ME, "Alice Smith", 6, 1250.5), litresEntry(2, "u2", "Olive Owner", 1, 20)],
      },
      groupLitresLeaderboard: {
        __typename: "LeaderboardEntriesConnection",
        nodes: [litresEntry(1, "g2", "Hill Orchard", 7, 1270.5)],
      },
      currentUser: {
        __typename: "User",
        id: ME,
        groupMembershipsByUserId: {
          __typename: "GroupMembershipsConnection",
          nodes: [{ __typename: "GroupMembership", id: "m1", groupId: "g2" }],
        },
      },
    },
  };
}

describe("the scorer by litres (issue 21)", () => {
  it("switches the boards to litres of water, kept in the address", async () => {
    const app = renderScreen("/scorer", userSession(), { ScorerBoards: litresBoards });
    const litresButton = await screen.findByRole("button", { name: "Litres of water" }, { timeout: 5000 });
    expect(litresButton.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(litresButton);
    await waitFor(() => expect(app.location()).toBe("/scorer?by=litres"));
    await waitFor(() => expect(screen.getByText("You are 1st this week, with 1,250.5 L.")).toBeTruthy());
    const people = screen.getByRole("region", { name: "People" });
    const [first, second] = within(people).getAllByRole("listitem");
    expect(first.textContent).toContain("1,250.5 L");
    expect(first.textContent).toContain("6 waterings");
    expect(second.textContent).toContain("20 L");
    expect(second.textContent).toContain("1 watering");
    expect(app.called("ScorerBoards").at(-1)?.variables).toEqual({ period: "WEEK", points: false, litres: true });
    expect(screen.getByRole("button", { name: "Litres of water" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Care points" }));
    await waitFor(() => expect(app.location()).toBe("/scorer"));
  });

  it("says when the user has no litres yet", () => {
    expect(standing([], ME, PERIODS[1], "litres")).toEqual({
      onBoard: false,
      sentence: "You have no litres of water recorded this month yet.",
    });
  });
});

describe("the scorer screen", () => {
  it("shows both boards with the user's row and group highlighted, and switches period", async () => {
    const app = renderScreen("/scorer", userSession(), {
      ScorerBoards: (variables) => boards(String(variables.period)),
    });
    const people = await screen.findByRole("region", { name: "People" }, { timeout: 5000 });
    await waitFor(() => expect(within(people).getAllByRole("listitem")).toHaveLength(2));
    const [first, second] = within(people).getAllByRole("listitem");
    expect(within(first).getByRole("link", { name: "Olive Owner" }).getAttribute("href")).toBe("/users/u2/dashboard");
    expect(second.getAttribute("aria-current")).toBe("true");
    expect(within(second).getByText("You")).toBeTruthy();
    expect(second.textContent).toContain("3 points");
    expect(screen.getByText("You are 2nd this week, with 3 points.")).toBeTruthy();
    const groups = screen.getByRole("region", { name: "Groups" });
    const hill = within(groups).getAllByRole("listitem")[1];
    expect(within(hill).getByText("Your group")).toBeTruthy();
    expect(app.called("ScorerBoards")[0].variables).toEqual({ period: "WEEK", points: true, litres: false });

    // Tabs: arrow keys move and choose; the address keeps the period.
    const week = screen.getByRole("tab", { name: "This week" });
    expect(week.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(week, { key: "ArrowRight" });
    await waitFor(() => expect(app.location()).toBe("/scorer?period=month"));
    expect(screen.getByRole("tab", { name: "This month" }).getAttribute("aria-selected")).toBe("true");
    await waitFor(() => expect(screen.getByText("You are 1st this month, with 40 points.")).toBeTruthy());
    fireEvent.click(screen.getByRole("tab", { name: "All time" }));
    await waitFor(() => expect(app.location()).toBe("/scorer?period=all"));
    await waitFor(() => expect(app.called("ScorerBoards").map((c) => c.variables.period)).toContain("ALL_TIME"));
    fireEvent.keyDown(screen.getByRole("tab", { name: "All time" }), { key: "Home" });
    await waitFor(() => expect(app.location()).toBe("/scorer"));
  });

  it("asks guests to sign in to see people, and still shows groups", async () => {
    renderScreen("/scorer", guestSession(), { ScorerBoards: (variables) => boards(String(variables.period), false) });
    const people = await screen.findByRole("region", { name: "People" }, { timeout: 5000 });
    expect(await within(people).findByRole("link", { name: "Sign in" })).toBeTruthy();
    expect(within(people).getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/signin?next=%2Fscorer");
    const groups = screen.getByRole("region", { name: "Groups" });
    expect(within(groups).getByRole("link", { name: "Riverside Growers" })).toBeTruthy();
    expect(screen.queryByText(/You are/)).toBeNull();
  });

  it("says so when nobody has scored yet, and shows a failed load with a retry", async () => {
    const empty: Reply<"ScorerBoards"> = {
      data: {
        userLeaderboard: { __typename: "LeaderboardEntriesConnection", nodes: [] },
        groupLeaderboard: { __typename: "LeaderboardEntriesConnection", nodes: [] },
        currentUser: { __typename: "User", id: ME, groupMembershipsByUserId: { __typename: "GroupMembershipsConnection", nodes: [] } },
      },
    };
    renderScreen("/scorer", userSession(), { ScorerBoards: empty });
    expect(await screen.findByText(/No care recorded this week yet/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText("You have no care points this week yet.")).toBeTruthy();
    cleanup();

    renderScreen("/scorer", userSession(), { ScorerBoards: failure("Too many attempts", "RATEL") });
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert.textContent).toContain("Too many attempts");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

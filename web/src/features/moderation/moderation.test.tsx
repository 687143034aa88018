// The history panel, the report form and the admins' queue against a fake API.
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { failure, renderElementWithFakeApi, type Data, type NodeOf, type Reply } from "../../test/fake-api.tsx";
import { guestSession, userSession } from "../../test/helpers.tsx";
import { fieldChanges, fieldLabel, operationText, valueText } from "./history-format.ts";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { ModerationQueue, targetLink } from "./ModerationQueue.tsx";
import { ReportButton, reportProblem } from "./ReportButton.tsx";

const THING_ID = "0b7e7a3e-2f53-4d6b-9d0e-1d1c7f0a1b2c";

type Entry = NodeOf<Data<"HistoryEntries">["allHistoryEntries"]>;
type Report = NodeOf<Data<"ContentReports">["allContentReports"]>;

function entry(extra: Partial<Entry> = {}): Entry {
  return {
    __typename: "HistoryEntry",
    id: "e1",
    operation: "update",
    changedAt: "2026-11-20T10:00:00Z",
    before: { name: "Old Planter", is_public: false },
    after: { name: "New Planter", is_public: true },
    canRestore: true,
    restoredFromId: null,
    changedByUser: { __typename: "User", id: "u1", name: "Alice Smith", username: "alice" },
    ...extra,
  };
}

const history = (...nodes: Entry[]): Reply<"HistoryEntries"> => ({
  data: { allHistoryEntries: { __typename: "HistoryEntriesConnection", totalCount: nodes.length, nodes } },
});

describe("history words", () => {
  it("names any column, known or new", () => {
    expect(fieldLabel("location_description")).toBe("Location description");
    expect(fieldLabel("planting_year")).toBe("Planting year");
    expect(fieldLabel("is_public")).toBe("Visibility");
  });

  it("shows values plainly: empty, public or private, points, long texts shortened", () => {
    expect(valueText("description", null)).toBe("(empty)");
    expect(valueText("is_public", true)).toBe("Public");
    expect(valueText("location", "(51.4,-0.9)")).toBe("51.4, -0.9");
    expect(valueText("description", "x".repeat(500))).toHaveLength(160);
  });

  it("lists the name first, and says what kind of change it was", () => {
    expect(fieldChanges({ before: { type: "TREE", name: "A" }, after: { type: "PLANTER", name: "B" } }).map((c) => c.field)).toEqual([
      "name",
      "type",
    ]);
    expect(operationText({ operation: "insert", restoredFromId: null })).toBe("Created");
    expect(operationText({ operation: "update", restoredFromId: "e0" })).toBe("Restored an earlier version");
  });
});

describe("HistoryPanel", () => {
  it("shows who changed what, and lets an owner restore the version before a change", async () => {
    const app = renderElementWithFakeApi(<HistoryPanel targetType="thing" targetId={THING_ID} />, userSession(), {
      HistoryEntries: history(entry()),
      RestoreHistoryEntry: {
        data: { restoreHistoryEntry: { __typename: "RestoreHistoryEntryPayload", historyEntry: { __typename: "HistoryEntry", id: "e2" } } },
      },
    });
    const item = await screen.findByTestId("history-entry");
    expect(within(item).getByText("Changed")).toBeTruthy();
    expect(within(item).getByText(/by Alice Smith/)).toBeTruthy();
    expect(within(item).getByText("Old Planter")).toBeTruthy();
    expect(within(item).getByText("New Planter")).toBeTruthy();
    fireEvent.click(within(item).getByRole("button", { name: "Restore the version before this change" }));
    fireEvent.click(within(item).getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(app.called("RestoreHistoryEntry")).toHaveLength(1));
    expect(app.called("RestoreHistoryEntry")[0].variables).toEqual({ entryId: "e1" });
  });

  it("offers no restore to someone who may not (canRestore false)", async () => {
    renderElementWithFakeApi(<HistoryPanel targetType="thing" targetId={THING_ID} />, userSession(), {
      HistoryEntries: history(entry({ canRestore: false })),
    });
    const item = await screen.findByTestId("history-entry");
    expect(within(item).queryByRole("button")).toBeNull();
  });

  it("shows the server's reason when a restore is refused", async () => {
    const app = renderElementWithFakeApi(<HistoryPanel targetType="thing" targetId={THING_ID} />, userSession(), {
      HistoryEntries: history(entry()),
      RestoreHistoryEntry: failure("The thing already has the values of this version", "INVLD"),
    });
    const item = await screen.findByTestId("history-entry");
    fireEvent.click(within(item).getByRole("button", { name: "Restore the version before this change" }));
    fireEvent.click(within(item).getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(app.notices.get().map((n) => n.message)).toContain("The thing already has the values of this version"));
  });
});

describe("ReportButton", () => {
  it("is not offered to guests", async () => {
    renderElementWithFakeApi(<ReportButton targetType="THING" targetId={THING_ID} />, guestSession(), {});
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole("button", { name: "Report this thing" })).toBeNull();
  });

  it("names what is reported by its kind, in whole sentences (no words from the caller)", async () => {
    renderElementWithFakeApi(<ReportButton targetType="PICTURE" pictureOf="thing" targetId={THING_ID} />, userSession(), {});
    const button = await screen.findByRole("button", { name: "Report this thing's picture" });
    expect(button.textContent).toBe("Report picture");
    cleanup();
    renderElementWithFakeApi(<ReportButton targetType="ACTION" targetId="a1" />, userSession(), {});
    expect((await screen.findByRole("button", { name: "Report this action" })).textContent).toBe("Report");
  });

  it("checks the form as the database does, before sending anything", async () => {
    expect(reportProblem(null, "")).toBe("Choose a reason: spam, wrong or offensive");
    expect(reportProblem("SPAM", "x".repeat(1001))).toBe("Details must be at most 1000 characters");
    expect(reportProblem("WRONG", "")).toBeNull();
    const app = renderElementWithFakeApi(<ReportButton targetType="THING" targetId={THING_ID} />, userSession(), {});
    fireEvent.click(await screen.findByRole("button", { name: "Report this thing" }));
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a reason: spam, wrong or offensive");
    expect(app.called("ReportContent")).toHaveLength(0);
  });

  it("sends the reason and note, and thanks the reporter", async () => {
    const app = renderElementWithFakeApi(<ReportButton targetType="CHAT_MESSAGE" targetId="m1" />, userSession(), {
      ReportContent: {
        data: {
          reportContent: { __typename: "ReportContentPayload", contentReport: { __typename: "ContentReport", id: "r1", status: "OPEN" } },
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Report this answer" }));
    fireEvent.click(screen.getByRole("radio", { name: /Offensive/ }));
    fireEvent.change(screen.getByLabelText("Details (optional)"), { target: { value: "  Rude  " } });
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(app.called("ReportContent")).toHaveLength(1));
    expect(app.called("ReportContent")[0].variables).toEqual({
      targetType: "CHAT_MESSAGE",
      targetId: "m1",
      reason: "OFFENSIVE",
      details: "Rude",
      pictureOf: null,
    });
    await waitFor(() => expect(app.notices.get().map((n) => n.message)).toContain("Thank you. An admin will look at your report."));
  });

  it("shows the database's refusal, e.g. the daily limit", async () => {
    renderElementWithFakeApi(<ReportButton targetType="THING" targetId={THING_ID} />, userSession(), {
      ReportContent: failure("You can send up to 20 reports a day. Please try again tomorrow.", "RATEL"),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Report this thing" }));
    fireEvent.click(screen.getByRole("radio", { name: /Spam/ }));
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You can send up to 20 reports a day. Please try again tomorrow.");
  });
});

describe("ModerationQueue", () => {
  const report = (extra: Partial<Report> = {}): Report => ({
    __typename: "ContentReport",
    id: "r1",
    targetType: "THING",
    targetId: THING_ID,
    pictureOf: null,
    reason: "SPAM",
    details: "Advertising",
    excerpt: "Cheap Watches Planter",
    status: "OPEN",
    createdAt: "2026-11-20T10:00:00Z",
    resolvedAt: null,
    reporter: { __typename: "User", id: "u2", name: "Bea Reporter", username: "bea" },
    author: { __typename: "User", id: "u3", name: "Sam Spammer", username: "sam", isSuspended: false },
    ...extra,
  });
  const reports = (nodes: Report[]): Reply<"ContentReports"> => ({
    data: { allContentReports: { __typename: "ContentReportsConnection", totalCount: nodes.length, nodes } },
  });

  it("links what has a page of its own", () => {
    expect(targetLink({ targetType: "THING", targetId: "t1", pictureOf: null })).toBe("/things/t1/dashboard");
    expect(targetLink({ targetType: "PICTURE", targetId: "u1", pictureOf: "user" })).toBe("/users/u1/dashboard");
    expect(targetLink({ targetType: "CHAT_MESSAGE", targetId: "m1", pictureOf: null })).toBeNull();
  });

  it("lists open reports and hides, dismisses or suspends the author", async () => {
    const app = renderElementWithFakeApi(<ModerationQueue />, userSession({}, { role: "bk_admin" }), {
      ContentReports: (v) => reports(v.status === "OPEN" ? [report()] : []),
      ModerateReport: (v) => ({
        data: {
          moderateReport: {
            __typename: "ModerateReportPayload",
            contentReport: { __typename: "ContentReport", id: "r1", status: v.decision === "hide" ? "HIDDEN" : "DISMISSED" },
          },
        },
      }),
      SuspendUser: {
        data: { suspendUser: { __typename: "SuspendUserPayload", user: { __typename: "User", id: "u3", isSuspended: true } } },
      },
    });
    const item = await screen.findByTestId("report-item");
    expect(within(item).getByText("Cheap Watches Planter")).toBeTruthy();
    expect(within(item).getByText("“Advertising”")).toBeTruthy();
    fireEvent.click(within(item).getByRole("button", { name: "Hide" }));
    await waitFor(() => expect(app.called("ModerateReport")[0]?.variables).toEqual({ reportId: "r1", decision: "hide" }));
    fireEvent.click(within(item).getByRole("button", { name: "Suspend author" }));
    fireEvent.click(within(item).getByRole("button", { name: "Suspend" }));
    await waitFor(() => expect(app.called("SuspendUser")[0]?.variables).toEqual({ userId: "u3", suspended: true }));
  });

  it("offers to restore what is hidden", async () => {
    const app = renderElementWithFakeApi(<ModerationQueue />, userSession({}, { role: "bk_admin" }), {
      ContentReports: (v) => reports(v.status === "HIDDEN" ? [report({ status: "HIDDEN" })] : []),
      ModerateReport: {
        data: {
          moderateReport: {
            __typename: "ModerateReportPayload",
            contentReport: { __typename: "ContentReport", id: "r1", status: "RESTORED" },
          },
        },
      },
    });
    const hidden = await screen.findByRole("list", { name: "Hidden content" });
    fireEvent.click(within(hidden).getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(app.called("ModerateReport")[0]?.variables).toEqual({ reportId: "r1", decision: "restore" }));
  });
});

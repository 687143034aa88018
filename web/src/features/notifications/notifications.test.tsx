import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { guestSession, userSession } from "../../test/helpers.tsx";
import { notificationsReply, renderTasksApp, type Reply } from "../tasks/test-utils.tsx";
import { NOTIFICATIONS_POLL_MS } from "./NotificationsBell.tsx";
import { relativeTime } from "./time.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const header = () => screen.getByRole("banner");

describe("notifications bell", () => {
  it("is not there for guests", async () => {
    const app = renderTasksApp("/tasks", guestSession(), {});
    await screen.findByRole("heading", { level: 1, name: "Tasks" });
    expect(within(header()).queryByRole("button", { name: /Notifications/ })).toBeNull();
    expect(app.called("Notifications")).toHaveLength(0);
  });

  it("shows the unread count and lists the latest in their level's colour", async () => {
    renderTasksApp("/tasks", userSession(), {
      Notifications: notificationsReply([
        { id: "n1", title: "Task assigned: Water the planter", body: "Alice asked you to water Corner Planter." },
        { id: "n2", title: "Corner Planter is dry", level: "NEGATIVE", linkPath: "/things/x/dashboard" },
        { id: "n3", title: "Old news", level: "POSITIVE", readAt: "2026-11-01T10:00:00Z" },
      ]),
    });
    const bell = await within(header()).findByRole("button", { name: "Notifications, 2 unread" });
    expect(bell.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(bell);
    const panel = screen.getByRole("dialog", { name: "Notifications" });
    expect(bell.getAttribute("aria-expanded")).toBe("true");
    const items = within(panel).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0].className).toContain("notif-info");
    expect(items[0].className).toContain("notif-unread");
    expect(items[1].className).toContain("notif-negative");
    expect(items[2].className).toContain("notif-positive");
    expect(items[2].className).not.toContain("notif-unread");
    expect(within(items[0]).getByText("Alice asked you to water Corner Planter.")).toBeTruthy();
    expect(within(items[0]).getByText("5 min ago")).toBeTruthy();
    expect(within(items[1]).getByRole("link").getAttribute("href")).toBe("/things/x/dashboard");

    fireEvent.keyDown(panel, { key: "Escape" });
    expect(bell.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(bell);
  });

  it("opening one marks it read and goes to its link", async () => {
    let read = false;
    const app = renderTasksApp("/tasks", userSession(), {
      Notifications: () =>
        notificationsReply([
          {
            id: "n1",
            title: "Task assigned: Water it",
            linkPath: "/tasks/new",
            readAt: read ? new Date().toISOString() : null,
          },
        ]),
      MarkNotificationRead: (v): Reply<"MarkNotificationRead"> => {
        read = true;
        return {
          data: {
            updateNotificationById: {
              __typename: "UpdateNotificationPayload",
              notification: { __typename: "Notification", id: v.id, readAt: v.readAt ?? null },
            },
          },
        };
      },
    });
    fireEvent.click(await within(header()).findByRole("button", { name: "Notifications, 1 unread" }));
    fireEvent.click(screen.getByRole("link", { name: /Task assigned: Water it/ }));
    await waitFor(() => expect(app.location()).toBe("/tasks/new"));
    expect(app.called("MarkNotificationRead")[0].variables).toMatchObject({ id: "n1" });
    await within(header()).findByRole("button", { name: "Notifications" });
  });

  it("marks all read, and dismisses one", async () => {
    let unread = true;
    let dismissed = false;
    const app = renderTasksApp("/tasks", userSession(), {
      Notifications: () =>
        notificationsReply(
          [
            { id: "n1", title: "First", readAt: unread ? null : "2026-11-01T10:00:00Z" },
            { id: "n2", title: "Second", readAt: unread ? null : "2026-11-01T10:00:00Z" },
          ].filter((n) => !(dismissed && n.id === "n2")),
        ),
      MarkAllNotificationsRead: () => {
        unread = false;
        return { data: { markAllNotificationsRead: { __typename: "MarkAllNotificationsReadPayload", integer: 2 } } };
      },
      DeleteNotification: (v) => {
        dismissed = true;
        return {
          data: { deleteNotificationById: { __typename: "DeleteNotificationPayload", deletedNotificationId: v.id } },
        };
      },
    });
    fireEvent.click(await within(header()).findByRole("button", { name: "Notifications, 2 unread" }));
    fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    await within(header()).findByRole("button", { name: "Notifications" });
    expect(app.called("MarkAllNotificationsRead")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Mark all read" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Dismiss: Second" }));
    await waitFor(() => expect(screen.queryByText("Second")).toBeNull());
    expect(app.called("DeleteNotification")[0].variables).toEqual({ id: "n2" });
  });

  it("says when there is nothing new", async () => {
    renderTasksApp("/tasks", userSession(), { Notifications: notificationsReply([]) });
    fireEvent.click(await within(header()).findByRole("button", { name: "Notifications" }));
    await screen.findByText("You're all caught up");
  });

  it("asks again every minute and when the window regains focus", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderTasksApp("/tasks", userSession(), { Notifications: notificationsReply([]) });
    await within(header()).findByRole("button", { name: "Notifications" });
    await waitFor(() => expect(app.called("Notifications").length).toBeGreaterThanOrEqual(1));
    const before = app.called("Notifications").length;
    await act(async () => {
      vi.advanceTimersByTime(NOTIFICATIONS_POLL_MS + 10);
    });
    await waitFor(() => expect(app.called("Notifications").length).toBe(before + 1));
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(app.called("Notifications").length).toBe(before + 2));
  });
});

describe("relative time", () => {
  const now = new Date("2026-11-22T12:00:00");
  it("reads naturally", () => {
    expect(relativeTime("2026-11-22T11:59:40", now)).toBe("just now");
    expect(relativeTime("2026-11-22T11:55:00", now)).toBe("5 min ago");
    expect(relativeTime("2026-11-22T09:00:00", now)).toBe("3 h ago");
    expect(relativeTime("2026-11-21T09:00:00", now)).toBe("yesterday");
    expect(relativeTime("2026-11-18T09:00:00", now)).toBe("4 days ago");
    expect(relativeTime("2026-10-02T09:00:00", now)).toBe("2 Oct");
    expect(relativeTime("2025-10-02T09:00:00", now)).toBe("2 Oct 2025");
  });
});

import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { guestSession, userSession } from "../../test/helpers.tsx";
import { notificationsReply, renderTasksApp, type Reply } from "../tasks/test-utils.tsx";
import { NOTIFICATIONS_POLL_MS } from "./NotificationsBell.tsx";
import { timeAgoShort as relativeTime } from "../../lib/dates.ts";
import { LANGUAGE_STORAGE_KEY } from "../../lib/i18n/locale-context.tsx";
import styles from "./notifications.module.css";

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
    // The items' module (with the notices' texts) arrives after the first page.
    const items = await within(panel).findAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0].className).toContain(styles.info);
    expect(items[0].className).toContain(styles.unread);
    expect(items[1].className).toContain(styles.negative);
    expect(items[2].className).toContain(styles.positive);
    expect(items[2].className).not.toContain(styles.unread);
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

describe("notifications bell in the reader's language (issue 25)", () => {
  afterEach(() => localStorage.removeItem(LANGUAGE_STORAGE_KEY));

  it("writes a notice with a key in German for a German reader, and keeps the English of one without", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    renderTasksApp("/tasks", userSession(), {
      Notifications: notificationsReply([
        {
          id: "n1",
          title: "Due tomorrow: Mulch the oak",
          body: 'The task "Mulch the oak" at Oak is due tomorrow.',
          textKey: "notice.task_due",
          textValues: { task: "Mulch the oak", thing: "Oak" },
        },
        { id: "n2", title: "An old notice", body: "Written before the catalogue." },
      ]),
    });
    // The German texts load first (a chunk of their own), then the header.
    const banner = await screen.findByRole("banner", {}, { timeout: 3000 });
    fireEvent.click(await within(banner).findByRole("button", { name: /2/ }));
    const items = screen.getAllByRole("listitem").filter((li) => li.className.includes(styles.item));
    expect(within(items[0]).getByText("Morgen fällig: Mulch the oak")).toBeTruthy();
    expect(within(items[0]).getByText("Die Aufgabe „Mulch the oak“ bei Oak ist morgen fällig.")).toBeTruthy();
    expect(within(items[0]).queryByText(/is due tomorrow/)).toBeNull();
    expect(within(items[1]).getByText("Written before the catalogue.")).toBeTruthy();
  });

  it("writes it in British English, word for word the stored text, for an English reader", async () => {
    renderTasksApp("/tasks", userSession(), {
      Notifications: notificationsReply([
        {
          id: "n1",
          title: "Due tomorrow: Mulch the oak",
          body: "stored English that the key would not write",
          textKey: "notice.task_due",
          textValues: { task: "Mulch the oak", thing: "Oak" },
        },
      ]),
    });
    fireEvent.click(await within(header()).findByRole("button", { name: "Notifications, 1 unread" }));
    expect(screen.getByText('The task "Mulch the oak" at Oak is due tomorrow.')).toBeTruthy();
  });
});

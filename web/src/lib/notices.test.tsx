import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NoticeArea } from "../layout/NoticeArea.tsx";
import { DEFAULT_NOTICE_TIMEOUT_MS, NoticeProvider, NoticeStore, createNotify, useNotify } from "./notices.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("NoticeStore", () => {
  it("closes notices after 5000 ms by default", () => {
    expect(DEFAULT_NOTICE_TIMEOUT_MS).toBe(5000);
    const store = new NoticeStore();
    store.notify("Saved", { level: "positive" });
    expect(store.get()).toMatchObject([{ message: "Saved", level: "positive", timeout: 5000 }]);
    vi.advanceTimersByTime(4999);
    expect(store.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get()).toHaveLength(0);
  });

  it("keeps ongoing notices until they are updated or dismissed", () => {
    const store = new NoticeStore();
    const id = store.notify("Uploading…", { level: "ongoing" });
    vi.advanceTimersByTime(60_000);
    expect(store.get()).toHaveLength(1);
    store.update(id, "Uploaded", { level: "positive" });
    expect(store.get()).toMatchObject([{ id, message: "Uploaded", level: "positive" }]);
    vi.advanceTimersByTime(5000);
    expect(store.get()).toHaveLength(0);
  });

  it("honours a custom timeout, 0 meaning until dismissed", () => {
    const store = new NoticeStore();
    store.notify("Quick", { timeout: 1000 });
    const sticky = store.notify("Sticky", { level: "warning", timeout: 0 });
    vi.advanceTimersByTime(1000);
    expect(store.get().map((n) => n.message)).toEqual(["Sticky"]);
    vi.advanceTimersByTime(100_000);
    store.dismiss(sticky);
    expect(store.get()).toHaveLength(0);
  });

  it("offers a shorthand per level", () => {
    const store = new NoticeStore();
    const notify = createNotify(store);
    notify.positive("a");
    notify.negative("b");
    notify.warning("c");
    notify.info("d");
    notify.ongoing("e");
    notify("f");
    expect(store.get().map((n) => n.level)).toEqual(["positive", "negative", "warning", "info", "ongoing", "info"]);
  });
});

describe("useNotify and the notice area", () => {
  function Button() {
    const notify = useNotify();
    return (
      <button type="button" onClick={() => notify.negative("Failed to delete thing")}>
        Delete
      </button>
    );
  }

  it("shows notices, announces problems, and lets them be dismissed", () => {
    const store = new NoticeStore();
    render(
      <NoticeProvider store={store}>
        <Button />
        <NoticeArea />
      </NoticeProvider>,
    );
    act(() => screen.getByRole("button", { name: "Delete" }).click());
    expect(screen.getByRole("alert").textContent).toContain("Failed to delete thing");
    act(() => screen.getByRole("button", { name: "Dismiss notice" }).click());
    expect(screen.queryByRole("alert")).toBeNull();

    act(() => {
      store.notify("Collaborator added", { level: "positive" });
    });
    expect(screen.getByRole("status").textContent).toContain("Collaborator added");
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole("status")).toBeNull();
  });
});

// The guided tour on its own: steps, keys, the focus kept inside and given back, and its memory.
import { act, fireEvent, render, renderHook, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../test/helpers.tsx";
import { GuidedTour, useTour, type TourStep } from "./GuidedTour.tsx";
import { readTour, TOUR_STORAGE_KEY, writeTour } from "./tour-storage.ts";

const STEPS: TourStep[] = [
  { id: "one", title: "First", body: <p>The first step.</p> },
  { id: "two", target: "spot", title: "Second", body: <p>Points at the spot.</p> },
  { id: "three", target: "missing", title: "Third", body: <p>Its target is not on the page.</p> },
];

beforeEach(() => window.localStorage.clear());

describe("the tour's memory", () => {
  it("remembers per tour and per person, and ignores what it cannot read", () => {
    const storage = new MemoryStorage();
    expect(readTour("home", "u1", storage)).toBeNull();
    writeTour("home", "u1", "finished", storage, new Date("2026-11-20T10:00:00Z"));
    expect(readTour("home", "u1", storage)).toEqual({ outcome: "finished", at: "2026-11-20T10:00:00.000Z" });
    expect(readTour("home", "u2", storage)).toBeNull();
    expect(readTour("other", "u1", storage)).toBeNull();
    writeTour("home", "", "skipped", storage);
    expect(readTour("home", "guest", storage)?.outcome).toBe("skipped");
    storage.setItem(TOUR_STORAGE_KEY, "not json");
    expect(readTour("home", "u1", storage)).toBeNull();
  });

  it("opens by itself once for someone new, and not after it was closed", () => {
    const { result, rerender } = renderHook(({ auto }) => useTour("home", "u1", { autoStart: auto }), {
      initialProps: { auto: false },
    });
    expect(result.current.open).toBe(false);
    rerender({ auto: true });
    expect(result.current.open).toBe(true);
    act(() => result.current.close("skipped"));
    expect(result.current.open).toBe(false);
    expect(result.current.seen).toBe(true);
    rerender({ auto: true });
    expect(result.current.open).toBe(false);

    const again = renderHook(() => useTour("home", "u1", { autoStart: true }));
    expect(again.result.current.open).toBe(false);
    act(() => again.result.current.start());
    expect(again.result.current.open).toBe(true);
  });
});

describe("the tour dialog", () => {
  it("moves with buttons and keys, keeps Tab inside, and ends with Esc or Finish", () => {
    const onClose = vi.fn();
    const opener = document.createElement("button");
    opener.textContent = "Take the tour";
    document.body.appendChild(opener);
    opener.focus();
    const spot = document.createElement("div");
    spot.dataset.tour = "spot";
    document.body.appendChild(spot);

    const view = render(<GuidedTour steps={STEPS} onClose={onClose} label="Tour of the page" />);
    const dialog = screen.getByRole("dialog", { name: "First" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(dialog);
    expect(screen.getByText("Step 1 of 3")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();

    fireEvent.keyDown(dialog, { key: "Enter" });
    expect(screen.getByRole("dialog", { name: "Second" })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "ArrowRight" });
    expect(screen.getByText("Step 3 of 3")).toBeTruthy();
    fireEvent.keyDown(dialog, { key: "ArrowLeft" });
    expect(screen.getByText("Step 2 of 3")).toBeTruthy();

    // Tab from the last button goes back to the first; Shift+Tab from the first to the last.
    const buttons = within(dialog).getAllByRole("button");
    buttons[buttons.length - 1].focus();
    fireEvent.keyDown(dialog, { key: "Tab" });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(buttons[buttons.length - 1]);
    // Focus that wanders outside is brought back.
    act(() => opener.focus());
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalledWith("skipped");
    view.unmount();
    expect(document.activeElement).toBe(opener);

    render(<GuidedTour steps={STEPS} onClose={onClose} label="Tour of the page" initialStep={2} />);
    fireEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(onClose).toHaveBeenLastCalledWith("finished");
    opener.remove();
    spot.remove();
  });
});

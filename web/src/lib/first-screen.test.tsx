// The first screen's moment: requests that wait for it go once a screen marks it, or when the
// longest wait is over. The module keeps page-wide state, so each test loads it afresh.
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

async function freshModule() {
  vi.resetModules();
  return import("./first-screen.ts");
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the first screen's moment", () => {
  it("waits for a screen to mark it", async () => {
    vi.spyOn(performance, "now").mockReturnValue(0);
    const { whenFirstScreenShown, markFirstScreenShown } = await freshModule();
    let went = false;
    void whenFirstScreenShown().then(() => {
      went = true;
    });
    await flush();
    expect(went).toBe(false);
    markFirstScreenShown();
    await flush();
    expect(went).toBe(true);
  });

  it("does not wait longer than FIRST_SCREEN_MAX_MS from the start of the page", async () => {
    vi.useFakeTimers();
    vi.spyOn(performance, "now").mockReturnValue(1000);
    const { whenFirstScreenShown, FIRST_SCREEN_MAX_MS } = await freshModule();
    let went = false;
    void whenFirstScreenShown().then(() => {
      went = true;
    });
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_MS - 1000 - 1);
    expect(went).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(went).toBe(true);
  });

  it("tells components when it has come", async () => {
    vi.spyOn(performance, "now").mockReturnValue(0);
    const { useFirstScreenShown, markFirstScreenShown } = await freshModule();
    function Probe() {
      return <p>{useFirstScreenShown() ? "shown" : "waiting"}</p>;
    }
    render(<Probe />);
    expect(screen.getByText("waiting")).toBeTruthy();
    await act(async () => {
      markFirstScreenShown();
      await flush();
    });
    expect(screen.getByText("shown")).toBeTruthy();
  });
});

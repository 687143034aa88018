import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { preloadableLazy } from "./preloadable-lazy.ts";

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("preloadableLazy", () => {
  it("once preloaded, renders in the first pass: no fallback is ever shown", async () => {
    const { Component, preload } = preloadableLazy(async () => ({ default: Hello }));
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ana" />
      </Suspense>,
    );
    // Synchronously after render: a plain lazy() would still show its fallback here.
    expect(screen.getByText("Hello Ana")).toBeTruthy();
    expect(screen.queryByText("Loading")).toBeNull();
  });

  it("without a preload, suspends and then shows the component, loading its code once", async () => {
    let loads = 0;
    const { Component, preload } = preloadableLazy(async () => {
      loads += 1;
      return { default: Hello };
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ben" />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeTruthy();
    expect(await screen.findByText("Hello Ben")).toBeTruthy();
    await act(() => preload());
    expect(loads).toBe(1);
  });

  it("a failed download is tried again by the next preload", async () => {
    let attempts = 0;
    const { preload } = preloadableLazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return { default: Hello };
    });
    await expect(preload()).rejects.toThrow("offline");
    await expect(preload()).resolves.toEqual({ default: Hello });
    expect(attempts).toBe(2);
  });
});

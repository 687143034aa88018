import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AfterFirstPaint } from "./AfterFirstPaint.tsx";

describe("AfterFirstPaint", () => {
  it("leaves its children out of the first commit and draws them after the next frame", async () => {
    render(
      <main>
        <h1>Top of the page</h1>
        <AfterFirstPaint>
          <p>Below the first screen</p>
        </AfterFirstPaint>
      </main>,
    );
    expect(screen.getByRole("heading", { name: "Top of the page" })).toBeTruthy();
    expect(screen.queryByText("Below the first screen")).toBeNull();
    expect(await screen.findByText("Below the first screen")).toBeTruthy();
  });

  it("draws its children in the first commit when they show already (now)", () => {
    render(
      <AfterFirstPaint now>
        <p>An open panel</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText("An open panel")).toBeTruthy();
  });
});

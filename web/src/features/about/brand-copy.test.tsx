// Issue 22: the bee-cafe branding swapped words inside sentences ("shared cafes around them:
// planters, trees, bee cafes, benches"). Brand copy is whole sentences per brand.
import { cleanup, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BRAND_COPY } from "../../../../shared/brand-copy.ts";
import { BEE_BRANDING, STEWARD_BRANDING } from "../../../../shared/branding.ts";
import { TEST_CONFIG, renderApp, userSession } from "../../test/helpers.tsx";
import { homeTourSteps } from "../tour/home-tour.tsx";

describe("brand copy", () => {
  it("the bee variant's sentences speak of bee cafes, not of the default's benches and trees", () => {
    for (const [key, sentence] of Object.entries(BRAND_COPY.bee)) {
      expect(sentence, key).not.toMatch(/\bbench|\btrees?\b|\bthings?\b|shared cafes/i);
    }
    expect(Object.keys(BRAND_COPY.bee).sort()).toEqual(Object.keys(BRAND_COPY.steward).sort());
  });

  it("the about page reads as a whole sentence in the bee variant", async () => {
    renderApp({ path: "/about", session: userSession(), config: { ...TEST_CONFIG, branding: BEE_BRANDING } });
    await screen.findByRole("heading", { level: 1, name: "About Bee Cafe" });
    const intro = screen.getByRole("heading", { name: "What Bee Cafe is for" }).nextElementSibling!.textContent!;
    expect(intro).toContain("Bee Cafe helps people feed the bees");
    expect(intro).not.toMatch(/benches|shared cafes/);
  });

  it("the home tour says what cafes are in the bee variant and what things are in the default", () => {
    const text = (b: typeof BEE_BRANDING) => {
      const step = homeTourSteps(b, true).find((s) => s.id === "things")!;
      const { container } = render(<>{step.body}</>);
      const value = container.textContent ?? "";
      cleanup();
      return value;
    };
    expect(text(BEE_BRANDING)).not.toMatch(/benches/);
    expect(text(BEE_BRANDING)).toContain("Cafes are bee cafes");
    expect(text(STEWARD_BRANDING)).toContain("Things are shared places and objects");
  });
});

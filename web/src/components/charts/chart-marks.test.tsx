// Marks (waterings, rain) under a chart: listed in time order for everyone, only those in the window.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReadingsChart } from "./ReadingsChart.tsx";

describe("ReadingsChart marks", () => {
  it("lists the waterings and rain of the window under the plot, oldest first", () => {
    const from = Date.parse("2026-11-18T00:00:00Z");
    const to = Date.parse("2026-11-25T00:00:00Z");
    render(
      <ReadingsChart
        title="Estimated soil water"
        unit="%"
        points={[
          { t: from + 3600_000, v: 40 },
          { t: to - 3600_000, v: 90 },
        ]}
        from={from}
        to={to}
        marks={[
          { t: Date.parse("2026-11-24T12:00:00Z"), kind: "rain", label: "3.2 mm rain" },
          { t: Date.parse("2026-11-20T12:00:00Z"), kind: "watering", label: "Watered 20 L" },
          { t: Date.parse("2026-11-01T12:00:00Z"), kind: "watering", label: "Watered 5 L" },
        ]}
      />,
    );
    const list = screen.getByRole("list", { name: /Waterings and rain over the last 7 days/ });
    const items = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent ?? "");
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^Watered 20 L · /);
    expect(items[1]).toMatch(/^3\.2 mm rain · /);
  });
});

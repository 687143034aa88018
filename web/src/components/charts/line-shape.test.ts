// Issue 22: "Charts overshoot their data (the line rises above the highest reading between points)."
import { readFileSync } from "node:fs";
import { _updateBezierControlPoints } from "chart.js/helpers";
import { describe, expect, it } from "vitest";
import { LINE_SHAPE } from "./series.ts";

const AREA = { left: 0, top: -1000, right: 1000, bottom: 1000 };

/** chart.js's own control points for a line through these readings (y grows downwards on a canvas, sign does not matter here). */
function controlYs(values: number[], options: Record<string, unknown>): number[] {
  const points = values.map((y, i) => ({ x: i * 100, y, skip: false }) as Record<string, unknown>);
  _updateBezierControlPoints(points as never, options, AREA as never, false, "x");
  return points.flatMap((p) => [p.cp1y as number, p.cp2y as number]).filter((v) => Number.isFinite(v));
}

describe("line charts follow their readings", () => {
  const readings = [10, 58, 60, 10, 12, 30];

  it("a tension curve, as before, overshoots the highest reading", () => {
    expect(Math.max(...controlYs(readings, { tension: 0.25 }))).toBeGreaterThan(60);
  });

  it("the shared monotone shape keeps every control point within the readings' range", () => {
    const ys = controlYs(readings, { ...LINE_SHAPE });
    expect(Math.max(...ys)).toBeLessThanOrEqual(60);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(10);
  });

  it("every line chart uses the shared shape and no tension of its own", () => {
    for (const file of ["./LineChart.tsx", "../environment/ForecastChart.tsx", "../../features/admin/DailyChart.tsx"]) {
      const source = readFileSync(new URL(file, import.meta.url), "utf8");
      expect(source, file).toContain("...LINE_SHAPE");
      expect(source, file).not.toMatch(/tension:\s*0\.\d/);
    }
  });
});

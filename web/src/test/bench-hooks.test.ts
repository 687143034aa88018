// The class names bench/vitals.ts waits for must be in the SPA's markup. The bench is not part of
// `npm test`, and moving a feature to a CSS module once dropped one (map-card-recorded) unnoticed:
// the bench then waited a minute for it and failed on /map.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const bench = fs.readFileSync(path.join(root, "bench/vitals.ts"), "utf8");

/** Every `.class` in a selector the bench hands to locator(), querySelector(All)() or closest(). */
function classesTheBenchWaitsFor(source: string): string[] {
  const selectors = [...source.matchAll(/(?:locator|querySelector(?:All)?|closest)\(\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1]);
  const classes = selectors.flatMap((s) => [...s.matchAll(/\.([a-z][\w-]*)/g)].map((m) => m[1]));
  // maplibre's own elements carry its global class names.
  return [...new Set(classes)].filter((c) => !c.startsWith("maplibregl-"));
}

function markupOfTheSpa(): string {
  return fs
    .globSync("web/src/**/*.tsx", { cwd: root })
    .filter((file) => !file.endsWith(".test.tsx"))
    .map((file) => fs.readFileSync(path.join(root, file), "utf8"))
    .join("\n");
}

describe("bench/vitals.ts", () => {
  it("waits only for classes the SPA's markup has", () => {
    const classes = classesTheBenchWaitsFor(bench);
    expect(classes).toContain("map-card-recorded");
    const markup = markupOfTheSpa();
    const missing = classes.filter((c) => !new RegExp(`["'\`\\s]${c}["'\`\\s]`).test(markup));
    expect(missing).toEqual([]);
  });
});

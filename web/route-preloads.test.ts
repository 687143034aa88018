// The build's list of chunks per screen (issue 27) reads the route table's source: every
// top-level screen of ROUTES must be found there, with the module it loads.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES } from "./src/routes/routes.tsx";
import { screenRoutes } from "./route-preloads.ts";

describe("screenRoutes", () => {
  it("finds every top-level screen of the route table, and no child route", () => {
    const source = fs.readFileSync(path.resolve("web/src/routes/routes.tsx"), "utf8");
    const found = screenRoutes(source);
    // "*" (not found) has no chunks worth sending ahead.
    const screens = ROUTES.filter((r) => r.kind === "screen" && r.path.startsWith("/")).map((r) => r.path);
    expect(found.map((r) => r.path)).toEqual(screens);
    expect(found.find((r) => r.path === "/map")?.module).toBe("../features/map/MapPage.tsx");
    expect(found.every((r) => r.path.startsWith("/") && r.module.endsWith(".tsx"))).toBe(true);
  });
});

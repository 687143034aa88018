// The page the server sends for a path names the chunks of the screen that path opens (issue 27):
// from the build's route-preloads.json, fixed segments before parameters, nothing for a path no
// screen matches or a build without the list.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routePages } from "../routes/route-preloads.ts";

const INDEX = `<!doctype html><html><head><title>Steward</title></head><body><div id="root"></div></body></html>`;
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-preloads-"));
  fs.writeFileSync(path.join(dir, "index.html"), INDEX);
  fs.writeFileSync(
    path.join(dir, "route-preloads.json"),
    JSON.stringify({
      "/": ["/assets/HomePage-1.js", "/assets/HomePage-1.css"],
      "/things": ["/assets/ThingsPage-1.js"],
      "/groups/:id/settings": ["/assets/GroupSettingsPage-1.js"],
      "/groups/:id/:tab": ["/assets/GroupPage-1.js"],
      "/evil": ["https://elsewhere.example/x.js"],
    }),
  );
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const links = (html: string | null) => [...(html ?? "").matchAll(/<link rel="(\w+)"[^>]*href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

describe("route preloads", () => {
  it("names the screen's scripts (modulepreload) and styles (preload) in the head", () => {
    const page = routePages(dir)("/");
    expect(links(page)).toEqual(["modulepreload /assets/HomePage-1.js", "preload /assets/HomePage-1.css"]);
    expect(page!.indexOf("HomePage-1.js")).toBeLessThan(page!.indexOf("</head>"));
    expect(links(routePages(dir)("/things"))).toEqual(["modulepreload /assets/ThingsPage-1.js"]);
  });

  it("prefers a fixed segment to a parameter, and fills parameters", () => {
    const pageFor = routePages(dir);
    expect(links(pageFor("/groups/7/settings"))).toEqual(["modulepreload /assets/GroupSettingsPage-1.js"]);
    expect(links(pageFor("/groups/7/dashboard"))).toEqual(["modulepreload /assets/GroupPage-1.js"]);
  });

  it("sends index.html as it is for a path no screen matches, and never a file outside /assets/", () => {
    const pageFor = routePages(dir);
    expect(pageFor("/no/such/screen")).toBe(INDEX);
    expect(pageFor("/things/extra")).toBe(INDEX);
    expect(pageFor("/evil")).toBe(INDEX);
  });

  it("works without the list, follows a new build, and says null before any build", () => {
    fs.rmSync(path.join(dir, "route-preloads.json"));
    const pageFor = routePages(dir);
    expect(pageFor("/")).toBe(INDEX);
    const rebuilt = INDEX.replace("Steward", "Steward 2");
    fs.writeFileSync(path.join(dir, "index.html"), rebuilt);
    fs.utimesSync(path.join(dir, "index.html"), new Date(), new Date(Date.now() + 5000));
    fs.writeFileSync(path.join(dir, "route-preloads.json"), JSON.stringify({ "/": ["/assets/HomePage-2.js"] }));
    expect(links(pageFor("/"))).toEqual(["modulepreload /assets/HomePage-2.js"]);
    expect(pageFor("/")).toContain("Steward 2");
    fs.rmSync(path.join(dir, "index.html"));
    expect(pageFor("/")).toBeNull();
  });
});

// bench:vitals --profile names the production build's functions through its source maps
// (bench/lib/source-names.ts). A frame V8 reports without a position (line -1, a module's top
// level at times) once crashed the whole profile: source-map-js refuses line 0.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SourceMapGenerator } from "source-map-js";
import { afterAll, describe, expect, it } from "vitest";
import { sourceNames } from "../lib/source-names.ts";

const dist = fs.mkdtempSync(path.join(os.tmpdir(), "source-names-"));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

// A one-line chunk whose map says: column 0 is renderWithHooks in react-dom, column 10 is
// MarkerPreview in the app's own code.
fs.mkdirSync(path.join(dist, "assets"));
fs.writeFileSync(path.join(dist, "assets", "index-abc.js"), "function D(){}function $o(){}\n");
const map = new SourceMapGenerator({ file: "index-abc.js" });
map.addMapping({
  generated: { line: 1, column: 0 },
  original: { line: 120, column: 2 },
  source: "../../node_modules/react-dom/cjs/react-dom-client.production.js",
  name: "renderWithHooks",
});
map.addMapping({
  generated: { line: 1, column: 14 },
  original: { line: 7, column: 0 },
  source: "../../web/src/features/map/MarkerPreview.tsx",
  name: "MarkerPreview",
});
fs.writeFileSync(path.join(dist, "assets", "index-abc.js.map"), map.toString());

const url = "http://127.0.0.1:3000/assets/index-abc.js";

describe("sourceNames", () => {
  const original = sourceNames(dist);

  it("names a frame of the build by its source: a package's file from the package on, the app's from its folder", () => {
    expect(original({ functionName: "D", url, lineNumber: 0, columnNumber: 0 })).toEqual({
      name: "renderWithHooks",
      file: "react-dom/cjs/react-dom-client.production.js",
      line: 120,
    });
    expect(original({ functionName: "$o", url, lineNumber: 0, columnNumber: 14 })).toEqual({
      name: "MarkerPreview",
      file: "features/map/MarkerPreview.tsx",
      line: 7,
    });
  });

  it("gives no original for a frame without a position (line -1) instead of throwing", () => {
    expect(original({ functionName: "", url, lineNumber: -1, columnNumber: -1 })).toBeNull();
  });

  it("gives no original outside the build's assets or where a chunk has no map", () => {
    expect(original({ functionName: "f", url: "http://127.0.0.1:3000/sw.js", lineNumber: 0 })).toBeNull();
    expect(original({ functionName: "f", url: "http://127.0.0.1:3000/assets/other.js", lineNumber: 0 })).toBeNull();
  });
});

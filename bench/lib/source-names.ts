// Where a profiled function of the production build comes from: its original name, file and line,
// read from the build's source maps (vite writes one beside each chunk). A CPU profile of the
// built app names functions "D" or "$o" in index-CcLLFeGh.js; this names them "renderWithHooks
// react-dom-client.production.js" or "MarkerPreview features/map/MarkerPreview.tsx".
import fs from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";

export interface OriginalFrame {
  name: string;
  /** The source file, from the web app's folder or node_modules' package on. */
  file: string;
  line: number;
}

export function sourceNames(distDir: string) {
  const consumers = new Map<string, SourceMapConsumer | null>();
  const consumerFor = (url: string) => {
    const file = url.replace(/^[a-z]+:\/\/[^/]+\//, "").split("?")[0];
    if (!consumers.has(file)) {
      const mapFile = path.join(distDir, `${file}.map`);
      consumers.set(file, fs.existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, "utf8"))) : null);
    }
    return consumers.get(file) ?? null;
  };
  /** The original of a frame (0-based line and column, as CPU profiles give them); null where there is no map. */
  return (frame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }): OriginalFrame | null => {
    // A frame with no position (line -1: a module's top level as V8 reports it at times) has no original.
    if (!frame.url.includes("/assets/") || frame.lineNumber < 0) return null;
    const consumer = consumerFor(frame.url);
    if (!consumer) return null;
    const at = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber ?? 0 });
    if (!at.source) return null;
    const file = at.source.includes("node_modules/")
      ? at.source.replace(/^.*node_modules\//, "")
      : at.source.replace(/^(\.\.\/)+(web\/)?(src\/)?/, "");
    return { name: at.name ?? frame.functionName ?? "(anonymous)", file, line: at.line ?? 0 };
  };
}

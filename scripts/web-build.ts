// Builds the SPA into dist/web when it is missing or older than its sources, so `npm start` on a
// fresh clone serves the app without a separate build step.
import fs from "node:fs";
import path from "node:path";
import { rootDir } from "../server/config.ts";
import { componentLogger } from "../domain/logger.ts";

const log = componentLogger("start");

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds into outDir (default dist/web) unless a build newer than every source is there. */
export async function ensureWebBuild(outDir = path.join(rootDir, "dist/web")): Promise<string> {
  const index = path.join(outDir, "index.html");
  const sources = Math.max(newestMtime(path.join(rootDir, "web")), newestMtime(path.join(rootDir, "shared")));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return outDir;
  log.info(`Building the web app (${path.relative(rootDir, outDir)})...`);
  const { build } = await import("vite");
  // A production build wants NODE_ENV=production before Vite loads the config: the React plugin
  // picks the development JSX runtime (and React's development build) when it is unset then, as
  // it was under `npm start` (the CLI sets it first). The server that starts next must not
  // inherit it, so it is put back afterwards.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: path.join(rootDir, "web/vite.config.ts"),
      // Errors only: the chunk-size advice (5 lines) is for `npm run bench:bundle`, not every start.
      logLevel: process.env.LOG_LEVEL === "debug" || process.env.LOG_LEVEL === "trace" ? "warn" : "error",
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

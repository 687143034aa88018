// The SPA's build: root web/, output dist/web at the repository root (the server serves it with a
// history fallback). In development, API paths go to the server on port 3000.
import { readFileSync } from "node:fs";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { earlyScript } from "./early-script.ts";
import { startChunks } from "./start-chunks.ts";
import { routePreloads } from "./route-preloads.ts";
import { precompiledMessages, withoutIcuParser } from "./precompiled-messages.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const start = startChunks({
  earlyEntry: fileURLToPath(new URL("./src/early.ts", import.meta.url)),
  appEntry: fileURLToPath(new URL("./src/main.tsx", import.meta.url)),
});
const apiTarget = process.env.API_TARGET || "http://localhost:3000";
const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

const proxy = {
  "/graphql": { target: apiTarget, ws: true, changeOrigin: false },
  "/health": { target: apiTarget },
  "/config.js": { target: apiTarget },
  "/uploads": { target: apiTarget },
  "/images": { target: apiTarget },
};

export default defineConfig(({ command }) => ({
  root: webRoot,
  publicDir: "public",
  // Build-time endpoint overrides (VITE_GRAPHQL_URL, VITE_GRAPHQL_WS_URL) come from the
  // environment or from .env files at the repository root.
  envDir: repoRoot,
  define: {
    "import.meta.env.VITE_APP_VERSION": JSON.stringify(process.env.VITE_APP_VERSION || version),
  },
  // Brotli (quality 11) and gzip (level 9) copies of every text asset over 1 KB, served by
  // server/routes/spa.ts; the originals stay for browsers that accept neither.
  plugins: [
    // The catalogues' texts parsed at build time, and the browser without the ICU parser.
    precompiledMessages(),
    // The first screen's data asked by a script of its own, before the app's code has arrived.
    earlyScript(webRoot),
    // The code every page starts with in two chunks, not a dozen.
    start.plugin,
    // Which chunks each screen needs, for the server to preload with the page (issue 27).
    routePreloads(fileURLToPath(new URL("./src/routes/routes.tsx", import.meta.url))),
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
    }),
  ],
  resolve: {
    // Only in the build: tests and the dev server format texts as written (with the parser).
    alias: command === "build" ? withoutIcuParser : {},
  },
  oxc: {
    jsx: { runtime: "automatic" },
  },
  build: {
    outDir: fileURLToPath(new URL("../dist/web", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    rolldownOptions: {
      // What every page starts with in two files (start-chunks.ts).
      output: { codeSplitting: { groups: start.groups } },
      onwarn(warning, warn) {
        // react-router marks its modules "use client" (for server components); meaningless in an SPA.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy,
    fs: { allow: [repoRoot] },
  },
  preview: {
    port: 4173,
    proxy,
  },
}));

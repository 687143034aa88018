// The built SPA (dist/web): hashed assets cached for a year, index.html for every other GET so
// client-side routes work on reload (history fallback), naming the chunks of the screen the path
// opens so they load alongside the entry script (route-preloads.ts, issue 27).
//
// The build writes a brotli (.br) and a gzip (.gz) copy beside every text asset (vite.config.ts);
// express-static-gzip picks the one the browser accepts (brotli first), says so in
// Content-Encoding and adds Vary: Accept-Encoding so a shared cache keeps the copies apart.
// Compressing once at build time costs nothing per request and allows brotli's best level
// (11), which would be far too slow on the fly. A browser that accepts neither gets the original.
import type { Router } from "express";
import express from "express";
import staticGzip from "express-static-gzip";
import path from "node:path";
import { routePages } from "./route-preloads.ts";

const API_PREFIXES = ["/graphql", "/graphiql", "/health", "/webhooks", "/uploads", "/images", "/export", "/ruru-static"];

export function spaRouter(distDir: string): Router {
  const router = express.Router();
  // express-static-gzip answers a path it cannot decode with its own plain-text 400; hand such a
  // path to the app's error handler instead, which answers every malformed path the same way.
  router.use((req, _res, next) => {
    try {
      decodeURIComponent(req.path);
      next();
    } catch (e) {
      next(Object.assign(e as Error, { status: 400 }));
    }
  });
  const precompressed = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false };
  router.use(
    "/assets",
    staticGzip(path.join(distDir, "assets"), {
      ...precompressed,
      serveStatic: { immutable: true, maxAge: "365d", fallthrough: false },
    }),
  );
  router.use(staticGzip(distDir, { ...precompressed, serveStatic: { index: false, maxAge: "1h" } }));
  const pageFor = routePages(distDir);
  router.get("/{*path}", (req, res, next) => {
    if (API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return next();
    const page = pageFor(req.path);
    if (page === null) {
      res.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
      return;
    }
    // index.html with the chunks of the screen this path opens (issue 27, route-preloads.ts).
    res.set("Cache-Control", "no-cache").type("html").send(page);
  });
  return router;
}

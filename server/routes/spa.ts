// The built SPA (dist/web): hashed assets cached for a year, index.html for every other GET so
// client-side routes work on reload (history fallback).
import type { Router } from "express";
import express from "express";
import fs from "node:fs";
import path from "node:path";

const API_PREFIXES = ["/graphql", "/graphiql", "/health", "/webhooks", "/uploads", "/images", "/export", "/ruru-static"];

export function spaRouter(distDir: string): Router {
  const router = express.Router();
  router.use(
    "/assets",
    express.static(path.join(distDir, "assets"), { immutable: true, maxAge: "365d", fallthrough: false }),
  );
  router.use(express.static(distDir, { index: false, maxAge: "1h" }));
  router.get("/{*path}", (req, res, next) => {
    if (API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`))) return next();
    const index = path.join(distDir, "index.html");
    if (!fs.existsSync(index)) {
      res.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
      return;
    }
    // root keeps the dot-folder check to the file name (an install may live under .data/).
    res.set("Cache-Control", "no-cache").sendFile("index.html", { root: distDir });
  });
  return router;
}

// GET /config.js: run-time settings for the SPA (spec section 7: endpoints are configurable),
// so one build serves any deployment.
import type { Router } from "express";
import express from "express";
import type { ServerConfig } from "../config.ts";

export function clientConfigRouter(config: ServerConfig): Router {
  const router = express.Router();
  const body = `window.APP_CONFIG = ${JSON.stringify({
    graphqlUrl: config.graphqlUrl || null,
    graphqlWsUrl: config.graphqlWsUrl || null,
    nearestMaxKm: config.nearestMaxKm,
    brandHosts: config.brandHosts
      ? config.brandHosts
          .split(",")
          .map((h) => h.trim())
          .filter(Boolean)
      : [],
    // The applicationServerKey of PushManager.subscribe (issue 25).
    vapidPublicKey: config.vapidPublicKey || null,
  })};\n`;
  router.get("/config.js", (_req, res) => {
    res.type("application/javascript").set("Cache-Control", "no-cache").send(body);
  });
  return router;
}

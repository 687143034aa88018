// Image uploads and serving (docs/decisions.md, Images): POST /uploads resizes a signed-in user's
// pictures into WebP sizes and keeps them pending per form, the newFiles mutation (./plugin.ts)
// makes the newest the picture of a user, thing, group, device or action, and GET /images/...
// serves them to whoever may see that record (POST /images/session: the pictures cookie).
import express, { type Router } from "express";
import type pg from "pg";
import type { ServerConfig } from "../config.ts";
import type { PictureStore } from "../storage/index.ts";
import type { SharedLimits } from "../auth/rate-limit.ts";
import { uploadRouter } from "./uploads.ts";
import { imageServeRouter } from "./serve.ts";

export { makeImagesPlugin } from "./plugin.ts";

/**
 * `pool` is the API's (authenticator) pool: SQL runs under the request's web role. `store` keeps
 * the pictures and pending uploads (server/storage); `limits` counts uploads across servers.
 */
export function imageRoutes(config: ServerConfig, pool: pg.Pool, store: PictureStore, limits: SharedLimits): Router {
  const router = express.Router();
  router.use(uploadRouter(config, pool, store, limits));
  router.use(imageServeRouter(config, pool, store));
  return router;
}

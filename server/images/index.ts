// Image uploads and serving (docs/decisions.md, Images): POST /uploads resizes a signed-in user's
// pictures into WebP sizes and keeps them pending per form, the newFiles mutation (./plugin.ts)
// makes the newest the picture of a user, thing, group, device or action, and GET /images/...
// serves them to whoever may see that record (POST /images/session: the pictures cookie).
import express, { type Router } from "express";
import type pg from "pg";
import type { ServerConfig } from "../config.ts";
import { uploadRouter } from "./uploads.ts";
import { imageServeRouter } from "./serve.ts";

export { makeImagesPlugin } from "./plugin.ts";

/** `pool` is the API's (authenticator) pool: SQL runs under the request's web role. */
export function imageRoutes(config: ServerConfig, pool: pg.Pool): Router {
  const router = express.Router();
  router.use(uploadRouter(config, pool));
  router.use(imageServeRouter(config, pool));
  return router;
}

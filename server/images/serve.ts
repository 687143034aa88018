// GET /images/<type>/<id>/<variant>.webp: the processed pictures, to whoever may see the record
// they belong to (docs/decisions.md, Images): everyone for a public record (cacheable by anyone),
// else only those whose own rights let them see it, known by a bearer token or the pictures
// cookie (./viewer.ts; POST /images/session sets it), with Cache-Control: private. Everyone else
// gets the same 404 as for an id that does not exist. Every segment is checked against a closed
// list or the uuid form before a path is built, and anything else under /images answers 404 JSON.
import express, { type Request, type Response, type NextFunction, type Router } from "express";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import type { ServerConfig } from "../config.ts";
import type { PictureStore } from "../storage/index.ts";
import { canonicalUuid, imageKey, isImageType, isVariant } from "./layout.ts";
import { pictureShown } from "./visibility.ts";
import { pictureViewers, ViewerTokenError } from "./viewer.ts";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("images");

export const IMAGE_MAX_AGE_SECONDS = 86_400;
/** A private picture may be kept by the viewer's browser, which asks again (ETag) before each use. */
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

function notFound(res: Response): void {
  res.status(404).set("Cache-Control", "no-store").json({ error: "Image not found" });
}

/** RFC 9110 weak comparison: `*`, or any listed tag equal to ours ignoring W/. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const ours = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === ours);
}

async function sendImage(req: Request, res: Response, store: PictureStore, key: string, cacheControl: string): Promise<void> {
  const object = await store.get(key);
  if (!object) return notFound(res);
  let streaming = false;
  try {
    const lastModified = object.lastModified;
    res.set({
      "Content-Type": "image/webp",
      "Cache-Control": cacheControl,
      ETag: object.etag,
      "Last-Modified": lastModified.toUTCString(),
      "X-Content-Type-Options": "nosniff",
    });
    const ifNoneMatch = req.headers["if-none-match"];
    const ifModifiedSince = req.headers["if-modified-since"];
    const unchanged = ifNoneMatch
      ? etagMatches(ifNoneMatch, object.etag)
      : Boolean(ifModifiedSince) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(Date.parse(ifModifiedSince!) / 1000);
    if (unchanged) {
      res.status(304).end();
      return;
    }
    res.set("Content-Length", String(object.size));
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    streaming = true;
    // The stream is the store's from here, ended when done or destroyed.
    await pipeline(object.stream(), res).catch(() => {
      // The client went away; nothing to tell anyone.
    });
  } finally {
    if (!streaming) await object.close();
  }
}

export function imageServeRouter(config: ServerConfig, pool: pg.Pool, store: PictureStore): Router {
  const router = express.Router();
  const viewers = pictureViewers(config);
  router.post("/images/session", async (req, res, next) => {
    try {
      await viewers.session(req, res);
    } catch (e) {
      next(e);
    }
  });
  router.get("/images/:type/:id/:file", async (req, res, next) => {
    const { type, id, file } = req.params as Record<string, string>;
    const variant = /^([a-z]+)\.webp$/.exec(file)?.[1];
    const uuid = canonicalUuid(id);
    if (!isImageType(type) || !uuid || !isVariant(variant)) return notFound(res);
    try {
      // Not served: the target has no picture (hasImage false, deleted) or this viewer may not
      // see it; both look like an unknown id. Checked before any conditional answer (304).
      const shown = await pictureShown(pool, await viewers.of(req), type, uuid);
      if (!shown) return notFound(res);
      const cacheControl = shown === "public" ? `public, max-age=${IMAGE_MAX_AGE_SECONDS}` : PRIVATE_CACHE_CONTROL;
      await sendImage(req, res, store, imageKey(type, uuid, variant), cacheControl);
    } catch (e) {
      if (e instanceof ViewerTokenError) {
        res.status(401).set({ "Cache-Control": "no-store", "WWW-Authenticate": "Bearer" }).json({ error: e.message });
        return;
      }
      next(e);
    }
  });
  router.all(["/images", "/images/{*rest}"], (_req, res) => notFound(res));
  // Undecodable segments (bad %-escapes) land here instead of the default HTML error page.
  router.use(["/images", "/images/{*rest}"], (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status = (err as { status?: number })?.status;
    if (status === 400 || status === 404) return notFound(res);
    log.error({ err }, "serving a picture failed");
    res.status(500).json({ error: "The image could not be served" });
  });
  return router;
}

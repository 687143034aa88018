// POST /uploads: a signed-in user sends the pictures chosen in a form (multipart/form-data, a
// `sessionId` field the client generates per form and one or more `file` parts). They are kept
// as pending uploads of that user and form in the picture store (server/storage), already resized
// into the stored WebP sizes, until newFiles (./plugin.ts) attaches the newest one to what the
// form saved. Request bodies are received on this server's own disk (DATA_DIR/uploads/tmp) and
// removed once answered. Uploads per user per hour count in PostgreSQL, across servers. The contract is in docs/decisions.md (Images).
import express, { type Request, type Response, type Router } from "express";
import busboy from "busboy";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import type pg from "pg";
import type { ServerConfig } from "../config.ts";
import { claimsFromAuthorization, pgSettingsFor } from "../auth/request-context.ts";
import type { Claims } from "../auth/tokens.ts";
import { isSafeError } from "postgraphile/grafast";
import type { PictureStore } from "../storage/index.ts";
import type { SharedLimits } from "../auth/rate-limit.ts";
import { withRole } from "./db.ts";
import { canonicalUuid, formatBytes, PENDING_PREFIX, pendingSessionPrefix, uploadTmpDir } from "./layout.ts";
import { inspectImage, MAX_PIXELS, UnreadableImageError, TooManyPixelsError, type AcceptedImage } from "./inspect.ts";
import { ProcessingError, renderPending } from "./variants.ts";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("images");

export const UNSUPPORTED_TYPE = "Only JPEG, PNG, WebP or GIF images can be uploaded";
const BAD_SESSION = "sessionId must be a UUID made by the form";
/** Pending uploads (per form) are kept this long after their last file arrived. */
export const PENDING_TTL_MS = 24 * 3600 * 1000;
const TMP_TTL_MS = 3600 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const HOUR_MS = 3600 * 1000;
/** The name of the uploads limit in the shared count (app_private.rate_limits). */
export const UPLOAD_LIMIT_NAME = "uploads";
/** Room for the multipart framing and fields on top of the files themselves. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface ReceivedFile {
  tmp: string;
  name: string;
  truncated: boolean;
}

interface ReceivedForm {
  sessionId: string | null;
  files: ReceivedFile[];
  problem: HttpError | null;
}

function cleanName(name: string | undefined): string {
  // Only echoed back to the client; never part of a path.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is what this does
  return (name ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 255);
}

/**
 * Streams the file parts to temporary files; `allowFile` is asked for each one (it counts in the
 * database, so the answer comes while the part is already being received: a refused part is
 * dropped and the request answered with the refusal once the body has been read).
 */
function receiveForm(
  req: Request,
  options: { tmpDir: string; maxBytes: number; maxFiles: number; allowFile: () => Promise<HttpError | null> },
  files: ReceivedFile[],
): Promise<ReceivedForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: options.maxBytes, files: options.maxFiles, fields: 20, fieldSize: 1024, parts: options.maxFiles + 20 },
      });
    } catch {
      reject(new HttpError(400, "Send the images as multipart/form-data"));
      return;
    }
    const form: ReceivedForm = { sessionId: null, files, problem: null };
    const streams: Readable[] = [];
    /** Each write settles with its error or null, never rejects. */
    const writes: Promise<unknown>[] = [];
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      for (const s of streams) s.destroy();
      // Let the temporary files close before the caller removes them.
      void Promise.all(writes).then(() => reject(error));
    };

    parser.on("field", (name, value) => {
      if (name !== "sessionId") return;
      form.sessionId = value;
      // Sent first, as forms do: a bad one spares storing the files that follow.
      if (!canonicalUuid(value)) form.problem ??= new HttpError(400, BAD_SESSION);
    });
    parser.on("file", (field, stream, info) => {
      const refusal = form.problem ?? (field === "file" ? null : new HttpError(400, "Send each image as a part named 'file'"));
      if (refusal) {
        form.problem = refusal;
        stream.resume();
        return;
      }
      const file: ReceivedFile = {
        tmp: path.join(options.tmpDir, `${randomBytes(12).toString("hex")}.part`),
        name: cleanName(info.filename),
        truncated: false,
      };
      files.push(file);
      streams.push(stream);
      stream.on("limit", () => {
        file.truncated = true;
      });
      writes.push(
        pipeline(stream, fs.createWriteStream(file.tmp, { flags: "wx" })).then(
          () => null,
          (e: unknown) => e,
        ),
      );
      writes.push(
        options.allowFile().then(
          (refused) => {
            if (refused) form.problem ??= refused;
            return null;
          },
          (e: unknown) => e,
        ),
      );
    });
    parser.on("filesLimit", () => {
      form.problem ??= new HttpError(413, `At most ${options.maxFiles} images can be uploaded at once`);
    });
    parser.on("partsLimit", () => {
      form.problem ??= new HttpError(400, "The upload has too many parts");
    });
    parser.on("fieldsLimit", () => {
      form.problem ??= new HttpError(400, "The upload has too many fields");
    });
    parser.on("error", () => fail(new HttpError(400, "The upload was incomplete or malformed")));
    parser.on("close", () => {
      void Promise.all(writes).then((errors) => {
        if (settled) return;
        const failed = errors.find((e) => e != null);
        if (failed) {
          log.error({ err: failed }, "could not write an upload");
          fail(new HttpError(500, "The upload could not be stored"));
          return;
        }
        settled = true;
        resolve(form);
      });
    });
    // A client that goes away mid-body never ends the parser: stop waiting for it.
    req.on("close", () => {
      if (!req.complete) fail(new HttpError(400, "The upload was interrupted"));
    });
    req.pipe(parser);
  });
}

async function removeQuietly(target: string): Promise<void> {
  await fs.promises.rm(target, { recursive: true, force: true }).catch(() => {});
}

async function entries(dir: string): Promise<fs.Dirent[]> {
  return fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
}

/**
 * Drops form sessions whose newest pending upload is older than PENDING_TTL_MS (from the picture
 * store, whichever backend it is) and request bodies left on this server's disk by a crash.
 */
export async function sweepPending(store: PictureStore, dataDir: string, now = Date.now()): Promise<void> {
  const newest = new Map<string, number>();
  for await (const item of store.list(PENDING_PREFIX)) {
    const [user, session] = item.key.slice(PENDING_PREFIX.length).split("/");
    const userId = canonicalUuid(user);
    const sessionId = canonicalUuid(session);
    if (!userId || !sessionId) continue;
    const prefix = pendingSessionPrefix(userId, sessionId);
    newest.set(prefix, Math.max(newest.get(prefix) ?? 0, item.lastModified.getTime()));
  }
  for (const [prefix, time] of newest) {
    if (time < now - PENDING_TTL_MS) await store.deletePrefix(prefix).catch(() => {});
  }
  const tmp = uploadTmpDir(dataDir);
  for (const entry of await entries(tmp)) {
    const file = path.join(tmp, entry.name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < now - TMP_TTL_MS) await removeQuietly(file);
  }
}

/** File names sort by arrival, so the newest pending upload of a form is the greatest name. */
let lastStamp = 0;
function newFileId(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return `${lastStamp.toString(36).padStart(10, "0")}-${randomBytes(8).toString("hex")}`;
}

function sendError(req: Request, res: Response, error: HttpError, bodyLeft: boolean): void {
  res.status(error.status).set(error.headers);
  if (bodyLeft) {
    // Refused before reading the body: read and drop it when it is of a sensible size, so the
    // browser gets this answer rather than a reset connection; otherwise close after answering.
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared <= 64 * 1024 * 1024) req.resume();
    else res.set("Connection", "close");
  }
  res.json({ error: error.message });
}

export function uploadRouter(config: ServerConfig, pool: pg.Pool, store: PictureStore, limits: SharedLimits): Router {
  const router = express.Router();
  const tokenSettings = { jwtSecret: config.jwtSecret, jwtAudience: config.jwtAudience, jwtIssuer: config.jwtIssuer };
  const limit = limits.limit(UPLOAD_LIMIT_NAME, config.uploadsPerHour, HOUR_MS);
  const tmpDir = uploadTmpDir(config.dataDir);
  const tooLarge = `Images must be at most ${formatBytes(config.uploadMaxBytes)}`;
  let lastSweep = Date.now();
  sweepPending(store, config.dataDir).catch((e) => log.error({ err: e }, "sweep of pending uploads failed"));

  /** The signed-in user behind the bearer token, as the database sees them (signed-out sessions fail). */
  async function uploader(req: Request): Promise<string> {
    const unauthorised = (message: string) => new HttpError(401, message, { "WWW-Authenticate": "Bearer" });
    let claims: Claims | null;
    try {
      claims = await claimsFromAuthorization(tokenSettings, req.headers.authorization);
    } catch (e) {
      // InvalidTokenError; `instanceof` does not see it (SafeError resets the prototype).
      if (e instanceof Error && isSafeError(e) && (e as { statusCode?: number }).statusCode === 401) throw unauthorised(e.message);
      throw e;
    }
    if (!claims || (claims.role !== "bk_user" && claims.role !== "bk_admin")) {
      throw unauthorised("You must be signed in to upload images");
    }
    const result = await withRole(pool, pgSettingsFor(claims), (client) =>
      client.query<{ id: string | null }>("select app_public.current_user_id() as id"),
    );
    const userId = canonicalUuid(result.rows[0]?.id);
    if (!userId) throw unauthorised("Your session has ended; please sign in again");
    return userId;
  }

  router.post("/uploads", async (req, res) => {
    const files: ReceivedFile[] = [];
    let bodyRead = false;
    try {
      const userId = await uploader(req);
      const tooMany = async () =>
        new HttpError(429, "Too many uploads; please try again later", { "Retry-After": String(await limit.retryAfterSeconds(userId)) });
      if (await limit.isOver(userId)) throw await tooMany();
      const declared = Number(req.headers["content-length"]);
      if (declared > config.uploadMaxBytes * config.uploadMaxFiles + FORM_OVERHEAD_BYTES) throw new HttpError(413, tooLarge);

      if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        sweepPending(store, config.dataDir).catch((e) => log.error({ err: e }, "sweep of pending uploads failed"));
      }
      await fs.promises.mkdir(tmpDir, { recursive: true });
      bodyRead = true;
      const form = await receiveForm(
        req,
        {
          tmpDir,
          maxBytes: config.uploadMaxBytes,
          maxFiles: config.uploadMaxFiles,
          allowFile: async () => ((await limit.take(userId)) ? null : tooMany()),
        },
        files,
      );
      if (form.problem) throw form.problem;
      if (files.some((f) => f.truncated)) throw new HttpError(413, tooLarge);
      const sessionId = canonicalUuid(form.sessionId);
      if (!sessionId) throw new HttpError(400, BAD_SESSION);
      if (files.length === 0) throw new HttpError(400, "No image was sent: add one or more parts named 'file'");

      const accepted: AcceptedImage[] = [];
      for (const file of files) {
        try {
          accepted.push(await inspectImage(file.tmp));
        } catch (e) {
          if (e instanceof TooManyPixelsError) throw new HttpError(413, `Images must be at most ${MAX_PIXELS / 1_000_000} megapixels`);
          if (e instanceof UnreadableImageError) throw new HttpError(415, UNSUPPORTED_TYPE);
          throw e;
        }
      }

      // The sizes a picture is stored in are made now, in this request: it holds no database
      // connection, whereas newFiles runs in a transaction (docs/decisions.md, Images). Only they
      // are kept; the original, with its metadata, is removed.
      const sessionPrefix = pendingSessionPrefix(userId, sessionId);
      const made: string[] = [];
      const stored = [];
      try {
        for (const [i, file] of files.entries()) {
          const id = newFileId();
          const image = accepted[i];
          const { size } = await fs.promises.stat(file.tmp);
          const target = `${sessionPrefix}${id}/`;
          made.push(target);
          await renderPending(file.tmp, store, target);
          stored.push({ id, name: file.name, size, type: image.mime });
        }
      } catch (e) {
        // A request is kept whole or not at all.
        await Promise.all(made.map((prefix) => store.deletePrefix(prefix).catch(() => {})));
        if (e instanceof ProcessingError) {
          log.warn(`could not process an image: ${e.message}`);
          throw new HttpError(415, UNSUPPORTED_TYPE);
        }
        throw e;
      }
      await Promise.all(files.map((f) => removeQuietly(f.tmp)));
      files.length = 0;
      res.status(201).json({ files: stored });
    } catch (e) {
      const error = e instanceof HttpError ? e : new HttpError(500, "The upload could not be stored");
      if (!(e instanceof HttpError)) log.error({ err: e }, "upload failed");
      // Nothing of a refused request is kept; removed before answering.
      await Promise.all(files.map((f) => removeQuietly(f.tmp)));
      if (!res.headersSent) sendError(req, res, error, !bodyRead);
    }
  });
  // Anything else under /uploads (GET, a sub-path): pending uploads are never served.
  router.all(["/uploads", "/uploads/{*rest}"], (_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return router;
}

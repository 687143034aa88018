// A picture's three WebP sizes. They are made when the picture is uploaded (POST /uploads, before
// any transaction exists: resizing up to 100 megapixels is seconds of CPU, which must not hold one
// of the API's few pool connections), with metadata stripped (EXIF, GPS, XMP: sharp writes none
// unless asked) and the orientation applied; newFiles then only copies the finished files beside
// their final names and renames them into place once the caller has recorded has_image.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { SHARP_INPUT } from "./inspect.ts";
import { imageDir, imageFile, pendingSessionDir, VARIANT_NAMES, VARIANTS, type ImageType, type Variant } from "./layout.ts";

/** A pending upload: a folder named by arrival holding thumb.webp, medium.webp and large.webp. */
const PENDING_NAME = /^[0-9a-z]{10}-[0-9a-f]{16}$/;

export class PendingGoneError extends Error {}
export class ProcessingError extends Error {}

/** The folder of the newest upload of one form by one user (names sort by arrival), or null. */
export async function newestPending(dataDir: string, userId: string, sessionId: string): Promise<string | null> {
  const dir = pendingSessionDir(dataDir, userId, sessionId);
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((n) => PENDING_NAME.test(n)).sort();
  const newest = names.at(-1);
  return newest ? path.join(dir, newest) : null;
}

export async function removePendingSession(dataDir: string, userId: string, sessionId: string): Promise<void> {
  await fs.promises.rm(pendingSessionDir(dataDir, userId, sessionId), { recursive: true, force: true });
}

function render(image: Sharp, variant: Variant): Sharp {
  const size = VARIANTS[variant];
  if (size.fit === "cover") {
    image.resize(size.width, size.height, { fit: "cover", position: sharp.strategy.attention });
  } else {
    image.resize(size.width, size.height, { fit: "inside", withoutEnlargement: true });
  }
  return image.webp({ quality: 80 });
}

/**
 * Makes the three sizes of an accepted upload into `target` (a folder that must not exist yet).
 * They are written into a hidden folder beside it that is renamed into place when all three are
 * there, so newestPending never sees half of an upload. Throws ProcessingError when sharp fails.
 */
export async function renderPending(source: string, target: string): Promise<void> {
  const building = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  await fs.promises.mkdir(building, { recursive: true });
  try {
    const original = sharp(source, { ...SHARP_INPUT, autoOrient: true });
    await Promise.all(VARIANT_NAMES.map((v) => render(original.clone(), v).toFile(path.join(building, `${v}.webp`))));
    await fs.promises.rename(building, target);
  } catch (e: any) {
    await fs.promises.rm(building, { recursive: true, force: true }).catch(() => {});
    throw new ProcessingError(String(e?.message ?? e));
  }
}

export interface StagedVariants {
  /** Moves every variant to its final name (each rename is atomic). */
  commit(): Promise<void>;
  /** Removes what was written; safe after commit. */
  discard(): Promise<void>;
}

/** Copies a pending upload's finished sizes beside their final names: file copies, no decoding. */
export async function stageVariants(pending: string, dataDir: string, type: ImageType, id: string): Promise<StagedVariants> {
  const dir = imageDir(dataDir, type, id);
  await fs.promises.mkdir(dir, { recursive: true });
  const token = randomBytes(6).toString("hex");
  const files = VARIANT_NAMES.map((variant) => ({
    variant,
    source: path.join(pending, `${variant}.webp`),
    temp: path.join(dir, `.${variant}.${token}.tmp`),
    final: imageFile(dataDir, type, id, variant),
  }));
  const discard = async () => {
    await Promise.all(files.map((f) => fs.promises.rm(f.temp, { force: true }).catch(() => {})));
  };
  try {
    await Promise.all(files.map((f) => fs.promises.copyFile(f.source, f.temp)));
  } catch (e: any) {
    await discard();
    // Another newFiles call of the same form may have taken it a moment ago.
    if (e?.code === "ENOENT") throw new PendingGoneError(pending);
    throw e;
  }
  return {
    async commit() {
      for (const f of files) await fs.promises.rename(f.temp, f.final);
    },
    discard,
  };
}

// Turning a pending upload into the stored picture of a target: metadata stripped (EXIF, GPS,
// XMP: sharp writes none unless asked), orientation applied, three WebP sizes written beside
// their final names and renamed into place only when the caller has recorded has_image.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { SHARP_INPUT } from "./inspect.ts";
import { imageDir, imageFile, pendingSessionDir, VARIANT_NAMES, VARIANTS, type ImageType, type Variant } from "./layout.ts";

const PENDING_NAME = /^[0-9a-z]{10}-[0-9a-f]{16}\.(jpg|png|webp|gif|heic)$/;

export class PendingGoneError extends Error {}
export class ProcessingError extends Error {}

/** The newest upload of one form by one user (names sort by arrival), or null. */
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

export interface StagedVariants {
  /** Moves every variant to its final name (each rename is atomic). */
  commit(): Promise<void>;
  /** Removes what was written; safe after commit. */
  discard(): Promise<void>;
}

export async function stageVariants(source: string, dataDir: string, type: ImageType, id: string): Promise<StagedVariants> {
  const dir = imageDir(dataDir, type, id);
  await fs.promises.mkdir(dir, { recursive: true });
  const token = randomBytes(6).toString("hex");
  const files = VARIANT_NAMES.map((variant) => ({
    variant,
    temp: path.join(dir, `.${variant}.${token}.tmp`),
    final: imageFile(dataDir, type, id, variant),
  }));
  const discard = async () => {
    await Promise.all(files.map((f) => fs.promises.rm(f.temp, { force: true }).catch(() => {})));
  };
  try {
    await fs.promises.access(source);
  } catch {
    throw new PendingGoneError(source);
  }
  try {
    const original = sharp(source, { ...SHARP_INPUT, autoOrient: true });
    await Promise.all(files.map((f) => render(original.clone(), f.variant).toFile(f.temp)));
  } catch (e: any) {
    await discard();
    // Another newFiles call of the same form may have taken it a moment ago.
    if (e?.code === "ENOENT" || /no such file|Input file is missing/i.test(String(e?.message))) throw new PendingGoneError(source);
    throw new ProcessingError(String(e?.message ?? e));
  }
  return {
    async commit() {
      for (const f of files) await fs.promises.rename(f.temp, f.final);
    },
    discard,
  };
}

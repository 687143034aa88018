// A picture's three WebP sizes. They are made when the picture is uploaded (POST /uploads, before
// any transaction exists: resizing up to 100 megapixels is seconds of CPU, which must not hold one
// of the API's few pool connections), with metadata stripped (EXIF, GPS, XMP: sharp writes none
// unless asked) and the orientation applied, and kept as a pending upload in the picture store
// (server/storage); newFiles then only reads the finished sizes and writes them under the
// picture's own keys once the caller has recorded has_image.
import sharp, { type Sharp } from "sharp";
import type { PictureStore } from "../storage/index.ts";
import { SHARP_INPUT } from "./inspect.ts";
import { imageKey, pendingKey, pendingSessionPrefix, VARIANT_NAMES, VARIANTS, type ImageType, type Variant } from "./layout.ts";

/** A pending upload's name: its arrival time, then randomness, so names sort by arrival. */
export const PENDING_NAME = /^[0-9a-z]{10}-[0-9a-f]{16}$/;

export class PendingGoneError extends Error {}
export class ProcessingError extends Error {}

/**
 * The key prefix of the newest complete upload of one form by one user, or null. An upload is
 * complete when all three sizes are stored (they are written side by side, so a reader may see
 * some of them first).
 */
export async function newestPending(store: PictureStore, userId: string, sessionId: string): Promise<string | null> {
  const prefix = pendingSessionPrefix(userId, sessionId);
  const sizes = new Map<string, number>();
  for await (const item of store.list(prefix)) {
    const [name, file, ...rest] = item.key.slice(prefix.length).split("/");
    if (rest.length || !PENDING_NAME.test(name) || !VARIANT_NAMES.some((v) => file === `${v}.webp`)) continue;
    sizes.set(name, (sizes.get(name) ?? 0) + 1);
  }
  const newest = [...sizes]
    .filter(([, n]) => n === VARIANT_NAMES.length)
    .map(([name]) => name)
    .sort()
    .at(-1);
  return newest ? `${prefix}${newest}/` : null;
}

export async function removePendingSession(store: PictureStore, userId: string, sessionId: string): Promise<void> {
  await store.deletePrefix(pendingSessionPrefix(userId, sessionId));
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

/** The three sizes of a picture (a file, or its bytes), in VARIANT_NAMES order. */
export async function renderVariants(source: string | Buffer): Promise<Buffer[]> {
  const original = sharp(source, { ...SHARP_INPUT, autoOrient: true });
  return Promise.all(VARIANT_NAMES.map((v) => render(original.clone(), v).toBuffer()));
}

/**
 * Makes the three sizes of an accepted upload (a file on this server's disk) and stores them
 * under `uploadPrefix` (uploads/pending/<user>/<form>/<upload>/). Throws ProcessingError when
 * sharp fails; a store that fails throws its own error, and what was stored of the upload is
 * removed either way.
 */
export async function renderPending(source: string, store: PictureStore, uploadPrefix: string): Promise<void> {
  let sizes: Buffer[];
  try {
    sizes = await renderVariants(source);
  } catch (e) {
    throw new ProcessingError(String((e as Error | null)?.message ?? e));
  }
  try {
    await Promise.all(VARIANT_NAMES.map((v, i) => store.put(pendingKey(uploadPrefix, v), sizes[i], "image/webp")));
  } catch (e) {
    await store.deletePrefix(uploadPrefix).catch(() => {});
    throw e;
  }
}

export interface StagedVariants {
  /** Stores every size under the picture's own keys (each write replaces one object whole). */
  commit(): Promise<void>;
}

/** Reads a pending upload's finished sizes: no decoding. PendingGoneError when it went meanwhile. */
export async function stageVariants(store: PictureStore, uploadPrefix: string, type: ImageType, id: string): Promise<StagedVariants> {
  const sizes = await Promise.all(VARIANT_NAMES.map((v) => store.read(pendingKey(uploadPrefix, v))));
  // Another newFiles call of the same form may have taken it a moment ago.
  if (sizes.some((s) => s === null)) throw new PendingGoneError(uploadPrefix);
  return {
    async commit() {
      await Promise.all(VARIANT_NAMES.map((v, i) => store.put(imageKey(type, id, v), sizes[i]!, "image/webp")));
    },
  };
}

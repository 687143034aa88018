// Where images are stored (storage keys) and what their URLs look like. Everything that builds a path from
// request input goes through the strict checks here (known type, known variant, canonical uuid),
// so no user-supplied text ever reaches a storage key unchecked.
import path from "node:path";

/** What can have a picture (spec section 3: hasImage on users, things, groups, devices, actions). */
export const IMAGE_TYPES = ["user", "thing", "group", "device", "action"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The sizes every picture is stored in, all WebP. */
export const VARIANTS = {
  /** 128 px square, cropped to fill (avatars, lists). */
  thumb: { width: 128, height: 128, fit: "cover" },
  /** At most 512 px on the longer side (cards). */
  medium: { width: 512, height: 512, fit: "inside" },
  /** At most 1600 px on the longer side (full view). */
  large: { width: 1600, height: 1600, fit: "inside" },
} as const;
export type Variant = keyof typeof VARIANTS;
export const VARIANT_NAMES = Object.keys(VARIANTS) as Variant[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lower-case form of a uuid, or null when the text is not one. */
export function canonicalUuid(value: unknown): string | null {
  return typeof value === "string" && UUID.test(value) ? value.toLowerCase() : null;
}

export function isImageType(value: unknown): value is ImageType {
  return typeof value === "string" && (IMAGE_TYPES as readonly string[]).includes(value);
}

export function isVariant(value: unknown): value is Variant {
  return typeof value === "string" && Object.hasOwn(VARIANTS, value);
}

/**
 * Storage keys (server/storage): uploads not yet attached to anything are
 * uploads/pending/<userId>/<sessionId>/<uploadId>/<variant>.webp, pictures are
 * images/<type>/<id>/<variant>.webp. With STORAGE=local a key is the path below DATA_DIR.
 */
export const PENDING_PREFIX = "uploads/pending/";

export function pendingSessionPrefix(userId: string, sessionId: string): string {
  return `${PENDING_PREFIX}${userId}/${sessionId}/`;
}

export function pendingKey(uploadPrefix: string, variant: Variant): string {
  return `${uploadPrefix}${variant}.webp`;
}

export function imageKey(type: ImageType, id: string, variant: Variant): string {
  return `images/${type}/${id}/${variant}.webp`;
}

/** Request bodies being received, on this server's own disk; checked and resized, then stored. */
export function uploadTmpDir(dataDir: string): string {
  return path.join(dataDir, "uploads", "tmp");
}

/** Root-relative URL of a variant; the client resolves it against the API's origin. */
export function imageUrl(type: ImageType, id: string, variant: Variant): string {
  return `/images/${type}/${id}/${variant}.webp`;
}

/** "10 MB", "512 KB": the configured limit as people read it. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  const kb = bytes / 1024;
  return `${Number.isInteger(kb) ? kb : Math.ceil(kb)} KB`;
}

// The one interface every picture backend implements (issue 24; docs/decisions.md, "Fleet"): a
// flat store of small objects named by keys such as `images/thing/<uuid>/thumb.webp` and
// `uploads/pending/<user>/<form>/<upload>/large.webp`. What server/images needs of it, no more:
// write one object whole (readers see the old bytes or the new, never half), read one with the
// headers a response needs, list by prefix, delete. Who may see a picture is decided before the
// store is asked (server/images/visibility.ts), the same on every backend.
import type { Readable } from "node:stream";
import type { STORAGE_KINDS } from "../../domain/config/settings.ts";

// The kinds are listed with the STORAGE setting (domain/config/settings.ts).
export { STORAGE_KINDS } from "../../domain/config/settings.ts";
export type StorageKind = (typeof STORAGE_KINDS)[number];

export interface StoredObject {
  size: number;
  /** A strong entity tag, quoted as HTTP sends it. */
  etag: string;
  lastModified: Date;
  /** The bytes; call at most once. */
  stream(): Readable;
  /** Lets go of the object without reading it (a 304 or a HEAD). Safe after stream(). */
  close(): Promise<void>;
}

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface PictureStore {
  readonly kind: StorageKind;
  /** Writes an object whole, replacing any old one atomically. */
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The whole object in memory, or null. */
  read(key: string): Promise<Buffer | null>;
  /** Every object whose key starts with `prefix` (in key order on postgres and s3, folder by folder on local). */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Removes these objects; missing ones are no error. */
  delete(keys: string[]): Promise<void>;
  /** Removes every object under `prefix` (which ends with "/"). */
  deletePrefix(prefix: string): Promise<void>;
  /** Closes connections the store opened itself. */
  close(): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._/-]*$/;

/**
 * Keys are built from checked parts only (server/images/layout.ts), and checked again here, so
 * no backend ever sees `..`, an absolute path or anything but lower-case names.
 */
export function checkKey(key: string, { prefix = false } = {}): string {
  if (prefix && key === "") return key;
  const parts = key.split("/");
  const last = parts.at(-1);
  const ok =
    key.length <= 400 && KEY.test(key) && parts.every((p, i) => (p === "" ? prefix && i === parts.length - 1 : p !== "." && p !== ".."));
  if (!ok || (!prefix && !last)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

export async function collect(items: AsyncIterable<ListedObject>): Promise<ListedObject[]> {
  const all: ListedObject[] = [];
  for await (const item of items) all.push(item);
  return all;
}

// What an uploaded file really is: its first bytes decide (never the client's file name or
// Content-Type), sharp must agree and must be able to decode it. HEIC passes only when this
// build of sharp (libvips/libheif) can decode it; the prebuilt sharp reads AVIF but not HEVC, so
// iPhone HEIC photos are refused with the same 415 as any other unsupported file.
import fs from "node:fs";
import sharp, { type Metadata, type SharpOptions } from "sharp";

/** Larger pictures are refused (decompression bombs: a small PNG can hold a huge canvas). */
export const MAX_PIXELS = 100_000_000;

/** Input options for every decode: the first frame only, tolerant of warnings, bounded in size. */
export const SHARP_INPUT: SharpOptions = { failOn: "error", limitInputPixels: MAX_PIXELS, pages: 1 };

export class UnreadableImageError extends Error {}
export class TooManyPixelsError extends Error {}

const KINDS = {
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  webp: { mime: "image/webp", ext: "webp" },
  gif: { mime: "image/gif", ext: "gif" },
  heif: { mime: "image/heic", ext: "heic" },
} as const;
export type ImageKind = keyof typeof KINDS;

export interface AcceptedImage {
  kind: ImageKind;
  mime: string;
  ext: string;
  width: number;
  height: number;
}

/** HEIF brands of still HEIC images (ISO/IEC 23008-12). AVIF's own brands are not accepted. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

export function sniff(head: Buffer): ImageKind | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString("latin1");
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (head.length >= 12 && ascii(4, 8) === "ftyp" && HEIC_BRANDS.has(ascii(8, 12))) return "heif";
  return null;
}

async function head(file: string, length = 32): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Throws UnreadableImageError (415) or TooManyPixelsError (413) for what we will not keep. */
export async function inspectImage(file: string): Promise<AcceptedImage> {
  const kind = sniff(await head(file));
  if (!kind) throw new UnreadableImageError("not a supported image type");
  let metadata: Metadata;
  try {
    // Only the header is read here, so sharp's own pixel limit is lifted for this one call: with it,
    // a bomb failed right here and was answered like a broken file (415) instead of 413 below.
    metadata = await sharp(file, { ...SHARP_INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new UnreadableImageError("unreadable image header");
  }
  if (metadata.format !== kind) throw new UnreadableImageError(`content says ${kind}, decoder says ${metadata.format}`);
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (!width || !height) throw new UnreadableImageError("no dimensions");
  if (width * height > MAX_PIXELS) throw new TooManyPixelsError();
  // Decode it all once (cheaply, shrinking on load) so a truncated or undecodable file is
  // refused now, while the form is open, rather than after it is saved.
  try {
    await sharp(file, SHARP_INPUT).resize(64, 64, { fit: "inside" }).raw().toBuffer();
  } catch {
    throw new UnreadableImageError("undecodable image");
  }
  return { kind, ...KINDS[kind], width, height };
}

// A picture of a user (or a thing, group, device or action), or initials when there is none.
//
//   <Avatar id={user.id} name={user.name} hasImage={user.hasImage} />              user, 40 px thumb
//   <Avatar type="thing" id={thing.id} name={thing.name} hasImage size={96} variant="medium" shape="square" />
//
// Props
//   id        the record's id (uuid)
//   name      used for the initials and their colour when there is no picture
//   hasImage  the record's hasImage flag; false shows initials without asking the server
//   type      "user" (default) | "thing" | "group" | "device" | "action"
//   size      width and height in CSS pixels (default 40)
//   variant   "thumb" (128 px square, default) | "medium" (512 px) | "large" (1600 px)
//   shape     "round" (default) | "square" (rounded corners)
//   alt       text alternative; default "" (decorative: the name is usually written beside it)
//   src       an explicit picture URL (a local preview, say) instead of the stored one
//
// Pictures live at /images/<type>/<id>/<variant>.webp on the API's origin (docs/decisions.md,
// Images), served to whoever may see the record (the pictures cookie, lib/picture-access.ts,
// tells the server who an <img> is for); a missing or refused one (404) falls back to the
// initials. Public pictures are cached by browsers for a day, so after a new picture is attached
// (newFiles) call rememberImageVersion(type, id, movedFiles): every Avatar and imageUrl() of this
// browser then asks for the new version.
import { useSyncExternalStore, type CSSProperties } from "react";
import { useAppConfig } from "../lib/config-context.tsx";
import { usePictureAttempt } from "../lib/picture-access.ts";

export type ImageType = "user" | "thing" | "group" | "device" | "action";
export type ImageVariant = "thumb" | "medium" | "large";

const VERSIONS_KEY = "steward.imageVersions";
const MAX_REMEMBERED = 100;

type Versions = Record<string, string>;

function readVersions(): Versions {
  try {
    const raw = typeof window !== "undefined" ? window.localStorage.getItem(VERSIONS_KEY) : null;
    const value: unknown = raw ? JSON.parse(raw) : {};
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Versions) : {};
  } catch {
    return {};
  }
}

let versions: Versions = readVersions();
const listeners = new Set<() => void>();

function subscribeVersions(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getVersions() {
  return versions;
}

/**
 * Records the version of a picture just attached by newFiles (its movedFiles URLs carry `?v=`),
 * so this browser shows the new picture at once instead of a cached old one.
 */
export function rememberImageVersion(type: ImageType, id: string, movedFiles: readonly string[]) {
  const version = movedFiles.map((url) => /[?&]v=([^&#]+)/.exec(url)?.[1]).find(Boolean) ?? Date.now().toString(36);
  const entries = Object.entries({ ...versions, [`${type}/${id}`]: version }).slice(-MAX_REMEMBERED);
  versions = Object.fromEntries(entries);
  try {
    window.localStorage.setItem(VERSIONS_KEY, JSON.stringify(versions));
  } catch {
    // Private mode or full storage: remembered for this page only.
  }
  for (const listener of [...listeners]) listener();
}

/** Root-relative path of a stored picture, with the remembered version when there is one. */
export function imagePath(type: ImageType, id: string, variant: ImageVariant = "thumb", known = versions): string {
  const version = known[`${type}/${id}`];
  const path = `/images/${type}/${encodeURIComponent(id)}/${variant}.webp`;
  return version ? `${path}?v=${encodeURIComponent(version)}` : path;
}

/** A root-relative API path ("/images/...", "/uploads") as an absolute URL on the API's origin. */
export function apiUrl(path: string, graphqlUrl: string): string {
  try {
    return new URL(path, graphqlUrl).href;
  } catch {
    return path;
  }
}

/** The absolute URL of a stored picture; follows rememberImageVersion. */
export function useImageUrl(type: ImageType, id: string, variant: ImageVariant = "thumb"): string {
  const { graphqlUrl } = useAppConfig();
  const known = useSyncExternalStore(subscribeVersions, getVersions, getVersions);
  return apiUrl(imagePath(type, id, variant, known), graphqlUrl);
}

/** "Alice van Dijk" -> "AD", "robin" -> "R". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "")
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (words.length === 0) return "?";
  const first = Array.from(words[0])[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? "") : "";
  return (first + last).toUpperCase();
}

// Calm, dark enough for white text (at least 4.5:1).
const COLOURS = ["#446d44", "#1d5a8a", "#7a4a8c", "#8a5300", "#2f6f6a", "#9b3d3d", "#4f5b93", "#5c6b2e"];

function colourOf(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length];
}

export interface AvatarProps {
  id: string;
  name?: string | null;
  hasImage?: boolean | null;
  type?: ImageType;
  size?: number;
  variant?: ImageVariant;
  shape?: "round" | "square";
  alt?: string;
  src?: string | null;
  className?: string;
}

export function Avatar({
  id,
  name,
  hasImage,
  type = "user",
  size = 40,
  variant = "thumb",
  shape = "round",
  alt = "",
  src,
  className,
}: AvatarProps) {
  const stored = useImageUrl(type, id, variant);
  const url = src || (hasImage ? stored : null);
  // A failure under an older pictures cookie is asked again (a private picture asked before it was set).
  const attempt = usePictureAttempt(url);

  const style: CSSProperties = {
    width: size,
    height: size,
    flex: "none",
    borderRadius: shape === "round" ? "50%" : Math.max(4, Math.round(size / 8)),
    overflow: "hidden",
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    verticalAlign: "middle",
  };
  const classes = `avatar${className ? ` ${className}` : ""}`;

  if (url && !attempt.failed) {
    return (
      <img
        key={attempt.key}
        className={classes}
        src={url}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={{ ...style, objectFit: "cover", background: "#e8ebe6" }}
        onError={attempt.onError}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label comes only with role="img" (both set from alt)
    <span
      className={`${classes} avatar-initials`}
      translate="no"
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      style={{
        ...style,
        background: colourOf(id),
        color: "#fff",
        fontWeight: 600,
        fontSize: Math.max(10, Math.round(size * 0.4)),
        letterSpacing: "0.02em",
        userSelect: "none",
      }}
    >
      {initialsOf(name)}
    </span>
  );
}

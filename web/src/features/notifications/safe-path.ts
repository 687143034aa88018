/** A notice's link, followed only when it is a path inside the app. */
export function safePath(path: string | null): string | null {
  return path?.startsWith("/") && !path.startsWith("//") ? path : null;
}

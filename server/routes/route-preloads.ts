// The app's page for one path, naming the chunks of the screen that path opens (issue 27): the
// build lists them per route (web/route-preloads.ts, route-preloads.json beside index.html), and
// <link rel="modulepreload"> in the page lets a phone on a slow network fetch them alongside the
// entry script instead of one round trip after it has run. A path no screen matches (or a build
// without the list) gets index.html as it is.
import fs from "node:fs";
import path from "node:path";

interface Route {
  segments: string[];
  /** Fixed segments outrank parameters (/groups/:id/settings before /groups/:id/:tab), as in react-router. */
  rank: number;
  files: string[];
}

interface Loaded {
  mtimeMs: number;
  html: string;
  routes: Route[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function linkFor(file: string): string {
  const href = escapeAttribute(file);
  return file.endsWith(".css")
    ? `<link rel="preload" as="style" crossorigin href="${href}">`
    : `<link rel="modulepreload" crossorigin href="${href}">`;
}

function readRoutes(distDir: string): Route[] {
  let list: Record<string, unknown>;
  try {
    list = JSON.parse(fs.readFileSync(path.join(distDir, "route-preloads.json"), "utf8")) as Record<string, unknown>;
  } catch {
    return [];
  }
  return Object.entries(list)
    .filter(
      (entry): entry is [string, string[]] =>
        Array.isArray(entry[1]) && entry[1].every((f) => typeof f === "string" && f.startsWith("/assets/")),
    )
    .map(([pattern, files]) => {
      const segments = pattern.split("/").filter(Boolean);
      return { segments, rank: segments.filter((s) => !s.startsWith(":")).length, files };
    });
}

function matches(route: Route, segments: string[]): boolean {
  return route.segments.length === segments.length && route.segments.every((s, i) => s.startsWith(":") || s === segments[i]);
}

/** index.html for a path, with its screen's chunks named; re-read when the build changes. null before a build. */
export function routePages(distDir: string): (pathname: string) => string | null {
  let loaded: Loaded | null = null;
  return (pathname) => {
    const index = path.join(distDir, "index.html");
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(index).mtimeMs;
    } catch {
      return null;
    }
    if (!loaded || loaded.mtimeMs !== mtimeMs) loaded = { mtimeMs, html: fs.readFileSync(index, "utf8"), routes: readRoutes(distDir) };
    const segments = pathname.split("/").filter(Boolean);
    const route = loaded.routes.filter((r) => matches(r, segments)).sort((a, b) => b.rank - a.rank)[0];
    if (!route?.files.length || !loaded.html.includes("</head>")) return loaded.html;
    return loaded.html.replace("</head>", `${route.files.map(linkFor).join("\n    ")}\n  </head>`);
  };
}

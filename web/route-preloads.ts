// A build step (Vite plugin) for the phone on slow 4G (issue 27): which chunks each top-level
// screen needs, written to route-preloads.json beside index.html. The server names them in the
// page it sends for that path (<link rel="modulepreload">, server/routes/route-preloads.ts), so
// a screen's code downloads while the entry script is still arriving and starting, instead of
// one round trip after it. Only static imports are listed: what a screen loads lazily (the map
// library) stays lazy.
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

export const ROUTE_PRELOADS_FILE = "route-preloads.json";

/** The top-level screens of the route table: path and the module it loads ("./x" from the table's folder). */
export function screenRoutes(routesSource: string): { path: string; module: string }[] {
  // screen("/map", "Map", "public", () => import("../features/map/MapPage.tsx")): child routes
  // have relative paths and are left out (they come with their parent's screen).
  return [...routesSource.matchAll(/screen\(\s*"(\/[^"]*)"[\s\S]*?import\("([^"]+)"\)/g)].map((m) => ({ path: m[1], module: m[2] }));
}

interface ChunkInfo {
  type: "chunk";
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

export function routePreloads(routesFile: string): Plugin {
  return {
    name: "steward-route-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const item of Object.values(bundle)) if (item.type === "chunk") chunks.set(item.fileName, item as unknown as ChunkInfo);
      // Everything index.html loads already (the entries and their static imports).
      const closure = (start: ChunkInfo, skip: Set<string>) => {
        const seen = new Set<string>();
        const todo = [start.fileName];
        while (todo.length) {
          const name = todo.pop()!;
          if (seen.has(name) || skip.has(name)) continue;
          seen.add(name);
          todo.push(...(chunks.get(name)?.imports ?? []));
        }
        return seen;
      };
      // index.html's entries: the app and the early script (early-script.ts).
      const initial = new Set<string>();
      for (const entry of [...chunks.values()].filter((c) => c.isEntry)) for (const f of closure(entry, new Set())) initial.add(f);
      const byModule = new Map([...chunks.values()].filter((c) => c.facadeModuleId).map((c) => [path.normalize(c.facadeModuleId!), c]));
      const routes: Record<string, string[]> = {};
      for (const route of screenRoutes(fs.readFileSync(routesFile, "utf8"))) {
        const chunk = byModule.get(path.resolve(path.dirname(routesFile), route.module));
        if (!chunk) continue;
        const files = [...closure(chunk, initial)];
        const css = files.flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]);
        routes[route.path] = [...files, ...new Set(css)].map((f) => `/${f}`);
      }
      this.emitFile({ type: "asset", fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routes) });
    },
  };
}

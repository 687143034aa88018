// A build step (Vite plugin) for the phone on slow 4G (issue 27): src/early.ts, which asks the
// first screen's data while the app's code downloads, is built as an entry of its own and named
// in the page before the app's entry. Vite folds every module script of index.html into one entry,
// which would make it wait for the whole app; as its own entry it waits only for its few imports
// (named beside it, so they download at once). Module scripts run in document order, so it runs
// first. In development the dev server serves it from source, in the same place.
import path from "node:path";
import type { Plugin } from "vite";

const MODULE_SCRIPT = /<script type="module"/;

interface EntryChunk {
  type: "chunk";
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
}

export function earlyScript(webRoot: string, entry = "src/early.ts"): Plugin {
  const before = (html: string, tags: string) => html.replace(MODULE_SCRIPT, `${tags}\n    <script type="module"`);
  return {
    name: "steward-early-script",
    config(_config, { command }) {
      if (command !== "build") return;
      return { build: { rolldownOptions: { input: { index: path.join(webRoot, "index.html"), early: path.join(webRoot, entry) } } } };
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return before(html, `<script type="module" src="/${entry}"></script>`);
        const chunk = Object.values(ctx.bundle).find((c) => c.type === "chunk" && c.isEntry && c.name === "early") as
          | EntryChunk
          | undefined;
        if (!chunk) return html;
        // Every chunk it imports, however deep: the browser would otherwise find them one level at a time.
        const files = new Set<string>();
        const todo = [...chunk.imports];
        while (todo.length > 0) {
          const file = todo.pop()!;
          if (files.has(file)) continue;
          files.add(file);
          todo.push(...((ctx.bundle[file] as EntryChunk | undefined)?.imports ?? []));
        }
        const preloads = [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
        return before(html, [...preloads, `<script type="module" crossorigin src="/${chunk.fileName}"></script>`].join("\n    "));
      },
    },
  };
}

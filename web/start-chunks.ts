// A build step (Vite plugin and chunk groups) for the phone on slow 4G (issue 27): what every page
// loads first comes in two files instead of a dozen. Left to itself the bundler cut the code both
// entries start with into chunks by which screens share each module: the early script's seven
// (three of them under 300 bytes) and, beside the app's entry, its dates, texts and locale
// chunks. Over HTTP/1.1 a browser asks at most six files of a host at once and waits a round
// trip (150 ms on the phone profile) for each, so the count cost more than the bytes:
// - start-early: everything the early script imports (web/src/early.ts and what it needs);
// - start-app: the app's entry (main.tsx) and everything it imports statically, but the above.
// The entry chunk is then a one-line facade of start-app, and the shell's styles one file, in the
// order they had. Screens keep their own chunks (route-preloads.ts names them with the page).
import type { Plugin } from "vite";

/** A script module of the bundle (not a style, not the bundler's own virtual modules). */
const isScript = (id: string) => !/\.(css|scss)(\?|$)/.test(id) && !id.startsWith("\0");

export function startChunks({ earlyEntry, appEntry }: { earlyEntry: string; appEntry: string }) {
  const early = new Set<string>();
  const app = new Set<string>();
  const plugin: Plugin = {
    name: "steward-start-chunks",
    apply: "build",
    // The module graph is complete here, and chunking (which calls the groups' tests) comes after.
    buildEnd() {
      early.clear();
      app.clear();
      const collect = (from: string, into: Set<string>) => {
        const todo = [from];
        while (todo.length > 0) {
          const id = todo.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      collect(earlyEntry, early);
      // The early script stays its own entry: it must not wait for anything but its imports.
      early.delete(earlyEntry);
      collect(appEntry, app);
    },
  };
  // The higher priority takes a module both would: the early script never waits for the app's code.
  const groups = [
    { name: "start-early", priority: 2, test: (id: string) => early.has(id) && isScript(id) },
    { name: "start-app", priority: 1, test: (id: string) => app.has(id) && !early.has(id) && isScript(id) },
  ];
  return { plugin, groups };
}

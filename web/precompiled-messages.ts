// A build step (Vite plugin) for the first page's weight (issues 25, 27): the catalogues' ICU texts
// parsed at build time into FormatJS's syntax trees, so the browser formats them without the ICU
// parser (aliased to its no-parser build: about 9 KB of gzipped JavaScript on every page). The
// catalogue modules hold data only (their imports are types), so each is loaded here as it is and
// written out again with every text replaced by its tree. Tests and the server use the texts as
// written (the parser is there for them); a text that reached the browser unparsed would throw,
// which the end-to-end tests (run on this build) would show.
import { pathToFileURL } from "node:url";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

/** The catalogues the browser formats: screen texts, known server texts' translations, notices. */
const CATALOGUE = /\/(web\/src\/lib\/i18n\/(messages\/[^/]+|known-texts\/de)|shared\/i18n\/notices\/(en-GB|de))\.ts$/;

type Texts = Record<string, unknown>;

function compiled(texts: Texts, file: string): Texts {
  return Object.fromEntries(
    Object.entries(texts).map(([key, text]) => {
      if (typeof text !== "string") throw new Error(`${file}: ${key} is not a text`);
      return [key, parse(text)];
    }),
  );
}

/** `JSON.parse('…')`: quicker for the browser to read than the same object as a literal. */
const json = (value: unknown) => `JSON.parse('${JSON.stringify(value).replace(/\\/g, "\\\\").replace(/'/g, "\\'")}')`;

export function precompiledMessages(): Plugin {
  return {
    name: "steward:precompiled-messages",
    apply: "build",
    enforce: "pre",
    async load(id) {
      if (!CATALOGUE.test(id)) return null;
      const module = (await import(pathToFileURL(id).href)) as Record<string, unknown>;
      const names = new Map<unknown, string>();
      const lines: string[] = [];
      for (const [name, value] of Object.entries(module)) {
        if (name === "default") continue;
        if (!value || typeof value !== "object") throw new Error(`${id}: export ${name} is not a catalogue`);
        names.set(value, name);
        lines.push(`export const ${name} = ${json(compiled(value as Texts, id))};`);
      }
      if ("default" in module) {
        const same = names.get(module.default);
        lines.push(same ? `export default ${same};` : `export default ${json(compiled(module.default as Texts, id))};`);
      }
      return lines.join("\n");
    },
  };
}

/** The ICU parser's no-parser build, for the browser bundle (every text it formats is parsed already). */
export const withoutIcuParser = { "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js" };

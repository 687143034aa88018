// The GraphQL documents the SPA sends (web/src/**/*.graphql), read as the benches send them, and
// the variables of the things list's first page, so the benches ask what a browser asks.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Kind, parse, print, visit } from "graphql";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every fragment the SPA's documents define, by name (the SPA's build adds those a document spreads). */
function fragmentsOfTheSpa(): Map<string, string> {
  const fragments = new Map<string, string>();
  for (const file of fs.globSync("web/src/**/*.graphql", { cwd: root })) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const definition of parse(text).definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, print(definition));
    }
  }
  return fragments;
}

/** A document by its path from the repository root, with the fragments it spreads (as the SPA sends it). */
export function spaDocument(file: string): string {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const fragments = fragmentsOfTheSpa();
  const defined = new Set<string>();
  const added: string[] = [];
  const addSpreads = (source: string) => {
    visit(parse(source), {
      FragmentDefinition: (node) => void defined.add(node.name.value),
      FragmentSpread: (node) => {
        const name = node.name.value;
        if (defined.has(name) || added.includes(name)) return;
        const definition = fragments.get(name);
        if (!definition) throw new Error(`${file} spreads ...${name}, which no .graphql file of web/src defines`);
        added.push(name);
        addSpreads(definition);
      },
    });
  };
  addSpreads(text);
  return [text, ...added.map((name) => fragments.get(name))].join("\n");
}

/** AllThings' first page in the list's default order (web/src/features/things/ThingList.tsx). */
export const THINGS_LIST_FIRST_PAGE = { first: 24, after: null, orderBy: ["NAME_ASC", "ID_ASC"], condition: null, counted: false };

/**
 * HomeDashboard's variables as the home page sends them (MemberHome.tsx): the week from Monday
 * 00:00, and the rows its cards show (MAX_ROWS and BADGE_ROWS of web/src/features/home/home-data.ts).
 */
export function homeDashboardVariables(now = new Date()) {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7));
  return { weekStart: start.toISOString(), rows: 5, badgeRows: 4 };
}

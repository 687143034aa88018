// Every operation in a web/**/*.graphql file must be valid against the API's exported schema
// (server/schema.graphql), so a renamed field breaks this test rather than the page. A file holds
// one named operation (with fragments of its own), or only fragments that operations in other
// files use (as GraphQL Code Generator puts them together, `npm run codegen`).
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  buildSchema,
  NoUnusedFragmentsRule,
  parse,
  specifiedRules,
  validate,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
} from "graphql";
import { describe, expect, it } from "vitest";

// import.meta.url is not a file URL under jsdom; the module's directory is.
const schemaPath = resolve(import.meta.dirname, "../../server/schema.graphql");
const operations = import.meta.glob<string>("./**/*.graphql", { query: "?raw", import: "default", eager: true });

const documents = Object.fromEntries(Object.entries(operations).map(([file, source]) => [file, parse(source)]));
const fragments = new Map<string, FragmentDefinitionNode>();
for (const document of Object.values(documents)) {
  for (const d of document.definitions) if (d.kind === "FragmentDefinition") fragments.set(d.name.value, d);
}

/** The document with the fragments of other files that it spreads (and they spread), as sent. */
function withFragments(document: DocumentNode): DocumentNode {
  const own = new Set(document.definitions.flatMap((d) => (d.kind === "FragmentDefinition" ? [d.name.value] : [])));
  const added: FragmentDefinitionNode[] = [];
  const take = (node: DocumentNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const fragment = fragments.get(name);
        if (own.has(name) || !fragment) return;
        own.add(name);
        added.push(fragment);
        take(fragment);
      },
    });
  take(document);
  return { ...document, definitions: [...document.definitions, ...added] };
}

describe.skipIf(!existsSync(schemaPath))("GraphQL operations", () => {
  const schema = existsSync(schemaPath) ? buildSchema(readFileSync(schemaPath, "utf8")) : null;

  it("exist", () => {
    expect(Object.keys(operations).length).toBeGreaterThan(0);
  });

  it("have unique fragment names", () => {
    const names = Object.values(documents).flatMap((document) =>
      document.definitions.flatMap((d) => (d.kind === "FragmentDefinition" ? [d.name.value] : [])),
    );
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it.each(Object.keys(operations))("%s is valid against server/schema.graphql", (file) => {
    const document = documents[file];
    const definitions = document.definitions.filter((d) => d.kind === "OperationDefinition");
    if (definitions.length === 0) {
      // Fragments only: valid on their own, used elsewhere.
      const rules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
      expect(validate(schema!, document, rules).map((error) => error.message)).toEqual([]);
      return;
    }
    const errors = validate(schema!, withFragments(document)).map((error) => error.message);
    expect(errors).toEqual([]);
    expect(definitions).toHaveLength(1);
    expect(definitions[0].name?.value, "operations need a name (it is sent as operationName)").toBeTruthy();
  });
});

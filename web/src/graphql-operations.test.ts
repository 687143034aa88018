// Every operation in a web/**/*.graphql file must be valid against the API's exported schema
// (server/schema.graphql), so a renamed field breaks this test rather than the page.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";

// import.meta.url is not a file URL under jsdom; the module's directory is.
const schemaPath = resolve(import.meta.dirname, "../../server/schema.graphql");
const operations = import.meta.glob<string>("./**/*.graphql", { query: "?raw", import: "default", eager: true });

describe.skipIf(!existsSync(schemaPath))("GraphQL operations", () => {
  const schema = existsSync(schemaPath) ? buildSchema(readFileSync(schemaPath, "utf8")) : null;

  it("exist", () => {
    expect(Object.keys(operations).length).toBeGreaterThan(0);
  });

  it.each(Object.entries(operations))("%s is valid against server/schema.graphql", (_file, source) => {
    const document = parse(source);
    const errors = validate(schema!, document).map((error) => error.message);
    expect(errors).toEqual([]);
    const definitions = document.definitions.filter((d) => d.kind === "OperationDefinition");
    expect(definitions).toHaveLength(1);
    expect(definitions[0].name?.value, "operations need a name (it is sent as operationName)").toBeTruthy();
  });
});

// The typed documents next to the SPA's operations (web/src/**/X.generated.ts, `npm run codegen`)
// are what GraphQL Code Generator makes now from the .graphql files and server/schema.graphql: an
// operation or schema changed without regenerating fails here, naming the stale file.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "@graphql-codegen/cli";
import { describe, expect, it } from "vitest";
import config from "../../codegen.ts";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("generated operation types", () => {
  it("are what `npm run codegen` makes from the .graphql files and server/schema.graphql", async () => {
    const outputs: { filename: string; content: string }[] = await generate({ ...config, cwd: rootDir, silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    const stale = outputs
      .filter((output) => {
        const file = path.resolve(rootDir, output.filename);
        return !fs.existsSync(file) || fs.readFileSync(file, "utf8") !== output.content;
      })
      .map((output) => path.relative(rootDir, path.resolve(rootDir, output.filename)));
    expect(stale, "run `npm run codegen`").toEqual([]);
  }, 60_000);

  it("have a .graphql file each (none left behind by a removed operation)", () => {
    const generated = fs.globSync("web/src/**/*.generated.ts", { cwd: rootDir });
    const orphans = generated.filter(
      (file) =>
        file !== "web/src/test/operations.generated.ts" && !fs.existsSync(path.join(rootDir, file.replace(/\.generated\.ts$/, ".graphql"))),
    );
    expect(generated.length).toBeGreaterThan(0);
    expect(orphans, "delete these, or run `npm run codegen` after restoring their operation").toEqual([]);
  });
});

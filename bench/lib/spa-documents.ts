// The GraphQL documents the SPA sends (web/src/**/*.graphql), read as the benches send them, and
// the variables of the things list's first page, so the benches ask what a browser asks.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A document by its path from the repository root. */
export const spaDocument = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** AllThings' first page in the list's default order (web/src/features/things/ThingList.tsx). */
export const THINGS_LIST_FIRST_PAGE = { first: 24, after: null, orderBy: ["NAME_ASC", "ID_ASC"], condition: null, counted: false };

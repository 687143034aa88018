// The app's one list of thing types (shared/thing-types.ts) is the database's enum, in its order:
// the screens, the import and the bench seed read the list; the database is what accepts a type.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type pg from "pg";
import { THING_TYPES } from "../../shared/thing-types.ts";
import { owner } from "./sql-client.ts";

let db: pg.Client;
beforeAll(async () => {
  db = await owner();
});
afterAll(async () => {
  await db.end();
});

describe("thing types", () => {
  it("are exactly app_public.thing_type's values, in order", async () => {
    const { rows } = await db.query<{ value: string }>("select unnest(enum_range(null::app_public.thing_type))::text as value");
    expect(rows.map((r) => r.value)).toEqual([...THING_TYPES]);
  });
});

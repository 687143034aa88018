// The permission matrix is complete (issue 13): every root query, mutation and subscription
// field of server/schema.graphql, and every table the API exposes, has at least one row in
// server/test/permissions/matrix.ts saying who may use it. A new operation therefore fails here
// until someone decides, in that table, who may do it; the rows themselves run for every role in
// server/test/permissions/matrix-*.test.ts, and the generated leak checks in leaks.test.ts.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { buildSchema } from "postgraphile/graphql";
import { MATRIX } from "./permissions/matrix.ts";
import { ROLES } from "./permissions/roles.ts";
import { owner } from "../../db/test/sql-client.ts";

const schema = buildSchema(readFileSync(new URL("../schema.graphql", import.meta.url), "utf8"));
const roots = {
  query: schema.getQueryType()!,
  mutation: schema.getMutationType()!,
  subscription: schema.getSubscriptionType()!,
};

describe("the permission matrix", () => {
  it.each(Object.keys(roots) as (keyof typeof roots)[])("has a row for every %s field of server/schema.graphql", (kind) => {
    const covered = new Set(MATRIX.filter((r) => r.kind === kind).map((r) => r.field));
    const missing = Object.keys(roots[kind].getFields()).filter((f) => !covered.has(f));
    expect(missing, `classify these in server/test/permissions/matrix.ts`).toEqual([]);
  });

  it("names only fields that exist, under the right root", () => {
    const wrong = MATRIX.filter((r) => !roots[r.kind].getFields()[r.field]).map((r) => `${r.kind} ${r.field}`);
    expect(wrong).toEqual([]);
  });

  it("has a row for every table of app_public (its target names the table)", async () => {
    const db = await owner();
    try {
      const { rows } = await db.query<{ relname: string }>(`
        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'app_public' and c.relkind in ('r', 'p') order by 1`);
      const targets = new Set(MATRIX.map((r) => r.target.split(":")[0]));
      expect(rows.map((r) => r.relname).filter((t) => !targets.has(t))).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it("gives every row a meaningful rule: roles that exist, and a refusal for the others", () => {
    const bad = MATRIX.filter((r) => r.allowed.some((role) => !ROLES.includes(role)) || (r.allowed.length < ROLES.length && !r.denied)).map(
      (r) => r.does,
    );
    expect(bad).toEqual([]);
  });

  it("keeps the 21 operations of the first matrix", () => {
    const fields = new Set(MATRIX.map((r) => r.field));
    const first = [
      "thingById",
      "allThings",
      "updateThing",
      "deleteThingById",
      "createAction",
      "inviteToThingAccess",
      "allThingAccesses",
      "deviceById",
      "updateDeviceById",
      "allSensorData",
      "updateGroup",
      "inviteToGroupMembership",
      "createTask",
      "taskById",
      "allUserEmails",
      "updateUserById",
      "userById",
      "allUsers",
      "newUser",
      "getNavigationAnalytics",
      "allFeedbacks",
    ];
    expect(first.filter((f) => !fields.has(f))).toEqual([]);
  });
});

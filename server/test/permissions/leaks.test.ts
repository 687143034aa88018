// Nothing private is reachable another way (issue 13): for every role, every row of the world is
// looked up by nodeId (node() and the type's own fields) and by id; every row the role may see is
// walked one level down every relation and connection the schema offers; every root connection
// is narrowed to each parent in the world. All of it is generated from the API's introspection,
// so a new table, relation or look-up is checked without anyone writing a test for it. Each
// answer must hold no row the role may not see, and every totalCount must count only what is
// shown. (Subscriptions: the thingUpdated and notificationAdded rows of matrix.ts.)
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { GraphQLSchema } from "postgraphile/graphql";
import { World } from "./world.ts";
import { ROLES, EVERYONE, SIGNED_IN, SEES_T, MANAGERS, OWNER, type Role } from "./roles.ts";
import { fetchSchema, selection, relations, entitiesIn, countMismatches, lookups, narrowableConnections } from "./schema-walk.ts";
import { DEFAULT_DOCUMENT_LIMITS } from "../../graphql/document-limits.ts";

/** Who may see each arranged row of world.ts (a new row must be added here, or the test fails). */
const VISIBLE_TO: Record<string, readonly Role[]> = {
  "user:stranger": SIGNED_IN,
  "user:member": SIGNED_IN,
  "user:collaborator": SIGNED_IN,
  "user:owner": SIGNED_IN,
  "user:admin": SIGNED_IN,
  G: EVERYONE,
  PG: MANAGERS,
  T: SEES_T,
  PT: EVERYONE,
  PGT: MANAGERS,
  D: MANAGERS,
  PD: EVERYONE,
  D2: MANAGERS,
  UNO: MANAGERS,
  "downlink:UNO": MANAGERS,
  // Readings follow the thing they were taken on, else their device.
  "reading:D": SEES_T,
  "reading:PD": EVERYONE,
  "reading:D2": MANAGERS,
  "access:T:owner": SEES_T,
  "access:T:collaborator": SEES_T,
  "access:PT:owner": EVERYONE,
  "access:PGT:owner": MANAGERS,
  "access:D:owner": MANAGERS,
  "access:PD:owner": EVERYONE,
  "access:D2:owner": MANAGERS,
  "membership:G:owner": EVERYONE,
  "membership:G:member": EVERYONE,
  "membership:PG:owner": MANAGERS,
  "invitation:T": MANAGERS,
  "invitation:D": MANAGERS,
  "invitation:G": MANAGERS,
  "invitation:PG": MANAGERS,
  "action:T:created": SEES_T,
  "action:T:upkeep": SEES_T,
  "action:PT:created": EVERYONE,
  "action:PGT:created": MANAGERS,
  // Tasks are for the people who plan them, even on a public thing.
  "task:T": SEES_T,
  "task:PT": ["member", "owner", "admin"],
  "assignment:T": SEES_T,
  "notification:owner": OWNER,
  "chat:owner": OWNER,
  "feedback:owner": MANAGERS,
  "email:owner": MANAGERS,
  badgeType: EVERYONE,
  "badge:owner": EVERYONE,
  "alert:T": SEES_T,
};

let w: World;
let schema: GraphQLSchema;
beforeAll(async () => {
  w = await World.create();
  schema = await fetchSchema(w);
}, 120_000);
afterAll(async () => {
  await w?.close();
});

const key = (name: string) => `${w.rows[name].type}:${w.rows[name].id}`;
const names = () => Object.keys(w.rows);
const forbidden = (role: Role) =>
  new Set(
    names()
      .filter((n) => !VISIBLE_TO[n].includes(role))
      .map(key),
  );
const leaked = (role: Role, answer: unknown) => [...entitiesIn(answer)].filter((e) => forbidden(role).has(e));

/** Errors an answer may carry: none, except a guest's 'Permission denied' on tables closed to guests. */
function unexpectedErrors(role: Role, errors: any[] | undefined) {
  return (errors ?? []).filter((e) => !(role === "guest" && e.extensions?.code === "42501"));
}

/** Runs `parts` (aliased root fields) as the role, as many at a time as the API's root-field limit allows. */
async function batched(role: Role, parts: string[]) {
  const answers: { data: Record<string, any>; errors: any[] }[] = [];
  const size = DEFAULT_DOCUMENT_LIMITS.maxRootFields;
  for (let i = 0; i < parts.length; i += size) {
    const r = await w.call(role, `query Batch { ${parts.slice(i, i + size).join("\n")} }`);
    answers.push({ data: r.data ?? {}, errors: r.errors ?? [] });
  }
  return { data: Object.assign({}, ...answers.map((a) => a.data)), errors: answers.flatMap((a) => a.errors) };
}

it("every arranged row says who may see it", () => {
  expect(names().filter((n) => !VISIBLE_TO[n])).toEqual([]);
});

describe.each(ROLES)("as %s", (role) => {
  it("look-ups by nodeId (node() and each type's own field) and by id find exactly the rows the role may see", async () => {
    const checks: { alias: string; label: string; visible: boolean; part: string }[] = [];
    names().forEach((name, i) => {
      const row = w.rows[name];
      [{ field: "node", arg: "nodeId" }, ...lookups(schema, row.type)].forEach((way, j) => {
        const value = way.arg === "nodeId" ? row.nodeId : row.id;
        checks.push({
          alias: `r${i}_${j}`,
          label: `${name} via ${way.field}`,
          visible: VISIBLE_TO[name].includes(role),
          part: `r${i}_${j}: ${way.field}(${way.arg}: ${JSON.stringify(value)}) { __typename }`,
        });
      });
    });
    const { data, errors } = await batched(
      role,
      checks.map((c) => c.part),
    );
    expect(unexpectedErrors(role, errors)).toEqual([]);
    expect(Object.fromEntries(checks.map((c) => [c.label, data[c.alias] != null]))).toEqual(
      Object.fromEntries(checks.map((c) => [c.label, c.visible])),
    );
  });

  it("no relation or connection of a row the role may see leads to a row it may not see, and no totalCount counts hidden rows", async () => {
    const problems: string[] = [];
    for (const name of names().filter((n) => VISIBLE_TO[n].includes(role))) {
      const row = w.rows[name];
      const type = schema.getType(row.type) as any;
      const walk = (keep?: (f: string) => boolean) =>
        w.call(role, `query Walk($n: ID!) { node(nodeId: $n) { ... on ${row.type} { ${selection(type, 1, keep)} } } }`, { n: row.nodeId });
      let r = await walk();
      // A guest has no grant at all on some tables (tasks, notifications...), and one such
      // relation fails the whole row; then each relation is walked on its own, and those refused
      // outright (what the matrix checks) are left out.
      if (role === "guest" && r.errors?.some((e) => e.extensions?.code === "42501")) {
        const [base, ...parts] = await Promise.all([walk(() => false), ...relations(type).map((f) => walk((g) => g === f))]);
        const open = [base, ...parts.filter((p) => !p.errors?.some((e) => e.extensions?.code === "42501"))];
        const node = base.data?.node == null ? null : Object.assign({}, ...open.map((p) => p.data?.node));
        r = { status: 200, data: { node }, errors: open.flatMap((p) => p.errors ?? []) };
      }
      for (const e of unexpectedErrors(role, r.errors)) problems.push(`${name}: error ${e.message} at ${e.path?.join(".")}`);
      if (r.data?.node == null) problems.push(`${name}: not visible through node()`);
      for (const l of leaked(role, r.data)) problems.push(`${name} leads to ${l}`);
      for (const m of countMismatches(r.data)) problems.push(`${name}${m}`);
    }
    expect(problems).toEqual([]);
  });

  it("no root connection narrowed to a parent of the world shows a row the role may not see, and every totalCount counts only what is shown", async () => {
    const problems: string[] = [];
    for (const c of narrowableConnections(schema)) {
      const node = schema.getQueryType()!.getFields()[c.field].type as any;
      const nodeType = (node.ofType ?? node).getFields().nodes.type;
      const named = (function unwrap(t: any): any {
        return t.ofType ? unwrap(t.ofType) : t;
      })(nodeType);
      const parents = names().filter((n) => w.rows[n].type === c.names);
      if (parents.length === 0) continue;
      const parts = parents.map((p, i) => {
        const arg =
          c.via === "condition" ? `condition: { ${c.key}: ${JSON.stringify(w.rows[p].id)} }` : `${c.key}: ${JSON.stringify(w.rows[p].id)}`;
        return `c${i}: ${c.field}(${arg}) { totalCount nodes { ${selection(named, 0)} } }`;
      });
      const { data, errors } = await batched(role, parts);
      // A connection refused outright (admin-only statistics) shows nothing: no leak here.
      for (const e of errors.filter((e) => e.extensions?.code !== "42501")) problems.push(`${c.field}(${c.key}): error ${e.message}`);
      parents.forEach((p, i) => {
        for (const l of leaked(role, data[`c${i}`])) problems.push(`${c.field}(${c.key}: ${p}) shows ${l}`);
        for (const m of countMismatches(data[`c${i}`])) problems.push(`${c.field}(${c.key}: ${p})${m}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it("no root connection taken whole shows a row the role may not see", async () => {
    const problems: string[] = [];
    const fields = Object.values(schema.getQueryType()!.getFields()).filter((f) => {
      const t = f.type as any;
      const named = t.ofType ?? t;
      return (
        typeof named.getFields === "function" &&
        named.getFields().nodes &&
        named.getFields().totalCount &&
        !f.args.some((a) => (a.type as any).toString().endsWith("!"))
      );
    });
    for (const f of fields) {
      const nodesType = ((f.type as any).ofType ?? f.type).getFields().nodes.type;
      const named = (function unwrap(t: any): any {
        return t.ofType ? unwrap(t.ofType) : t;
      })(nodesType);
      const r = await w.call(role, `query Whole { ${f.name}(first: 1000) { nodes { ${selection(named, 0)} } } }`);
      // Admin-only statistics refuse others outright; that is the matrix's business, not a leak.
      for (const l of leaked(role, r.data)) problems.push(`${f.name} shows ${l}`);
    }
    expect(problems).toEqual([]);
  });
});

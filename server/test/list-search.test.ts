// Server-side search, sort and filters of the lists (issue #12): `condition: { search }` on the
// searchable tables' connections, and /users' paged list of people (allUsers for admins,
// peopleInGroups for everyone signed in), under row-level security.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, makeAdmin, newUserDetails, signUp, startTestServer } from "./harness.ts";
import { SEARCH_TOO_LONG } from "../graphql/search-condition-plugin.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
let url: string;
// Letters only: the tests search for digits of the things' numbers, which a digit in the tag would match.
const tag = Date.now()
  .toString(26)
  .replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)]);

async function must<T = any>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const r = await gql<T>(url, query, variables, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data as T;
}

async function createGroup(token: string, name: string, isPublic = true): Promise<string> {
  const d = await must(
    `mutation G($name: String!, $isPublic: Boolean!) { createGroup(input: { name: $name, type: GROWER, isPublic: $isPublic }) { group { id } } }`,
    { name, isPublic },
    token,
  );
  return d.createGroup.group.id;
}

async function createThing(token: string, groupId: string, name: string, isPublic = true, type = "PLANTER"): Promise<string> {
  const d = await must(
    `mutation T($input: CreateThingInput!) { createThing(input: $input) { thing { id } } }`,
    { input: { groupId, name, type, location: { x: 51.45, y: -0.97 }, isPublic } },
    token,
  );
  return d.createThing.thing.id;
}

const THINGS = `query Things($search: String, $first: Int, $after: Cursor) {
  allThings(condition: { search: $search }, orderBy: [NAME_ASC], first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } nodes { name }
  }
}`;

let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let groupId: string;
let privateGroupId: string;

beforeAll(async () => {
  server = await startTestServer();
  url = server.url;
  owner = await signUp(url, { ...newUserDetails("srch"), name: "Olive Searcher" });
  stranger = await signUp(url, { ...newUserDetails("strg"), name: "Sid Stranger" });
  groupId = await createGroup(owner.token, `Café Crème Growers ${tag}`);
  privateGroupId = await createGroup(owner.token, `Hidden Orchard ${tag}`, false);
  for (let i = 1; i <= 12; i++) await createThing(owner.token, groupId, `Planter ${tag} ${String(i).padStart(2, "0")}`);
  await createThing(owner.token, privateGroupId, `Secret Bench ${tag}`, false, "BENCH");
});

afterAll(async () => {
  await server?.close();
});

describe("condition: { search }", () => {
  it("finds rows beyond the first page, every word, ignoring case and accents", async () => {
    // A page of 5 holds 01-05; the search still finds 12 on the server.
    const d = await must(THINGS, { search: `PLANTER ${tag} 12`, first: 5 }, owner.token);
    expect(d.allThings.totalCount).toBe(1);
    expect(d.allThings.nodes.map((n: any) => n.name)).toEqual([`Planter ${tag} 12`]);
    // Every word must occur; their order does not matter.
    const both = await must(THINGS, { search: `1 ${tag} planter`, first: 50 }, owner.token);
    expect(both.allThings.nodes.map((n: any) => n.name)).toEqual(
      ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]
        .filter((n) => n.includes("1"))
        .map((n) => `Planter ${tag} ${n}`),
    );
    // A thing is also found by its group's name, accents or not.
    const byGroup = await must(THINGS, { search: `cafe creme ${tag}`, first: 50 }, owner.token);
    expect(byGroup.allThings.totalCount).toBe(12);
  });

  it("pages through the matches with cursors", async () => {
    const first = await must(THINGS, { search: `planter ${tag}`, first: 5 }, owner.token);
    expect(first.allThings.totalCount).toBe(12);
    expect(first.allThings.pageInfo.hasNextPage).toBe(true);
    const second = await must(THINGS, { search: `planter ${tag}`, first: 5, after: first.allThings.pageInfo.endCursor }, owner.token);
    expect(second.allThings.nodes.map((n: any) => n.name)[0]).toBe(`Planter ${tag} 06`);
  });

  it("an empty search matches everything; nothing is found that the caller may not see", async () => {
    // Within the private group (other test files add things to the shared database meanwhile).
    const all = await must(
      `query All($g: UUID!) { allThings(condition: { search: "  ", groupId: $g }) { nodes { name } } }`,
      { g: privateGroupId },
      owner.token,
    );
    expect(all.allThings.nodes.map((n: any) => n.name)).toEqual([`Secret Bench ${tag}`]);
    const hidden = await must(THINGS, { search: `secret bench ${tag}`, first: 10 }, stranger.token);
    expect(hidden.allThings.totalCount).toBe(0);
    // Nor through a related name: the stranger cannot find public rows by the private group's name.
    const groups = await must(
      `query Gs($s: String) { allGroups(condition: { search: $s }) { totalCount } }`,
      { s: `hidden orchard ${tag}` },
      stranger.token,
    );
    expect(groups.allGroups.totalCount).toBe(0);
  });

  it("works on nested connections and beside other conditions", async () => {
    const d = await must(
      `query GT($id: UUID!, $s: String) { groupById(id: $id) { thingsByGroupId(condition: { search: $s, type: PLANTER }) { totalCount } } }`,
      { id: groupId, s: `${tag} 0` },
      owner.token,
    );
    expect(d.groupById.thingsByGroupId.totalCount).toBe(10); // 01-09 and 10
  });

  it("searches the activity by what was done, where and by whom", async () => {
    const things = await must(
      `query Q($s: String) { allThings(condition: { search: $s }) { nodes { id } } }`,
      { s: `planter ${tag} 03` },
      owner.token,
    );
    await must(
      `mutation A($a: ActionInput!) { createAction(input: { action: $a }) { action { id } } }`,
      { a: { thingId: things.allThings.nodes[0].id, type: "LITTER_CLEANUP", comments: "Picked up crisp packets" } },
      owner.token,
    );
    const q = `query Acts($s: String) { allActions(condition: { search: $s }) { nodes { comments } } }`;
    for (const s of ["crisp packets", "litter cleanup", `olive planter ${tag} 03 crisp`]) {
      const d = await must(q, { s }, owner.token);
      expect(
        d.allActions.nodes.map((n: any) => n.comments),
        s,
      ).toContain("Picked up crisp packets");
    }
  });

  it("refuses a search text longer than 200 characters, with a clear message", async () => {
    const r = await gql(url, THINGS, { search: "x".repeat(201), first: 5 }, owner.token);
    expect(r.errors?.[0]?.message).toBe(SEARCH_TOO_LONG);
    expect(r.errors?.[0]?.extensions?.code).toBe("INVLD");
  });
});

describe("/users lists", () => {
  const PEOPLE = `query People($groupId: UUID, $s: String, $orderBy: [UsersOrderBy!], $first: Int) {
    peopleInGroups(groupId: $groupId, condition: { search: $s }, orderBy: $orderBy, first: $first) {
      totalCount nodes { name username }
    }
  }`;

  it("peopleInGroups lists each person of the visible groups once, sorted, searched and by group", async () => {
    const member = await signUp(url, { ...newUserDetails("mmbr"), name: "Amy Member" });
    await must(
      `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { clientMutationId } }`,
      { g: groupId },
      member.token,
    );
    const d = await must(PEOPLE, { groupId, orderBy: ["NAME_ASC"], first: 10 }, member.token);
    expect(d.peopleInGroups.nodes.map((n: any) => n.name)).toEqual(["Amy Member", "Olive Searcher"]);
    const newest = await must(PEOPLE, { groupId, orderBy: ["CREATED_AT_DESC"], first: 10 }, member.token);
    expect(newest.peopleInGroups.nodes[0].name).toBe("Amy Member");
    const found = await must(PEOPLE, { groupId, s: "olive", first: 10 }, member.token);
    expect(found.peopleInGroups.nodes.map((n: any) => n.username)).toEqual([owner.username]);
    // The owner is in two groups but listed once.
    const mine = await must(PEOPLE, { s: owner.username, first: 10 }, owner.token);
    expect(mine.peopleInGroups.totalCount).toBe(1);
    // Someone in no visible group sees nobody of the private group.
    const none = await must(PEOPLE, { groupId: privateGroupId, first: 10 }, stranger.token);
    expect(none.peopleInGroups.totalCount).toBe(0);
  });

  it("guests cannot list people; allUsers stays admin-only but sorts and searches for admins", async () => {
    const guest = await gql(url, PEOPLE, { first: 5 });
    expect(guest.errors?.length ?? 0).toBeGreaterThan(0);
    const q = `query U($s: String) { allUsers(condition: { search: $s }, orderBy: [NAME_ASC], first: 5) { totalCount nodes { name } } }`;
    const notAdmin = await must(q, { s: "searcher" }, stranger.token);
    expect(notAdmin.allUsers.totalCount).toBe(0);
    const admin = await makeAdmin(url, server.databaseUrl, stranger);
    const d = await must(q, { s: "olive searcher" }, admin.token);
    expect(d.allUsers.nodes.map((n: any) => n.name)).toContain("Olive Searcher");
  });
});

// Bulk import of things (issue #26): importThings takes a batch of a CSV file's rows or GeoJSON
// features for a group; a dry run reports every row it would reject and why and writes nothing;
// a re-import by external id updates rather than duplicates; group owners import into their own
// group, admins into any; everyone else is refused.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner, makeAdmin } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const sql = <T = any>(text: string, values: unknown[] = []) =>
  withOwner(server.databaseUrl, async (c) => (await c.query(text, values)).rows as T[]);

const GROUP = `mutation { createGroup(input: { name: "Borough Trees", type: COUNCIL, isPublic: true }) { group { id } } }`;
const IMPORT = `mutation I($g: UUID!, $rows: JSON!, $dry: Boolean) {
  importThings(input: { groupId: $g, rows: $rows, dryRun: $dry }) { thingImportResults { rowNumber externalId outcome message thingId } } }`;

async function groupOwner() {
  const user = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, {}, user.token)).data.createGroup.group.id as string;
  return { ...user, groupId };
}

const importRows = (token: string | null, groupId: string, rows: unknown, dryRun: boolean) =>
  gql(server.url, IMPORT, { g: groupId, rows, dry: dryRun }, token);

const things = (groupId: string) =>
  sql(
    "select external_id, name, type, species_id, planting_year, trunk_girth_cm, height_class, description, location[0] as lat, location[1] as lon from app_public.things where group_id = $1 order by external_id",
    [groupId],
  );

// Rows as the web's column mapping sends them: text values under our names, the file's row number.
const REGISTER = [
  {
    row: 2,
    externalId: "T-001",
    species: "Tilia cordata",
    plantingYear: "2024",
    trunkGirthCm: "18",
    heightClass: "5-10 m",
    latitude: "51.4551",
    longitude: "-0.9702",
  },
  {
    row: 3,
    externalId: "T-002",
    species: "Platanus x acerifolia 'Augustine Henry'",
    plantingYear: "1958",
    trunkGirthCm: "212,5",
    heightClass: "22",
    latitude: "51.4560",
    longitude: "-0.9712",
  },
  { row: 4, externalId: "T-003", species: "Quercus imaginaria", plantingYear: "2001", latitude: "51.4570", longitude: "-0.9722" },
  { row: 5, externalId: "", species: "Acer campestre", latitude: "51.4580", longitude: "-0.9732" },
  { row: 6, externalId: "T-004", species: "Feld-Ahorn", plantingYear: "next year", latitude: "51.4590", longitude: "-0.9742" },
  { row: 7, externalId: "T-005", species: "Rowan", latitude: "95", longitude: "-0.9752" },
  { row: 8, externalId: "T-001", species: "Betula pendula", latitude: "51.4600", longitude: "-0.9762" },
  {
    row: 9,
    externalId: "T-006",
    type: "planter",
    volumeLitres: "400",
    soilAreaM2: "1.5",
    name: "Market Place planter",
    latitude: "51.4610",
    longitude: "-0.9772",
  },
  { row: 10, externalId: "T-007", type: "Bee cafe", species: "Tilia cordata", latitude: "51.4620", longitude: "-0.9782" },
];

describe("a dry run", () => {
  it("reports every row it would reject and why, the rest as they would be created, and writes nothing", async () => {
    const owner = await groupOwner();
    const r = await importRows(owner.token, owner.groupId, REGISTER, true);
    expect(r.errors).toBeUndefined();
    const results = r.data.importThings.thingImportResults;
    expect(results.map((x: any) => [x.rowNumber, x.externalId, x.outcome, x.message])).toEqual([
      [2, "T-001", "CREATED", null],
      [3, "T-002", "CREATED", null],
      [4, "T-003", "REJECTED", 'Unknown species "Quercus imaginaria": use a botanical, English or German name from the species list'],
      [5, null, "REJECTED", "External id is required"],
      [6, "T-004", "REJECTED", "Planting year must be a year such as 2019"],
      [7, "T-005", "REJECTED", "Latitude must be between -90 and 90"],
      [8, "T-001", "REJECTED", "External id T-001 appears more than once (first in row 2)"],
      [9, "T-006", "CREATED", null],
      [10, "T-007", "REJECTED", "Species, planting year, trunk girth and height class are for trees only"],
    ]);
    // Nothing is written in a dry run, and new things have no id yet.
    expect(results.every((x: any) => x.thingId === null)).toBe(true);
    expect(await things(owner.groupId)).toEqual([]);
  });
});

describe("importing", () => {
  it("creates the valid rows, rejects the others; the importer owns them, each has its CREATED action and a water need", async () => {
    const owner = await groupOwner();
    const r = await importRows(owner.token, owner.groupId, REGISTER, false);
    expect(r.errors).toBeUndefined();
    const results = r.data.importThings.thingImportResults;
    expect(results.filter((x: any) => x.outcome === "CREATED").map((x: any) => x.externalId)).toEqual(["T-001", "T-002", "T-006"]);
    expect(results.filter((x: any) => x.outcome === "CREATED").every((x: any) => typeof x.thingId === "string")).toBe(true);
    expect(await things(owner.groupId)).toEqual([
      {
        external_id: "T-001",
        name: "Small-leaved lime T-001",
        type: "TREE",
        species_id: "tilia-cordata",
        planting_year: 2024,
        trunk_girth_cm: 18,
        height_class: "FROM_5_TO_10_M",
        description: null,
        lat: 51.4551,
        lon: -0.9702,
      },
      {
        external_id: "T-002",
        name: "London plane T-002",
        type: "TREE",
        species_id: "platanus-x-hispanica",
        planting_year: 1958,
        trunk_girth_cm: 213,
        height_class: "OVER_20_M",
        description: null,
        lat: 51.456,
        lon: -0.9712,
      },
      {
        external_id: "T-006",
        name: "Market Place planter",
        type: "PLANTER",
        species_id: null,
        planting_year: null,
        trunk_girth_cm: null,
        height_class: null,
        description: null,
        lat: 51.461,
        lon: -0.9772,
      },
    ]);
    const id = results[0].thingId;
    const [extra] = await sql(
      `select (select count(*)::int from app_public.thing_accesses a join app_public.users u on u.id = a.user_id where a.thing_id = $1 and a.is_owner and u.username = $2) as owned,
              (select comments from app_public.actions where thing_id = $1 and type = 'CREATED') as created,
              (select water_need::text from app_public.things where id = $1) as need`,
      [id, owner.username],
    );
    // Worked out at once (which state depends on the weather other tests store for Reading's cell).
    expect(extra).toEqual({
      owned: 1,
      created: "Imported Small-leaved lime T-001",
      need: expect.stringMatching(/^(unknown|fine|due_soon|needs_water)$/),
    });
  });

  it("importing the same file again changes nothing; a changed row updates its thing; never a duplicate", async () => {
    const owner = await groupOwner();
    const valid = REGISTER.filter((row) => ["T-001", "T-002", "T-006"].includes(row.externalId) && row.row !== 8);
    await importRows(owner.token, owner.groupId, valid, false);
    const again = await importRows(owner.token, owner.groupId, valid, false);
    expect(again.data.importThings.thingImportResults.map((x: any) => x.outcome)).toEqual(["UNCHANGED", "UNCHANGED", "UNCHANGED"]);

    // A description added in the app survives a file without that column; a corrected girth and a
    // moved tree are updated; a new row is created.
    await sql("update app_public.things set description = 'Planted by the school' where group_id = $1 and external_id = 'T-001'", [
      owner.groupId,
    ]);
    const changed = [
      { ...valid[0], trunkGirthCm: "21" },
      { ...valid[1], latitude: "51.4561" },
      valid[2],
      { row: 11, externalId: "T-008", species: "Hainbuche", latitude: "51.4630", longitude: "-0.9792" },
    ];
    const dry = await importRows(owner.token, owner.groupId, changed, true);
    expect(dry.data.importThings.thingImportResults.map((x: any) => x.outcome)).toEqual(["UPDATED", "UPDATED", "UNCHANGED", "CREATED"]);
    const real = await importRows(owner.token, owner.groupId, changed, false);
    expect(real.data.importThings.thingImportResults.map((x: any) => x.outcome)).toEqual(["UPDATED", "UPDATED", "UNCHANGED", "CREATED"]);
    const now = await things(owner.groupId);
    expect(now.map((t: any) => t.external_id)).toEqual(["T-001", "T-002", "T-006", "T-008"]);
    expect(now[0]).toMatchObject({ trunk_girth_cm: 21, description: "Planted by the school" });
    expect(now[1]).toMatchObject({ lat: 51.4561 });
    expect(now[3]).toMatchObject({ species_id: "carpinus-betulus", name: "Hornbeam T-008" });
  });

  it("a public column says yes or no; left empty it leaves the thing as public or private as it is", async () => {
    const owner = await groupOwner();
    const row = { row: 2, externalId: "V-1", species: "Yew", latitude: "51.45", longitude: "-0.97", isPublic: "no" };
    await importRows(owner.token, owner.groupId, [row], false);
    const visibility = async () => (await sql("select is_public from app_public.things where group_id = $1", [owner.groupId]))[0].is_public;
    expect(await visibility()).toBe(false);
    const again = await importRows(owner.token, owner.groupId, [{ ...row, isPublic: "" }], false);
    expect(again.data.importThings.thingImportResults[0].outcome).toBe("UNCHANGED");
    expect(await visibility()).toBe(false);
    const bad = await importRows(owner.token, owner.groupId, [{ ...row, isPublic: "maybe" }], true);
    expect(bad.data.importThings.thingImportResults[0].message).toBe("Public must be yes or no");
  });

  it("takes GeoJSON points; other geometries are rejected with the reason", async () => {
    const owner = await groupOwner();
    const rows = [
      { row: 1, externalId: "G-1", species: "Sorbus aucuparia", geometry: { type: "Point", coordinates: [-0.9781, 51.4543] } },
      {
        row: 2,
        externalId: "G-2",
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [-0.97, 51.45],
              [-0.96, 51.45],
              [-0.96, 51.46],
              [-0.97, 51.45],
            ],
          ],
        },
      },
      { row: 3, externalId: "G-3", geometry: null },
    ];
    const r = await importRows(owner.token, owner.groupId, rows, false);
    expect(r.data.importThings.thingImportResults.map((x: any) => [x.outcome, x.message])).toEqual([
      ["CREATED", null],
      ["REJECTED", "Only points can be imported, not a Polygon"],
      ["REJECTED", "Location is required: the feature has no geometry"],
    ]);
    expect((await things(owner.groupId))[0]).toMatchObject({
      external_id: "G-1",
      lat: 51.4543,
      lon: -0.9781,
      species_id: "sorbus-aucuparia",
    });
  });

  it("refuses more than 500 rows a call and rows that are not a list, writing nothing", async () => {
    const owner = await groupOwner();
    const many = Array.from({ length: 501 }, (_, i) => ({ externalId: `M-${i}`, latitude: "51.45", longitude: "-0.97" }));
    const r = await importRows(owner.token, owner.groupId, many, false);
    expect(r.errors?.[0]).toMatchObject({ message: "At most 500 rows per call", extensions: { code: "INVLD" } });
    const notList = await importRows(owner.token, owner.groupId, { externalId: "X" }, false);
    expect(notList.errors?.[0].message).toBe("Give the rows as a list");
    expect(await things(owner.groupId)).toEqual([]);
  });
});

describe("who may import", () => {
  const ONE = [{ row: 2, externalId: "P-1", species: "Ginkgo", latitude: "51.45", longitude: "-0.97" }];

  it("a group's owner into their group; an admin into any group", async () => {
    const owner = await groupOwner();
    expect((await importRows(owner.token, owner.groupId, ONE, false)).data.importThings.thingImportResults[0].outcome).toBe("CREATED");
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const other = await groupOwner();
    const r = await importRows(admin.token, other.groupId, ONE, false);
    expect(r.errors).toBeUndefined();
    expect(r.data.importThings.thingImportResults[0].outcome).toBe("CREATED");
    expect((await things(other.groupId)).map((t: any) => t.external_id)).toEqual(["P-1"]);
  });

  it("not a member who is not an owner, not the owner of another group, not a guest; nothing is written", async () => {
    const owner = await groupOwner();
    const member = await signUp(server.url);
    await gql(
      server.url,
      `mutation J($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { clientMutationId } }`,
      { g: owner.groupId },
      member.token,
    );
    expect((await sql("select count(*)::int as n from app_public.group_memberships where group_id = $1", [owner.groupId]))[0].n).toBe(2);
    const otherOwner = await groupOwner();
    for (const token of [member.token, otherOwner.token]) {
      for (const dry of [true, false]) {
        const r = await importRows(token, owner.groupId, ONE, dry);
        expect(r.errors?.[0]).toMatchObject({
          message: "Only the group's owners and admins can import things",
          extensions: { code: "DNIED" },
        });
      }
    }
    const guest = (await gql(server.url, `mutation { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`)).data.signInAsGuest
      .jwtToken;
    const g = await importRows(guest, owner.groupId, ONE, false);
    expect(g.errors?.[0].extensions.code).toBe("42501");
    expect(await things(owner.groupId)).toEqual([]);
  });
});

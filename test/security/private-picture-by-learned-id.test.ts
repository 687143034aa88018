// Security review #20: a private record's picture fetched by someone who learnt its id. A public
// device shows the thingId of the private thing it is fitted to; a public thing shows the groupId
// of its private group. Pictures were served to anyone with the URL, so those ids were enough.
//
// Now every size of every picture, by every URL form, follows the visibility of the record that
// owns it, decided by the database under the requester's own role (row-level security). The
// requester is known by a bearer token (API clients) or, for <img> tags, which send no header, by
// the pictures cookie that POST /images/session sets from a bearer token. Allowed: the owner, a
// group member, a collaborator, an admin. Denied with 404, the same answer as for an id that does
// not exist: outsiders and guests. A public thing's picture is still served to anyone, cacheable.
import { describe, it, expect, beforeAll, afterAll, vi } from "vitest";
import sharp from "sharp";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { randomUUID } from "node:crypto";
import { startTestServer, gql, signUp, makeAdmin, withOwner } from "../../server/test/harness.ts";
import { SHOWN_TTL_MS } from "../../server/images/visibility.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-private-pictures-"));
  server = await startTestServer({ dataDir });
});
afterAll(async () => {
  await server?.close();
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
});

const VARIANTS = ["thumb", "medium", "large"] as const;
const NEW_FILES = `mutation NewFiles($sessionId: String!, $type: String!, $id: UUID!) {
  newFiles(input: { sessionId: $sessionId, type: $type, id: $id }) { movedFiles } }`;

type Who = { token?: string; cookie?: string } | null;

/** A GET (or HEAD) with the path sent exactly as written, as a browser's <img> or a script would. */
function fetchRaw(rawPath: string, who: Who, extra: Record<string, string> = {}, method = "GET") {
  const { hostname, port } = new URL(server.url);
  const headers: Record<string, string> = { ...extra };
  if (who?.token) headers.authorization = `Bearer ${who.token}`;
  if (who?.cookie) headers.cookie = who.cookie;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The pictures cookie for a session, as the SPA gets it: POST /images/session with the bearer token. */
async function pictureCookie(token: string): Promise<string> {
  const res = await fetch(`${server.url}/images/session`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(204);
  const set = res.headers.getSetCookie();
  expect(set).toHaveLength(1);
  expect(set[0]).toMatch(/; HttpOnly/i);
  expect(set[0]).toMatch(/; SameSite=Lax/i);
  expect(set[0]).toMatch(/; Path=\/images/i);
  return set[0].split(";")[0];
}

async function png(r: number, g: number, b: number) {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

async function setPicture(token: string, type: string, id: string) {
  const sessionId = randomUUID();
  const form = new FormData();
  form.append("sessionId", sessionId);
  form.append("file", new Blob([new Uint8Array(await png(200, 30, 30))], { type: "image/png" }), "p.png");
  const up = await fetch(`${server.url}/uploads`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  expect(up.status).toBe(201);
  const r = await gql(server.url, NEW_FILES, { sessionId, type, id }, token);
  expect(r.errors, `${type} ${id}`).toBeUndefined();
}

const ids = {} as Record<
  "privateGroup" | "publicThing" | "privateThing" | "publicDevice" | "privateDevice" | "action" | "ownerUser",
  string
>;
let owner: { token: string };
let member: { token: string };
let collaborator: { token: string };
let admin: { token: string };
let outsider: { token: string };

/** Every URL form that reaches a picture: the sizes, a version query, upper-case ids, a trailing slash, %-escapes. */
function urlForms(type: string, id: string): string[] {
  return [
    ...VARIANTS.map((v) => `/images/${type}/${id}/${v}.webp`),
    `/images/${type}/${id}/medium.webp?v=abc123`,
    `/images/${type}/${id.toUpperCase()}/large.webp`,
    `/images/${type}/${id}/thumb.webp/`,
    `/images/${type}/${id}/%74humb.webp`,
    `/images/${encodeURIComponent(type)}/${id.replace(/-/g, "%2D")}/thumb.webp`,
  ];
}

beforeAll(async () => {
  owner = await signUp(server.url);
  member = await signUp(server.url);
  collaborator = await signUp(server.url);
  outsider = await signUp(server.url);
  admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
  const q = (query: string, variables: Record<string, unknown>, token = owner.token) => gql(server.url, query, variables, token);

  ids.privateGroup = (
    await q(`mutation { createGroup(input: { name: "Hidden Growers", type: GROWER, isPublic: false }) { group { id } } }`, {})
  ).data.createGroup.group.id;
  const thing = async (isPublic: boolean, name: string) =>
    (
      await q(
        `mutation T($g: UUID!, $p: Boolean!, $n: String!) { createThing(input: { groupId: $g, name: $n, type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: $p }) { thing { id } } }`,
        { g: ids.privateGroup, p: isPublic, n: name },
      )
    ).data.createThing.thing.id as string;
  ids.publicThing = await thing(true, "Open Planter");
  ids.privateThing = await thing(false, "Hidden Planter");
  ids.ownerUser = (await q(`query Me { currentUser { id } }`, {})).data.currentUser.id;
  ids.action = (
    await q(
      `mutation A($t: UUID!) { createAction(input: { action: { thingId: $t, type: WATERING, comments: "Two cans" } }) { action { id } } }`,
      { t: ids.privateThing },
    )
  ).data.createAction.action.id;

  await withOwner(server.databaseUrl, async (c) => {
    const ownerId = ids.ownerUser;
    const device = async (isPublic: boolean, thingId: string | null) => {
      const d = await c.query(
        `insert into app_public.devices (device_id, name, model, location, thing_id, is_public) values ($1, 'Probe', 'LSE01', point(51.45, -0.97), $2, $3) returning id`,
        [`eui-${randomUUID().replace(/-/g, "").slice(0, 16)}`, thingId, isPublic],
      );
      await c.query("insert into app_public.device_accesses (device_id, user_id, is_owner) values ($1, $2, true)", [d.rows[0].id, ownerId]);
      return d.rows[0].id as string;
    };
    // A public device fitted to the private thing: its thingId is what leaks.
    ids.publicDevice = await device(true, ids.privateThing);
    ids.privateDevice = await device(false, ids.privateThing);
    // A member of the private group, and a collaborator on the private thing only.
    const memberId = (await gql(server.url, `query Me { currentUser { id } }`, {}, member.token)).data.currentUser.id;
    const collaboratorId = (await gql(server.url, `query Me { currentUser { id } }`, {}, collaborator.token)).data.currentUser.id;
    await c.query("insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, false)", [
      ids.privateGroup,
      memberId,
    ]);
    await c.query("insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator) values ($1, $2, false, true)", [
      ids.privateThing,
      collaboratorId,
    ]);
  });

  await setPicture(owner.token, "group", ids.privateGroup);
  await setPicture(owner.token, "thing", ids.publicThing);
  await setPicture(owner.token, "thing", ids.privateThing);
  await setPicture(owner.token, "device", ids.publicDevice);
  await setPicture(owner.token, "device", ids.privateDevice);
  await setPicture(owner.token, "action", ids.action);
  await setPicture(owner.token, "user", ids.ownerUser);
}, 60_000);

describe("private pictures by learned ids", () => {
  it("the ids leak as the review says: a public thing's groupId and a public device's thingId", async () => {
    const guest = null;
    const t = await gql(server.url, `query T($id: UUID!) { thingById(id: $id) { groupId } }`, { id: ids.publicThing }, guest);
    expect(t.data.thingById.groupId).toBe(ids.privateGroup);
    const d = await gql(server.url, `query D($id: UUID!) { deviceById(id: $id) { thingId } }`, { id: ids.publicDevice }, outsider.token);
    expect(d.data.deviceById.thingId).toBe(ids.privateThing);
    // ... while the records themselves stay hidden from them.
    expect(
      (await gql(server.url, `query G($id: UUID!) { groupById(id: $id) { id } }`, { id: ids.privateGroup }, outsider.token)).data.groupById,
    ).toBeNull();
    expect(
      (await gql(server.url, `query T($id: UUID!) { thingById(id: $id) { id } }`, { id: ids.privateThing })).data.thingById,
    ).toBeNull();
  });

  it("outsiders and guests get 404 for every size and URL form of private pictures, by header or cookie", async () => {
    // The attack itself: the learned ids, nothing else.
    expect((await fetchRaw(`/images/group/${ids.privateGroup}/thumb.webp`, null)).status).toBe(404);
    expect((await fetchRaw(`/images/thing/${ids.privateThing}/large.webp`, { token: outsider.token })).status).toBe(404);
    const outsiderCookie = await pictureCookie(outsider.token);
    const guestToken = (await gql(server.url, `mutation SignInAsGuest { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`))
      .data.signInAsGuest.jwtToken;
    const denied: [string, Who][] = [
      ["anonymous", null],
      ["guest token", { token: guestToken }],
      ["outsider token", { token: outsider.token }],
      ["outsider cookie", { cookie: outsiderCookie }],
      ["forged cookie", { cookie: outsiderCookie.replace(/=.*/, "=eyJhbGciOiJIUzI1NiJ9.e30.x") }],
    ];
    const privateTargets: [string, string][] = [
      ["group", ids.privateGroup],
      ["thing", ids.privateThing],
      ["device", ids.privateDevice],
      ["action", ids.action],
    ];
    // The owner's ETag, to try a conditional request with: a 304 would confirm the picture exists.
    const etag = (await fetchRaw(`/images/thing/${ids.privateThing}/thumb.webp`, { token: owner.token })).headers.etag!;
    expect(etag).toBeTruthy();
    for (const [who, cred] of denied) {
      for (const [type, id] of privateTargets) {
        for (const url of urlForms(type, id)) {
          const res = await fetchRaw(url, cred);
          expect(res.status, `${who} ${url}`).toBe(404);
          expect(res.headers["content-type"], `${who} ${url}`).toMatch(/^application\/json/);
          expect(JSON.parse(res.body.toString()), `${who} ${url}`).toEqual({ error: "Image not found" });
          expect(res.headers["cache-control"], `${who} ${url}`).toBe("no-store");
        }
        expect((await fetchRaw(`/images/${type}/${id}/thumb.webp`, cred, {}, "HEAD")).status, `${who} HEAD ${type}`).toBe(404);
        expect((await fetchRaw(`/images/${type}/${id}/thumb.webp`, cred, { "if-none-match": etag })).status, `${who} 304? ${type}`).toBe(
          404,
        );
        expect((await fetchRaw(`/images/${type}/${id}/thumb.webp`, cred, { "if-modified-since": new Date().toUTCString() })).status).toBe(
          404,
        );
      }
    }
    // The same answer as for an id that does not exist.
    const missing = await fetchRaw(`/images/thing/${randomUUID()}/thumb.webp`, { token: outsider.token });
    expect([missing.status, missing.body.toString()]).toEqual([404, JSON.stringify({ error: "Image not found" })]);
    // People's pictures are for signed-in members of the community, as their profiles are.
    for (const url of urlForms("user", ids.ownerUser)) {
      expect((await fetchRaw(url, null)).status, url).toBe(404);
      expect((await fetchRaw(url, { token: guestToken })).status, url).toBe(404);
    }
  });

  it("the owner, a group member, a collaborator and an admin see them, by header or cookie, never cached for others", async () => {
    const allowed: [string, { token: string }, [string, string][]][] = [
      [
        "owner",
        owner,
        [
          ["group", ids.privateGroup],
          ["thing", ids.privateThing],
          ["device", ids.privateDevice],
          ["action", ids.action],
          ["user", ids.ownerUser],
        ],
      ],
      [
        "group member",
        member,
        [
          ["group", ids.privateGroup],
          ["thing", ids.privateThing],
          ["action", ids.action],
          ["user", ids.ownerUser],
        ],
      ],
      [
        "collaborator",
        collaborator,
        [
          ["thing", ids.privateThing],
          ["action", ids.action],
          ["user", ids.ownerUser],
        ],
      ],
      [
        "admin",
        admin,
        [
          ["group", ids.privateGroup],
          ["thing", ids.privateThing],
          ["device", ids.privateDevice],
          ["action", ids.action],
          ["user", ids.ownerUser],
        ],
      ],
      // Another signed-in person: people's pictures yes, private records no (above).
      ["outsider", outsider, [["user", ids.ownerUser]]],
    ];
    for (const [who, person, targets] of allowed) {
      const cookie = await pictureCookie(person.token);
      for (const [type, id] of targets) {
        for (const url of urlForms(type, id)) {
          for (const cred of [{ token: person.token }, { cookie }]) {
            const res = await fetchRaw(url, cred);
            expect(res.status, `${who} ${url} ${Object.keys(cred)}`).toBe(200);
            expect(res.headers["content-type"]).toBe("image/webp");
            // Private: a browser may keep it but must ask again; shared caches must not keep it.
            expect(res.headers["cache-control"], `${who} ${url}`).toMatch(/^private\b/);
            expect(res.headers["cache-control"]).toMatch(/no-cache/);
            expect((await sharp(res.body).metadata()).format).toBe("webp");
          }
        }
        const etag = (await fetchRaw(`/images/${type}/${id}/medium.webp`, { cookie })).headers.etag!;
        expect((await fetchRaw(`/images/${type}/${id}/medium.webp`, { cookie }, { "if-none-match": etag })).status).toBe(304);
      }
    }
    // The member does not see the owner's private device (not shared with them).
    expect((await fetchRaw(`/images/device/${ids.privateDevice}/thumb.webp`, { token: member.token })).status).toBe(404);
  });

  it("a public thing's and a public device's pictures are still served to anyone, cacheable", async () => {
    for (const [type, id] of [
      ["thing", ids.publicThing],
      ["device", ids.publicDevice],
    ]) {
      for (const url of urlForms(type, id)) {
        for (const cred of [null, { token: outsider.token }, { token: owner.token }]) {
          const res = await fetchRaw(url, cred);
          expect(res.status, url).toBe(200);
          expect(res.headers["cache-control"], url).toBe("public, max-age=86400");
        }
      }
    }
  });

  it("signing out ends the cookie's access; a guest token clears the cookie", async () => {
    const person = await signUp(server.url);
    const personId = (await gql(server.url, `query Me { currentUser { id } }`, {}, person.token)).data.currentUser.id;
    await withOwner(server.databaseUrl, (c) =>
      c.query("insert into app_public.group_memberships (group_id, user_id, is_owner) values ($1, $2, false)", [
        ids.privateGroup,
        personId,
      ]),
    );
    const cookie = await pictureCookie(person.token);
    expect((await fetchRaw(`/images/group/${ids.privateGroup}/thumb.webp`, { cookie })).status).toBe(200);
    await gql(server.url, `mutation SignOut { signOut(input: {}) { success } }`, {}, person.token);
    // Answers are remembered for a few seconds per viewer; move the clock past that.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + SHOWN_TTL_MS + 1000);
      expect((await fetchRaw(`/images/group/${ids.privateGroup}/thumb.webp`, { cookie })).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
    const guestToken = (await gql(server.url, `mutation SignInAsGuest { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`))
      .data.signInAsGuest.jwtToken;
    const cleared = await fetch(`${server.url}/images/session`, { method: "POST", headers: { authorization: `Bearer ${guestToken}` } });
    expect(cleared.status).toBe(204);
    expect(cleared.headers.getSetCookie()[0]).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // Without a token nothing is set or cleared.
    const none = await fetch(`${server.url}/images/session`, { method: "POST" });
    expect(none.status).toBe(401);
    expect(none.headers.getSetCookie()).toEqual([]);
  });
});

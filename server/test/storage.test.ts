// The picture store (server/storage, issue 24): one behaviour suite run against all three
// backends, local (a temporary folder), postgres (this run's test database) and s3 (s3rver, a
// local server speaking the S3 protocol, started here on a free port: the real AWS SDK client
// over HTTP, no mock). Then, per backend, the whole path through a running server: upload,
// newFiles, serving with ETag, and the visibility rules (a private thing's picture is refused to
// a stranger and a guest exactly as an unknown id is).
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { randomUUID } from "node:crypto";
import { text } from "node:stream/consumers";
import sharp from "sharp";
import { openPictureStore, collect, type PictureStore, type StorageKind } from "../storage/index.ts";
import { checkKey } from "../storage/store.ts";
import { startLocalS3, type LocalS3 } from "../../test/s3rver.ts";
import { startTestServer, gql, signUp } from "./harness.ts";
import { newestPending } from "../images/variants.ts";
import { sweepPending, PENDING_TTL_MS } from "../images/uploads.ts";

const KINDS: StorageKind[] = ["local", "postgres", "s3"];

let s3: LocalS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.stop();
  await Promise.all(dirs.map((d) => fs.promises.rm(d, { recursive: true, force: true })));
});

async function storeOf(kind: StorageKind, s3Prefix = `t${randomUUID().slice(0, 8)}/`): Promise<PictureStore> {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-store-"));
  dirs.push(dataDir);
  return openPictureStore({ storage: kind, dataDir, databaseUrl: inject("databaseUrl"), s3: { ...s3.settings, prefix: s3Prefix } });
}

const keysOf = async (store: PictureStore, prefix: string) => (await collect(store.list(prefix))).map((o) => o.key).sort();

describe("keys", () => {
  it("refuses anything that is not a plain lower-case relative key", () => {
    for (const bad of [
      "../x",
      "images/../secret",
      "/etc/passwd",
      "Images/x.webp",
      "images//x.webp",
      "images/x.webp/",
      "a\\b",
      "",
      "images/./x",
    ]) {
      expect(() => checkKey(bad), bad).toThrow(/Not a storage key/);
    }
    expect(checkKey("images/thing/0b0f/thumb.webp")).toBe("images/thing/0b0f/thumb.webp");
    expect(checkKey("uploads/pending/", { prefix: true })).toBe("uploads/pending/");
  });
});

describe.each(KINDS)("the %s store", (kind) => {
  let store: PictureStore;
  const base = `images/thing/${randomUUID()}/`;
  beforeAll(async () => {
    store = await storeOf(kind);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("stores an object and gives it back with its size, a quoted ETag and a date", async () => {
    const body = Buffer.from(`picture bytes ${kind}`);
    await store.put(`${base}thumb.webp`, body, "image/webp");
    const got = await store.get(`${base}thumb.webp`);
    expect(got).not.toBeNull();
    expect(got!.size).toBe(body.length);
    expect(got!.etag).toMatch(/^"[^"]+"$/);
    expect(Math.abs(got!.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await text(got!.stream())).toBe(body.toString());
    expect((await store.read(`${base}thumb.webp`))!.equals(body)).toBe(true);
  });

  it("answers null for what is not there, and close() lets go of an object not read", async () => {
    expect(await store.get(`${base}nothing.webp`)).toBeNull();
    expect(await store.read(`${base}nothing.webp`)).toBeNull();
    await store.put(`${base}unread.webp`, Buffer.from("x"));
    const got = await store.get(`${base}unread.webp`);
    await got!.close();
  });

  it("replaces an object whole, with a new ETag", async () => {
    await store.put(`${base}medium.webp`, Buffer.from("first version"));
    const first = await store.get(`${base}medium.webp`);
    await first!.close();
    await store.put(`${base}medium.webp`, Buffer.from("second, longer version"));
    const second = await store.get(`${base}medium.webp`);
    expect(await text(second!.stream())).toBe("second, longer version");
    expect(second!.etag).not.toBe(first!.etag);
  });

  it("lists by prefix: everything under it, nested too, nothing beside it", async () => {
    const root = `uploads/pending/${randomUUID()}/`;
    const keys = [`${root}a/1.webp`, `${root}a/2.webp`, `${root}b/c/3.webp`];
    for (const k of keys) await store.put(k, Buffer.from(k));
    // A sibling whose name starts with the same characters.
    const sibling = `${root.slice(0, -1)}x/other.webp`;
    await store.put(sibling, Buffer.from("other"));
    expect(await keysOf(store, root)).toEqual(keys);
    expect(await keysOf(store, `${root}a/`)).toEqual(keys.slice(0, 2));
    const listed = await collect(store.list(`${root}b/`));
    expect(listed[0]).toMatchObject({ key: keys[2], size: Buffer.byteLength(keys[2]) });
    expect(listed[0].lastModified).toBeInstanceOf(Date);
    await store.delete([sibling]);
  });

  it("lists more objects than one page of the backend", async () => {
    const root = `images/user/${randomUUID()}/`;
    const keys = Array.from({ length: 1_100 }, (_, i) => `${root}${String(i).padStart(5, "0")}.webp`);
    // Local and s3 pages are not the point of this test for them; postgres pages by 500.
    const many = kind === "postgres" ? keys : keys.slice(0, 30);
    for (let i = 0; i < many.length; i += 50) await Promise.all(many.slice(i, i + 50).map((k) => store.put(k, Buffer.from("p"))));
    expect(await keysOf(store, root)).toEqual(many);
    await store.deletePrefix(root);
    expect(await keysOf(store, root)).toEqual([]);
  });

  it("deletes objects and whole folders; missing ones are no error", async () => {
    const root = `uploads/pending/${randomUUID()}/${randomUUID()}/`;
    await store.put(`${root}one/thumb.webp`, Buffer.from("1"));
    await store.put(`${root}two/thumb.webp`, Buffer.from("2"));
    await store.delete([`${root}one/thumb.webp`, `${root}never/thumb.webp`]);
    expect(await keysOf(store, root)).toEqual([`${root}two/thumb.webp`]);
    await store.deletePrefix(root);
    expect(await keysOf(store, root)).toEqual([]);
    await store.deletePrefix(root);
    await expect(store.deletePrefix("")).rejects.toThrow();
  });

  it("a pending upload counts once all three sizes are stored; the newest complete one is used", async () => {
    const [user, form] = [randomUUID(), randomUUID()];
    const session = `uploads/pending/${user}/${form}/`;
    const older = `${session}0000000001-0000000000000001/`;
    const newer = `${session}0000000002-0000000000000002/`;
    for (const v of ["thumb", "medium", "large"]) await store.put(`${older}${v}.webp`, Buffer.from(v));
    expect(await newestPending(store, user, form)).toBe(older);
    // Still being written: two of three sizes.
    for (const v of ["thumb", "medium"]) await store.put(`${newer}${v}.webp`, Buffer.from(v));
    expect(await newestPending(store, user, form)).toBe(older);
    await store.put(`${newer}large.webp`, Buffer.from("large"));
    expect(await newestPending(store, user, form)).toBe(newer);
    await store.deletePrefix(session);
    expect(await newestPending(store, user, form)).toBeNull();
  });

  it("the sweep drops form sessions whose newest upload is older than a day, and keeps the rest", async () => {
    const user = randomUUID();
    const [old, fresh] = [randomUUID(), randomUUID()];
    const upload = "0000000001-0000000000000001";
    await store.put(`uploads/pending/${user}/${old}/${upload}/thumb.webp`, Buffer.from("old"));
    // The fresh one a whole second past the boundary, so that a backend that keeps whole seconds
    // (or rounds them: s3rver once answered a time just under the boundary in CI) still dates it
    // after the boundary. The times are the backends' own (file system, database, s3rver), on no
    // clock a test controls: this waits for the real clock (under two seconds), not a fixed time.
    const boundary = Math.ceil(Date.now() / 1000) * 1000;
    while (Date.now() <= boundary + 1000) await new Promise((r) => setTimeout(r, 50));
    await store.put(`uploads/pending/${user}/${fresh}/${upload}/thumb.webp`, Buffer.from("fresh"));
    // As if a day had passed since the boundary.
    await sweepPending(store, path.join(os.tmpdir(), `steward-no-such-dir-${randomUUID()}`), boundary + PENDING_TTL_MS);
    expect(await keysOf(store, `uploads/pending/${user}/`)).toEqual([`uploads/pending/${user}/${fresh}/${upload}/thumb.webp`]);
    await store.deletePrefix(`uploads/pending/${user}/`);
  });

  it("refuses bad keys before reaching the backend", async () => {
    await expect(store.put("../escape.webp", Buffer.from("x"))).rejects.toThrow(/Not a storage key/);
    await expect(store.get("images/../../etc/passwd")).rejects.toThrow(/Not a storage key/);
  });
});

// ---------------------------------------------------------------------------------------------
// Through a running server, per backend

const NEW_FILES = `mutation NewFiles($sessionId: String!, $type: String!, $id: UUID!) {
  newFiles(input: { sessionId: $sessionId, type: $type, id: $id }) { movedFiles } }`;

function getRaw(base: string, rawPath: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(KINDS)("pictures on the %s store, through the server", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let store: PictureStore;
  let s3Prefix: string;
  beforeAll(async () => {
    const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-store-server-"));
    dirs.push(dataDir);
    s3Prefix = `server-${randomUUID().slice(0, 8)}/`;
    server = await startTestServer({ dataDir, storage: kind, s3: { ...s3.settings, prefix: s3Prefix } });
    // The same backend, opened beside the server, to look at what it stored.
    store = openPictureStore({ storage: kind, dataDir, databaseUrl: server.databaseUrl, s3: { ...s3.settings, prefix: s3Prefix } });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
  });

  async function setPicture(token: string, thingId: string, colour: number) {
    const sessionId = randomUUID();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: colour, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("sessionId", sessionId);
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "p.png");
    const up = await fetch(`${server.url}/uploads`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(up.status).toBe(201);
    const r = await gql(server.url, NEW_FILES, { sessionId, type: "thing", id: thingId }, token);
    expect(r.errors).toBeUndefined();
    return sessionId;
  }

  it("stores uploads and pictures in the backend, serves them with ETag, and only to who may see the thing", async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const guest = (await gql(server.url, `mutation { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`)).data.signInAsGuest
      .jwtToken;
    const q = (query: string, variables: Record<string, unknown> = {}) => gql(server.url, query, variables, owner.token);
    const group = (await q(`mutation { createGroup(input: { name: "Store Growers", type: GROWER, isPublic: false }) { group { id } } }`))
      .data.createGroup.group.id;
    const thing = async (isPublic: boolean) =>
      (
        await q(
          `mutation T($g: UUID!, $p: Boolean!) { createThing(input: { groupId: $g, name: "Stored Planter", type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: $p }) { thing { id } } }`,
          { g: group, p: isPublic },
        )
      ).data.createThing.thing.id as string;
    const privateThing = await thing(false);
    const publicThing = await thing(true);

    const sessionId = await setPicture(owner.token, privateThing, 200);
    await setPicture(owner.token, publicThing, 40);
    // In the backend itself: the three sizes under the picture's keys, the pending upload gone.
    expect(await keysOf(store, `images/thing/${privateThing}/`)).toEqual(
      ["large", "medium", "thumb"].map((v) => `images/thing/${privateThing}/${v}.webp`),
    );
    const ownerId = (await q(`query { currentUser { id } }`)).data.currentUser.id;
    expect(await keysOf(store, `uploads/pending/${ownerId}/${sessionId}/`)).toEqual([]);

    const url = `/images/thing/${privateThing}/medium.webp`;
    const mine = await getRaw(server.url, url, { authorization: `Bearer ${owner.token}` });
    expect(mine.status).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/webp");
    expect(mine.headers["cache-control"]).toBe("private, no-cache");
    expect((await sharp(mine.body).metadata()).format).toBe("webp");
    expect(mine.body.equals((await store.read(`images/thing/${privateThing}/medium.webp`))!)).toBe(true);
    const etag = mine.headers.etag!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await getRaw(server.url, url, { authorization: `Bearer ${owner.token}`, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // A stranger, a guest and nobody get what an unknown id gets, even with the ETag.
    const unknown = await getRaw(server.url, `/images/thing/${randomUUID()}/medium.webp`);
    const askers: Record<string, string>[] = [{ authorization: `Bearer ${stranger.token}` }, { authorization: `Bearer ${guest}` }, {}];
    const conditions: Record<string, string>[] = [{}, { "if-none-match": etag }];
    for (const headers of askers) {
      for (const extra of conditions) {
        const res = await getRaw(server.url, url, { ...headers, ...extra });
        expect(res.status).toBe(404);
        expect(res.body.toString()).toBe(unknown.body.toString());
        expect(res.headers["cache-control"]).toBe("no-store");
      }
    }

    // The public thing's picture: to anyone, cacheable by anyone.
    const open = await getRaw(server.url, `/images/thing/${publicThing}/thumb.webp`);
    expect(open.status).toBe(200);
    expect(open.headers["cache-control"]).toBe("public, max-age=86400");
  });
});

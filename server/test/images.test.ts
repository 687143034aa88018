// Image uploads over real HTTP: POST /uploads, the newFiles mutation, GET /images/..., with real
// images made by sharp. The server runs with its own data folder and a 2 MB upload limit.
import { describe, it, expect, beforeAll, afterAll, vi, inject } from "vitest";
import sharp from "sharp";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { randomUUID } from "node:crypto";
import { loadConfig } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { authenticatorUrl } from "../../test/database.ts";
import { gql, signUp, makeAdmin, withOwner } from "./harness.ts";
import { SHOWN_TTL_MS } from "../images/visibility.ts";
import { sweepPending, PENDING_TTL_MS } from "../images/uploads.ts";
import { localStore } from "../storage/local.ts";

const MAX_BYTES = 2 * 1024 * 1024;
const UPLOADS_PER_HOUR = 30;

let server: RunningServer;
let databaseUrl: string;
let dataDir: string;

beforeAll(async () => {
  databaseUrl = inject("databaseUrl");
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-images-"));
  server = await startServer(
    loadConfig({
      databaseUrl,
      authDatabaseUrl: await authenticatorUrl(databaseUrl),
      port: 0,
      host: "127.0.0.1",
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
      exportSchema: false,
      graphiql: false,
      dataDir,
      uploadMaxBytes: MAX_BYTES,
      uploadsPerHour: UPLOADS_PER_HOUR,
    }),
  );
});
afterAll(async () => {
  await server?.close();
  if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
});

const NEW_FILES = `mutation NewFiles($sessionId: String!, $type: String!, $id: UUID!) {
  newFiles(input: { sessionId: $sessionId, type: $type, id: $id }) { movedFiles } }`;
const ME = `query Me { currentUser { id hasImage } }`;
const USER = `query UserById($id: UUID!) { userById(id: $id) { id hasImage } }`;
const UPDATE_USER = `mutation UpdateUserById($id: UUID!, $patch: UserPatch!) { updateUserById(input: { id: $id, userPatch: $patch }) { user { id hasImage } } }`;
const GUEST = `mutation SignInAsGuest { signInAsGuest(input: { domainName: "localhost" }) { jwtToken } }`;

interface Part {
  name: string;
  data: Buffer;
  type?: string;
}

async function upload(token: string | null, sessionId: string | null, parts: Part[], field = "file") {
  const form = new FormData();
  if (sessionId !== null) form.append("sessionId", sessionId);
  for (const p of parts) form.append(field, new Blob([new Uint8Array(p.data)], { type: p.type ?? "application/octet-stream" }), p.name);
  const res = await fetch(`${server.url}/uploads`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as any };
}

/** A GET with the path sent exactly as written (fetch would normalise dot segments). */
function rawGet(
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function get(url: string, headers: Record<string, string> = {}) {
  return rawGet(url, headers);
}

/** As a signed-in person: people's pictures are for signed-in members, as their profiles are. */
const as = (token: string, headers: Record<string, string> = {}) => ({ ...headers, authorization: `Bearer ${token}` });

function solid(width: number, height: number, colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

async function jpeg(width = 2400, height = 1600): Promise<Buffer> {
  // Not one flat colour, so the encoder has something to keep.
  const stripe = await solid(Math.max(1, Math.floor(width / 3)), height, { r: 200, g: 40, b: 40 })
    .png()
    .toBuffer();
  return solid(width, height, { r: 30, g: 120, b: 200 })
    .composite([{ input: stripe, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function myId(token: string): Promise<string> {
  return (await gql(server.url, ME, {}, token)).data.currentUser.id;
}

function pendingDir(userId: string, sessionId: string) {
  return path.join(dataDir, "uploads", "pending", userId, sessionId);
}

function imageDir(type: string, id: string) {
  return path.join(dataDir, "images", type, id);
}

/** Mean colour of a decoded image. */
async function meanColour(data: Buffer) {
  const { channels } = await sharp(data).stats();
  return { r: Math.round(channels[0].mean), g: Math.round(channels[1].mean), b: Math.round(channels[2].mean) };
}

describe("upload, attach and serve a picture", () => {
  it("stores an upload, turns it into three WebP sizes, serves them with caching headers and sets hasImage", async () => {
    const user = await signUp(server.url);
    const id = await myId(user.token);
    const sessionId = randomUUID();
    const original = await jpeg(2400, 1600);

    const up = await upload(user.token, sessionId, [{ name: "photo.jpg", data: original, type: "image/jpeg" }]);
    expect(up.status).toBe(201);
    expect(up.body.files).toHaveLength(1);
    expect(up.body.files[0]).toMatchObject({ name: "photo.jpg", size: original.length, type: "image/jpeg" });
    expect(typeof up.body.files[0].id).toBe("string");
    // Kept as the three stored sizes, made in the upload request (not the original with its metadata).
    const pending = await fs.promises.readdir(pendingDir(id, sessionId));
    expect(pending).toEqual([up.body.files[0].id]);
    expect((await fs.promises.readdir(path.join(pendingDir(id, sessionId), pending[0]))).sort()).toEqual([
      "large.webp",
      "medium.webp",
      "thumb.webp",
    ]);

    const r = await gql(server.url, NEW_FILES, { sessionId, type: "user", id }, user.token);
    expect(r.errors).toBeUndefined();
    const moved: string[] = r.data.newFiles.movedFiles;
    expect(moved.map((u) => u.replace(/\?v=\w+$/, ""))).toEqual([
      `/images/user/${id}/thumb.webp`,
      `/images/user/${id}/medium.webp`,
      `/images/user/${id}/large.webp`,
    ]);

    const expected = { thumb: [128, 128], medium: [512, 341], large: [1600, 1067] } as const;
    for (const url of moved) {
      const variant = /\/(\w+)\.webp/.exec(url)![1] as keyof typeof expected;
      // Served to signed-in people, privately (a user's profile is not public), not to guests.
      expect((await get(url)).status).toBe(404);
      const res = await get(url, as(user.token));
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("private, no-cache");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      const etag = res.headers.etag!;
      expect(etag).toMatch(/^"[^"]+"$/);
      const meta = await sharp(res.body).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual(expected[variant]);

      const again = await get(url, as(user.token, { "if-none-match": etag }));
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, as(user.token, { "if-none-match": '"something-else"' }))).status).toBe(200);
    }

    expect((await gql(server.url, ME, {}, user.token)).data.currentUser.hasImage).toBe(true);
    // The pending upload is used up.
    expect(fs.existsSync(pendingDir(id, sessionId))).toBe(false);
    const again = await gql(server.url, NEW_FILES, { sessionId, type: "user", id }, user.token);
    expect(again.errors?.[0]).toMatchObject({ message: "No uploaded image found for this form", extensions: { code: "NTFND" } });
  });

  it("uses the newest upload of the form and replaces the previous picture", async () => {
    const user = await signUp(server.url);
    const id = await myId(user.token);
    const first = randomUUID();
    await upload(user.token, first, [{ name: "red.png", data: await solid(300, 300, { r: 255, g: 0, b: 0 }).png().toBuffer() }]);
    expect((await gql(server.url, NEW_FILES, { sessionId: first, type: "user", id }, user.token)).errors).toBeUndefined();
    const red = await get(`/images/user/${id}/medium.webp`, as(user.token));
    expect((await meanColour(red.body)).r).toBeGreaterThan(200);

    const second = randomUUID();
    const green = await solid(300, 300, { r: 0, g: 255, b: 0 }).png().toBuffer();
    const blue = await solid(300, 300, { r: 0, g: 0, b: 255 }).webp().toBuffer();
    const up1 = await upload(user.token, second, [{ name: "green.png", data: green }]);
    const up2 = await upload(user.token, second, [{ name: "blue.webp", data: blue }]);
    expect(up1.status).toBe(201);
    expect(up2.body.files[0]).toMatchObject({ name: "blue.webp", type: "image/webp" });
    const r = await gql(server.url, NEW_FILES, { sessionId: second, type: "user", id }, user.token);
    expect(r.errors).toBeUndefined();
    // A new version in the link, so the uploader's browser does not show its cached old picture.
    expect(r.data.newFiles.movedFiles[1]).toMatch(/\?v=\w+$/);
    const now = await get(`/images/user/${id}/medium.webp`, as(user.token));
    expect(now.headers.etag).not.toBe(red.headers.etag);
    const colour = await meanColour(now.body);
    expect(colour.b).toBeGreaterThan(200);
    expect(colour.r).toBeLessThan(50);
  });

  it("accepts PNG, WebP and GIF by content, several in one request, and uses a GIF's first frame", async () => {
    const user = await signUp(server.url);
    const id = await myId(user.token);
    const sessionId = randomUUID();
    const red = await solid(40, 30, { r: 255, g: 0, b: 0 }).png().toBuffer();
    const blue = await solid(40, 30, { r: 0, g: 0, b: 255 }).png().toBuffer();
    const gif = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    const up = await upload(user.token, sessionId, [
      // The claimed type and name do not matter; the content does.
      { name: "a.png", data: await solid(10, 10, { r: 1, g: 2, b: 3 }).png().toBuffer(), type: "text/plain" },
      { name: "b", data: await solid(10, 10, { r: 1, g: 2, b: 3 }).webp().toBuffer() },
      { name: "c.jpg", data: gif, type: "image/jpeg" },
    ]);
    expect(up.status).toBe(201);
    expect(up.body.files.map((f: any) => f.type)).toEqual(["image/png", "image/webp", "image/gif"]);
    const r = await gql(server.url, NEW_FILES, { sessionId, type: "user", id }, user.token);
    expect(r.errors).toBeUndefined();
    const large = await get(`/images/user/${id}/large.webp`, as(user.token));
    const meta = await sharp(large.body).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([40, 30, 1]);
    const colour = await meanColour(large.body);
    expect(colour.r).toBeGreaterThan(200);
    expect(colour.b).toBeLessThan(50);
  });

  it("strips EXIF (camera, GPS) and applies the orientation", async () => {
    const user = await signUp(server.url);
    const id = await myId(user.token);
    const sessionId = randomUUID();
    const withExif = await solid(300, 200, { r: 90, g: 90, b: 90 })
      .jpeg()
      .withExif({
        IFD0: { Copyright: "secret-owner", Make: "TestCam" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 3230/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 4366/100" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const source = await sharp(withExif).metadata();
    expect(source.exif?.toString("latin1")).toContain("secret-owner");
    expect(source.orientation).toBe(6);

    expect((await upload(user.token, sessionId, [{ name: "camera.jpg", data: withExif }])).status).toBe(201);
    expect((await gql(server.url, NEW_FILES, { sessionId, type: "user", id }, user.token)).errors).toBeUndefined();
    for (const variant of ["thumb", "medium", "large"]) {
      const res = await get(`/images/user/${id}/${variant}.webp`, as(user.token));
      const meta = await sharp(res.body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(res.body.includes(Buffer.from("secret-owner"))).toBe(false);
      expect(res.body.includes(Buffer.from("TestCam"))).toBe(false);
      // Turned upright: the 300x200 landscape with orientation 6 is a 200x300 portrait.
      if (variant === "large") expect([meta.width, meta.height]).toEqual([200, 300]);
    }
  });

  it("stops serving the picture once hasImage is set false", async () => {
    const user = await signUp(server.url);
    const id = await myId(user.token);
    const sessionId = randomUUID();
    await upload(user.token, sessionId, [{ name: "me.png", data: await solid(200, 200, { r: 9, g: 9, b: 9 }).png().toBuffer() }]);
    await gql(server.url, NEW_FILES, { sessionId, type: "user", id }, user.token);
    expect((await get(`/images/user/${id}/thumb.webp`, as(user.token))).status).toBe(200);

    const off = await gql(server.url, UPDATE_USER, { id, patch: { hasImage: false } }, user.token);
    expect(off.data.updateUserById.user.hasImage).toBe(false);
    // The flag is remembered for a few seconds; move the clock past that.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + SHOWN_TTL_MS + 1000);
      const gone = await get(`/images/user/${id}/thumb.webp`, as(user.token));
      expect(gone.status).toBe(404);
      expect(JSON.parse(gone.body.toString())).toEqual({ error: "Image not found" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("who may upload and attach", () => {
  it("answers 401 JSON to guests, bad tokens and signed-out sessions", async () => {
    const png = await solid(10, 10, { r: 0, g: 0, b: 0 }).png().toBuffer();
    const none = await upload(null, randomUUID(), [{ name: "a.png", data: png }]);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: "You must be signed in to upload images" });

    const guest = (await gql(server.url, GUEST)).data.signInAsGuest.jwtToken;
    const asGuest = await upload(guest, randomUUID(), [{ name: "a.png", data: png }]);
    expect(asGuest.status).toBe(401);
    expect(asGuest.body.error).toBe("You must be signed in to upload images");

    const forged = await upload("not.a.token", randomUUID(), [{ name: "a.png", data: png }]);
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe("Invalid token");

    const user = await signUp(server.url);
    await gql(server.url, `mutation SignOut { signOut(input: {}) { success } }`, {}, user.token);
    const signedOut = await upload(user.token, randomUUID(), [{ name: "a.png", data: png }]);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error).toBe("Your session has ended; please sign in again");
  });

  it("refuses newFiles for another user's picture and moves nothing", async () => {
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const aId = await myId(a.token);
    const bId = await myId(b.token);
    const sessionId = randomUUID();
    await upload(a.token, sessionId, [{ name: "x.png", data: await solid(50, 50, { r: 1, g: 1, b: 1 }).png().toBuffer() }]);

    const r = await gql(server.url, NEW_FILES, { sessionId, type: "user", id: bId }, a.token);
    expect(r.errors?.[0]).toMatchObject({ message: "Not found, or you are not allowed to change it", extensions: { code: "NTFND" } });
    expect(fs.existsSync(imageDir("user", bId))).toBe(false);
    expect(await fs.promises.readdir(pendingDir(aId, sessionId))).toHaveLength(1);
    expect((await gql(server.url, ME, {}, b.token)).data.currentUser.hasImage).toBe(false);
    // A user that does not exist looks the same.
    const nobody = await gql(server.url, NEW_FILES, { sessionId, type: "user", id: randomUUID() }, a.token);
    expect(nobody.errors?.[0].extensions?.code).toBe("NTFND");
    // A thing that does not exist looks the same.
    const thing = await gql(server.url, NEW_FILES, { sessionId, type: "thing", id: randomUUID() }, a.token);
    expect(thing.errors?.[0].extensions?.code).toBe("NTFND");
  });

  it("sets a thing's picture for its owner, not for a collaborator", async () => {
    const owner = await signUp(server.url);
    const collaborator = await signUp(server.url);
    const groupId = (
      await gql(
        server.url,
        `mutation { createGroup(input: { name: "Picture Group", type: GROWER, isPublic: true }) { group { id } } }`,
        {},
        owner.token,
      )
    ).data.createGroup.group.id;
    const thingId = (
      await gql(
        server.url,
        `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Pretty Planter", type: PLANTER, location: { x: 51.4, y: -0.9 }, isPublic: true }) { thing { id } } }`,
        { g: groupId },
        owner.token,
      )
    ).data.createThing.thing.id;
    await gql(
      server.url,
      `mutation C($t: UUID!) { collaborateThingAccess(input: { thingId: $t }) { thingAccess { id } } }`,
      { t: thingId },
      collaborator.token,
    );
    const png = await solid(80, 60, { r: 10, g: 200, b: 10 }).png().toBuffer();

    const theirs = randomUUID();
    await upload(collaborator.token, theirs, [{ name: "c.png", data: png }]);
    const refused = await gql(server.url, NEW_FILES, { sessionId: theirs, type: "thing", id: thingId }, collaborator.token);
    expect(refused.errors?.[0].extensions?.code).toBe("NTFND");

    const mine = randomUUID();
    await upload(owner.token, mine, [{ name: "o.png", data: png }]);
    const ok = await gql(server.url, NEW_FILES, { sessionId: mine, type: "thing", id: thingId }, owner.token);
    expect(ok.errors).toBeUndefined();
    expect(
      (await gql(server.url, `query T($id: UUID!) { thingById(id: $id) { hasImage } }`, { id: thingId })).data.thingById.hasImage,
    ).toBe(true);
    expect((await get(`${server.url}/images/thing/${thingId}/thumb.webp`)).status).toBe(200);
  });

  it("lets an admin set another user's picture", async () => {
    const admin = await makeAdmin(server.url, databaseUrl, await signUp(server.url));
    const b = await signUp(server.url);
    const bId = await myId(b.token);
    const sessionId = randomUUID();
    expect((await upload(admin.token, sessionId, [{ name: "b.jpg", data: await jpeg(800, 600) }])).status).toBe(201);
    const r = await gql(server.url, NEW_FILES, { sessionId, type: "user", id: bId }, admin.token);
    expect(r.errors).toBeUndefined();
    expect((await gql(server.url, USER, { id: bId }, b.token)).data.userById.hasImage).toBe(true);
    expect((await get(`/images/user/${bId}/medium.webp`, as(b.token))).status).toBe(200);
  });

  it("rejects an unknown type with INVLD", async () => {
    const user = await signUp(server.url);
    const r = await gql(server.url, NEW_FILES, { sessionId: randomUUID(), type: "../user", id: await myId(user.token) }, user.token);
    expect(r.errors?.[0]).toMatchObject({ message: "Unknown image type", extensions: { code: "INVLD" } });
  });

  it("keeps pending uploads per uploader: another user cannot use your form's upload", async () => {
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const aId = await myId(a.token);
    const bId = await myId(b.token);
    const sessionId = randomUUID();
    await upload(a.token, sessionId, [{ name: "mine.png", data: await solid(60, 60, { r: 5, g: 5, b: 5 }).png().toBuffer() }]);

    const stolen = await gql(server.url, NEW_FILES, { sessionId, type: "user", id: bId }, b.token);
    expect(stolen.errors?.[0]).toMatchObject({ message: "No uploaded image found for this form", extensions: { code: "NTFND" } });
    expect(fs.existsSync(imageDir("user", bId))).toBe(false);
    expect(await fs.promises.readdir(pendingDir(aId, sessionId))).toHaveLength(1);
    // Still there for its owner.
    expect((await gql(server.url, NEW_FILES, { sessionId, type: "user", id: aId }, a.token)).errors).toBeUndefined();
  });

  it("asks guests to sign in for newFiles", async () => {
    const guest = (await gql(server.url, GUEST)).data.signInAsGuest.jwtToken;
    const r = await gql(server.url, NEW_FILES, { sessionId: randomUUID(), type: "user", id: randomUUID() }, guest);
    expect(r.errors?.[0].extensions?.code).toBe("LOGIN");
  });
});

describe("what is accepted", () => {
  it("answers 415 to a text file named .png and to other formats", async () => {
    const user = await signUp(server.url);
    const cases: Part[] = [
      { name: "notes.png", data: Buffer.from("just some text, not an image\n"), type: "image/png" },
      { name: "pic.tiff", data: await solid(20, 20, { r: 1, g: 1, b: 1 }).tiff().toBuffer(), type: "image/tiff" },
      { name: "vector.svg", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), type: "image/svg+xml" },
      // An HEIC header with nothing decodable behind it.
      { name: "phone.heic", data: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(200)]) },
      // A PNG signature followed by garbage.
      { name: "broken.png", data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]) },
      { name: "empty.jpg", data: Buffer.alloc(0) },
    ];
    for (const part of cases) {
      const sessionId = randomUUID();
      const r = await upload(user.token, sessionId, [part]);
      expect(r.status, part.name).toBe(415);
      expect(r.body).toEqual({ error: "Only JPEG, PNG, WebP or GIF images can be uploaded" });
      expect(fs.existsSync(pendingDir(await myId(user.token), sessionId)), part.name).toBe(false);
    }
  });

  it("refuses a request when one of its files is not an image, keeping none of them", async () => {
    const user = await signUp(server.url);
    const id = await myId(user.token);
    const sessionId = randomUUID();
    const r = await upload(user.token, sessionId, [
      { name: "ok.png", data: await solid(20, 20, { r: 1, g: 1, b: 1 }).png().toBuffer() },
      { name: "bad.png", data: Buffer.from("nope") },
    ]);
    expect(r.status).toBe(415);
    expect(fs.existsSync(pendingDir(id, sessionId))).toBe(false);
  });

  it("answers 413 to a file over the limit", async () => {
    const user = await signUp(server.url);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX_BYTES + 1000, 1)]);
    const r = await upload(user.token, randomUUID(), [{ name: "big.jpg", data: big, type: "image/jpeg" }]);
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ error: "Images must be at most 2 MB" });
    // Nothing half-written is left behind.
    expect(await fs.promises.readdir(path.join(dataDir, "uploads", "tmp"))).toEqual([]);
  });

  it("cleans up after a client that goes away mid-upload", async () => {
    const user = await signUp(server.url);
    const { hostname, port } = new URL(server.url);
    const boundary = "----steward-test-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\n${randomUUID()}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const req = http.request({
      host: hostname,
      port,
      path: "/uploads",
      method: "POST",
      headers: {
        authorization: `Bearer ${user.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(1024 * 1024),
      },
    });
    req.on("error", () => {});
    req.write(head);
    req.write(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64 * 1024, 3)]));
    const tmp = path.join(dataDir, "uploads", "tmp");
    await vi.waitFor(async () => expect((await fs.promises.readdir(tmp)).length).toBeGreaterThan(0));
    req.destroy();
    await vi.waitFor(async () => expect(await fs.promises.readdir(tmp)).toEqual([]));
  });

  it("answers 413 to more than 5 files in one request", async () => {
    const user = await signUp(server.url);
    const png = await solid(10, 10, { r: 1, g: 1, b: 1 }).png().toBuffer();
    const r = await upload(
      user.token,
      randomUUID(),
      Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, data: png })),
    );
    expect(r.status).toBe(413);
    expect(r.body.error).toBe("At most 5 images can be uploaded at once");
  });

  it("answers 400 without a valid sessionId, without files, or to other parts", async () => {
    const user = await signUp(server.url);
    const png = await solid(10, 10, { r: 1, g: 1, b: 1 }).png().toBuffer();
    const noSession = await upload(user.token, null, [{ name: "a.png", data: png }]);
    expect(noSession.status).toBe(400);
    expect(noSession.body.error).toBe("sessionId must be a UUID made by the form");
    expect((await upload(user.token, "../../etc", [{ name: "a.png", data: png }])).status).toBe(400);
    expect((await upload(user.token, randomUUID(), [])).status).toBe(400);
    expect((await upload(user.token, randomUUID(), [{ name: "a.png", data: png }], "image")).status).toBe(400);
    const notMultipart = await fetch(`${server.url}/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(notMultipart.status).toBe(400);
    expect((await notMultipart.json()).error).toBe("Send the images as multipart/form-data");
  });

  it("limits uploads per user per hour with 429", async () => {
    const user = await signUp(server.url);
    const png = await solid(8, 8, { r: 1, g: 1, b: 1 }).png().toBuffer();
    const five = Array.from({ length: 5 }, (_, i) => ({ name: `${i}.png`, data: png }));
    for (let i = 0; i < UPLOADS_PER_HOUR / 5; i++) {
      expect((await upload(user.token, randomUUID(), five)).status).toBe(201);
    }
    const r = await upload(user.token, randomUUID(), [{ name: "one-more.png", data: png }]);
    expect(r.status).toBe(429);
    expect(r.body.error).toBe("Too many uploads; please try again later");
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    // Others are not affected.
    const other = await signUp(server.url);
    expect((await upload(other.token, randomUUID(), [{ name: "a.png", data: png }])).status).toBe(201);
  });
});

describe("serving", () => {
  it("answers 404 JSON to unknown and crafted paths, never reaching other files", async () => {
    await fs.promises.writeFile(path.join(dataDir, "secret.txt"), "do not serve");
    const user = await signUp(server.url);
    const id = await myId(user.token);
    const sessionId = randomUUID();
    await upload(user.token, sessionId, [{ name: "a.png", data: await solid(20, 20, { r: 1, g: 1, b: 1 }).png().toBuffer() }]);
    const paths = [
      "/images/user/../../secret.txt",
      "/images/user/..%2f..%2fsecret.txt/thumb.webp",
      "/images/%2e%2e/%2e%2e/secret.txt",
      "/images/user/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.txt",
      `/images/user/${id}/..%2f..%2f..%2fsecret.txt`,
      `/images/user/${id}/thumb.webp%00.txt`,
      `/images/user/${id}/thumb.png`,
      `/images/user/${id}/huge.webp`,
      `/images/users/${id}/thumb.webp`,
      "/images/user/not-a-uuid/thumb.webp",
      "/images/user/%E0%A4%A/thumb.webp",
      `/images/user/${id}/thumb.webp/extra`,
      "/images/",
      `/uploads/pending/${id}/${sessionId}`,
      // A user without a picture.
      `/images/user/${randomUUID()}/thumb.webp`,
    ];
    for (const p of paths) {
      const res = await rawGet(p);
      expect(res.status, p).toBe(404);
      expect(res.headers["content-type"], p).toMatch(/^application\/json/);
      expect(res.body.toString(), p).not.toContain("do not serve");
    }
  });

  it("sweeps form sessions idle for a day", async () => {
    const user = await signUp(server.url);
    const id = await myId(user.token);
    const old = randomUUID();
    const fresh = randomUUID();
    const png = await solid(8, 8, { r: 1, g: 1, b: 1 }).png().toBuffer();
    await upload(user.token, old, [{ name: "a.png", data: png }]);
    await upload(user.token, fresh, [{ name: "b.png", data: png }]);
    const past = new Date(Date.now() - PENDING_TTL_MS - 60_000);
    // A session's age is its newest stored size's.
    for (const name of await fs.promises.readdir(pendingDir(id, old), { recursive: true })) {
      await fs.promises.utimes(path.join(pendingDir(id, old), name), past, past);
    }
    await sweepPending(localStore(dataDir), dataDir);
    expect(fs.existsSync(pendingDir(id, old))).toBe(false);
    expect(fs.existsSync(pendingDir(id, fresh))).toBe(true);
  });
});

describe("SQL", () => {
  it("set_has_image checks permission itself", async () => {
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const bId = await myId(b.token);
    // Straight to the function as user a, bypassing the server.
    const claims = JSON.parse(Buffer.from(a.token.split(".")[1], "base64url").toString());
    await withOwner(databaseUrl, async (c) => {
      await c.query("begin");
      try {
        await c.query("select set_config('role', 'bk_user', true), set_config('jwt.claims.session_id', $1, true)", [claims.sid]);
        await expect(c.query("select app_hidden.set_has_image('user', $1, true)", [bId])).rejects.toMatchObject({ code: "NTFND" });
      } finally {
        await c.query("rollback");
      }
    });
    expect((await gql(server.url, ME, {}, b.token)).data.currentUser.hasImage).toBe(false);
  });
});

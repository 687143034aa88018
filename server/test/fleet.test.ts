// Two servers on one database, as a fleet behind a load balancer (issue 24), both in this process:
// nothing is shared between them but PostgreSQL (and, for pictures, the configured store).
// - Limits: a per-address sign-in limit and a per-user upload limit used up on A hold on B.
// - Subscriptions: they LISTEN on a session of their own (application_name steward-listen, as the
//   owner), not on the API's pool, and a subscriber on A hears an uplink posted to B.
// - Pictures (STORAGE=postgres): uploaded through A, attached through B, served by both.
import { describe, it, expect, beforeAll, afterAll, inject } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { gql, signUp, withOwner } from "./harness.ts";
import { loadConfig, type ServerConfig } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { LISTEN_APPLICATION_NAME } from "../app.ts";
import { WEBHOOK_SECRET, postUplink, setupDevice, subscribeToThing, uplink } from "./faults/sensors.ts";

const UPLOADS_PER_HOUR = 4;
type Server = RunningServer & { databaseUrl: string };
let a: Server;
let b: Server;
let databaseUrl: string;
const dirs: string[] = [];

beforeAll(async () => {
  // A database of its own: the limits here are on, and they count per database, so sign-ups here
  // would use up the allowance of other files' servers on the shared one.
  databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_fleet");
  const authDatabaseUrl = await authenticatorUrl(databaseUrl);
  const start = async (): Promise<Server> => {
    const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "steward-fleet-"));
    dirs.push(dataDir);
    const overrides: Partial<ServerConfig> = {
      databaseUrl,
      authDatabaseUrl,
      port: 0,
      host: "127.0.0.1",
      jwtSecret: "fleet-test-secret-that-is-long-enough-00000",
      exportSchema: false,
      graphiql: false,
      dataDir,
      storage: "postgres",
      rateLimits: true,
      trustProxy: "loopback",
      uploadsPerHour: UPLOADS_PER_HOUR,
      ttnWebhookSecret: WEBHOOK_SECRET,
    };
    return Object.assign(await startServer(loadConfig(overrides)), { databaseUrl });
  };
  [a, b] = await Promise.all([start(), start()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all(dirs.map((d) => fs.promises.rm(d, { recursive: true, force: true })));
  if (databaseUrl) await dropTestDatabase(inject("adminUrl"), databaseUrl);
});

async function signInFrom(server: Server, ip: string) {
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ query: `mutation { signIn(input: { username: "nobody_in_the_fleet", password: "Wrong1234" }) { jwtToken } }` }),
  });
  return ((await res.json()) as any).errors?.[0]?.extensions?.code as string | undefined;
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 160, b: 90 } } })
    .png()
    .toBuffer();
}

async function upload(server: Server, token: string, sessionId = randomUUID()) {
  const form = new FormData();
  form.append("sessionId", sessionId);
  form.append("file", new Blob([new Uint8Array(await png())], { type: "image/png" }), "p.png");
  const res = await fetch(`${server.url}/uploads`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), sessionId };
}

describe("limits count across servers", () => {
  it("the 31st sign-in from one address in 10 minutes is refused on B after 30 on A; other addresses go on", async () => {
    const ip = `10.24.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 30; i++) expect(await signInFrom(a, ip)).toBe("LOGIN");
    expect(await signInFrom(b, ip)).toBe("RATEL");
    expect(await signInFrom(a, ip)).toBe("RATEL");
    expect(await signInFrom(b, "10.25.0.1")).toBe("LOGIN");
  });

  it("split between the servers, the total is what one server allows", async () => {
    const ip = `10.26.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 30; i++) expect(await signInFrom(i % 2 ? b : a, ip)).toBe("LOGIN");
    expect(await signInFrom(a, ip)).toBe("RATEL");
    expect(await signInFrom(b, ip)).toBe("RATEL");
  });

  it("uploads per user per hour: used up on A, refused on B with Retry-After", async () => {
    const user = await signUp(a.url);
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await upload(a, user.token)).status).toBe(201);
    const refused = await upload(b, user.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Counted per user: someone else uploads on B.
    expect((await upload(b, (await signUp(b.url)).token)).status).toBe(201);
  });
});

describe("subscriptions", () => {
  it("LISTEN runs on a session of its own, as the owner on DATABASE_URL, not on the API's pool", async () => {
    const { owner, thingId } = await setupDevice(a.url);
    const subscriber = subscribeToThing(a.url, owner.token, thingId);
    try {
      // The subscription's LISTEN has no acknowledgement: look for it.
      let sessions: { usename: string; query: string }[] = [];
      for (let n = 0; n < 50; n++) {
        sessions = await withOwner(
          a.databaseUrl,
          async (c) =>
            (
              await c.query(
                `select usename, query from pg_stat_activity
               where datname = current_database() and application_name = $1 and query ilike 'listen %'`,
                [LISTEN_APPLICATION_NAME],
              )
            ).rows,
        );
        if (sessions.some((s) => s.query.includes(`thing:${thingId}`))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(sessions.some((s) => s.query.includes(`thing:${thingId}`))).toBe(true);
      const ownerRole = new URL(a.databaseUrl).username;
      for (const s of sessions) expect(s.usename).toBe(ownerRole);
      // No other session of these servers listens (the API's pool may sit behind a transaction-mode pooler).
      const others = await withOwner(
        a.databaseUrl,
        async (c) =>
          (
            await c.query(
              `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and application_name <> $1 and query ilike 'listen %' and usename = 'bk_authenticator'`,
              [LISTEN_APPLICATION_NAME],
            )
          ).rows[0].n,
      );
      expect(others).toBe(0);
    } finally {
      await subscriber.dispose();
    }
  });

  it("a subscriber on A hears an uplink posted to B", async () => {
    const { owner, thingId, deviceId } = await setupDevice(b.url);
    const subscriber = subscribeToThing(a.url, owner.token, thingId);
    try {
      for (let n = 0; subscriber.events.length === 0 && n < 20; n++) {
        expect(await postUplink(b.url, uplink(deviceId, new Date(), 700 + n))).toBe(201);
        await subscriber.waitForEvents(1, 500).catch(() => {});
      }
      expect(subscriber.events[0]?.data?.thingUpdated).toMatchObject({ event: "update", thing: { id: thingId, water: 45 } });
      expect(subscriber.errors).toEqual([]);
    } finally {
      await subscriber.dispose();
    }
  });
});

describe("pictures on the postgres store", () => {
  it("uploaded through A, attached through B, served by both", async () => {
    const user = await signUp(a.url);
    const id = (await gql(a.url, `query { currentUser { id } }`, {}, user.token)).data.currentUser.id;
    const up = await upload(a, user.token);
    expect(up.status).toBe(201);
    const r = await gql(
      b.url,
      `mutation N($s: String!, $id: UUID!) { newFiles(input: { sessionId: $s, type: "user", id: $id }) { movedFiles } }`,
      { s: up.sessionId, id },
      user.token,
    );
    expect(r.errors).toBeUndefined();
    const [fromA, fromB] = await Promise.all(
      [a, b].map((s) => fetch(`${s.url}/images/user/${id}/thumb.webp`, { headers: { authorization: `Bearer ${user.token}` } })),
    );
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromA.headers.get("etag")).toBe(fromB.headers.get("etag"));
    expect(Buffer.from(await fromA.arrayBuffer()).equals(Buffer.from(await fromB.arrayBuffer()))).toBe(true);
    // Neither server kept it on its own disk.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, "images"))).toBe(false);
  });
});

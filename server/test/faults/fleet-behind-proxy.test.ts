// The fleet as deployed (issue 24; npm run test:fleet): two server processes (server/main.ts) on
// one database and one S3-compatible bucket (s3rver), behind a round-robin proxy with no
// stickiness, every request from the test going through the proxy's one address.
// - a subscription held on one server hears an uplink that the proxy sent to the other;
// - a picture uploaded through one server is attached and served by the other, byte for byte;
// - the per-address sign-in limit holds over both: 30 sign-ins alternate, the 31st is refused.
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../../../test/database.ts";
import { startLocalS3, type LocalS3 } from "../../../test/s3rver.ts";
import { fleetServerEnv, freePort, startNode, type Child } from "./processes.ts";
import { WEBHOOK_SECRET, postUplink, setupDevice, subscribeToThing, uplink } from "./sensors.ts";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy.ts";
import { gql } from "../harness.ts";

let databaseUrl: string;
let dataDir: string;
let s3: LocalS3;
let proxy: RoundRobinProxy;
const children: Child[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_fleet");
  dataDir = await mkdtemp(path.join(tmpdir(), "bk-fleet-"));
  s3 = await startLocalS3("steward-fleet");
  const authUrl = await authenticatorUrl(databaseUrl);
  const urls: string[] = [];
  const starting: Promise<unknown>[] = [];
  for (const name of ["a", "b"]) {
    const port = await freePort();
    const child = startNode(
      "server/main.ts",
      fleetServerEnv({
        databaseUrl,
        authUrl,
        dataDir: path.join(dataDir, name),
        port,
        jwtSecret: "fleet-secret-that-is-long-enough-for-hs256-000",
        webhookSecret: WEBHOOK_SECRET,
        s3: s3.settings,
      }),
      `server ${name}`,
    );
    children.push(child);
    urls.push(`http://127.0.0.1:${port}`);
    starting.push(child.waitForLine(/API and app listening/, 90_000));
  }
  await Promise.all(starting);
  proxy = await startRoundRobinProxy(urls);
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(children.map((c) => c.stop()));
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (databaseUrl) await dropTestDatabase(inject("adminUrl"), databaseUrl);
});

/** Makes the proxy's next request go to `backend`, by sending harmless ones until it will. */
async function steerTo(backend: number) {
  while (proxy.peek() !== backend) await fetch(`${proxy.url}/health`).then((r) => r.arrayBuffer());
}

describe("two servers behind a round-robin proxy", () => {
  it("a subscription on one server hears uplinks the proxy sent to the other", async () => {
    const { owner, thingId, deviceId } = await setupDevice(proxy.url);
    const subscriber = subscribeToThing(proxy.url, owner.token, thingId);
    try {
      // graphql-ws connects lazily, on the first subscription: wait for the upgrade to be routed.
      let socketOn: number | undefined;
      for (let n = 0; n < 50 && socketOn === undefined; n++) {
        socketOn = proxy.log.findLast((r) => r.kind === "websocket")?.backend;
        if (socketOn === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      expect(socketOn).toBeDefined();
      const other = 1 - socketOn!;
      // The LISTEN has no acknowledgement: post fresh uplinks, each to the other server, until one is relayed.
      for (let n = 0; subscriber.events.length === 0 && n < 20; n++) {
        await steerTo(other);
        expect(await postUplink(proxy.url, uplink(deviceId, new Date(), 900 + n))).toBe(201);
        expect(proxy.log.at(-1)).toMatchObject({ kind: "http", path: "/webhooks/ttn", backend: other });
        await subscriber.waitForEvents(1, 500).catch(() => {});
      }
      expect(subscriber.events[0]?.data?.thingUpdated).toMatchObject({ event: "update", thing: { id: thingId, water: 45 } });
      expect(subscriber.errors).toEqual([]);
    } finally {
      await subscriber.dispose();
    }
  });

  it("a picture uploaded through one server is attached and served by the other", async () => {
    const { owner, thingId } = await setupDevice(proxy.url);
    const sessionId = randomUUID();
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 30 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("sessionId", sessionId);
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "p.jpg");
    await steerTo(0);
    const up = await fetch(`${proxy.url}/uploads`, { method: "POST", headers: { authorization: `Bearer ${owner.token}` }, body: form });
    expect(up.status).toBe(201);
    expect(proxy.log.at(-1)).toMatchObject({ path: "/uploads", backend: 0 });

    await steerTo(1);
    const r = await gql(
      proxy.url,
      `mutation N($s: String!, $id: UUID!) { newFiles(input: { sessionId: $s, type: "thing", id: $id }) { movedFiles } }`,
      { s: sessionId, id: thingId },
      owner.token,
    );
    expect(r.errors).toBeUndefined();
    expect(proxy.log.at(-1)).toMatchObject({ path: "/graphql", backend: 1 });

    const served: Buffer[] = [];
    for (const backend of [0, 1]) {
      await steerTo(backend);
      const res = await fetch(`${proxy.url}/images/thing/${thingId}/large.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
      served.push(Buffer.from(await res.arrayBuffer()));
    }
    expect(served[0].equals(served[1])).toBe(true);
    expect((await sharp(served[0]).metadata()).width).toBe(900);
  });

  it("the sign-in limit per address holds over both servers", async () => {
    const signIn = async () => {
      const res = await fetch(`${proxy.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.24" },
        body: JSON.stringify({
          query: `mutation { signIn(input: { username: "nobody_in_the_fleet", password: "Wrong1234" }) { jwtToken } }`,
        }),
      });
      return ((await res.json()) as any).errors?.[0]?.extensions?.code;
    };
    const before = proxy.log.length;
    for (let i = 0; i < 30; i++) expect(await signIn()).toBe("LOGIN");
    expect(new Set(proxy.log.slice(before).map((r) => r.backend))).toEqual(new Set([0, 1]));
    expect(await signIn()).toBe("RATEL");
    expect(await signIn()).toBe("RATEL");
  });
});

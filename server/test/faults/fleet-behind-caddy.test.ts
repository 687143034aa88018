// The deployment's own reverse proxy (issue 24): deploy/Caddyfile, as docker-compose.yml runs it
// in front of the app's replicas, here with Debian's caddy in front of two server processes on
// one database and one S3-compatible bucket. The test's upstreams file names the two servers and
// adds a response header saying which one answered (test-only: the deployed file has neither).
// - requests are spread over both, and a subscription through the proxy hears uplinks posted
//   through it whichever server took them;
// - a picture uploaded through the proxy is served by both servers, byte for byte;
// - the sign-in limit per address holds over both, and a client cannot dodge it by sending its
//   own X-Forwarded-For (Caddy replaces it; the servers trust only the proxy).
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../../../test/database.ts";
import { startLocalS3, type LocalS3 } from "../../../test/s3rver.ts";
import { fleetServerEnv, freePort, rootDir, startNode, startProcess, type Child } from "./processes.ts";
import { WEBHOOK_SECRET, postUntilHeard, postUplink, setupDevice, subscribeToThing, uplink } from "./sensors.ts";
import { gql } from "../harness.ts";

function caddyMissing(): string | null {
  try {
    execFileSync("caddy", ["version"], { stdio: "ignore" });
    return null;
  } catch {
    return "caddy is not installed (apt-get install caddy)";
  }
}
const missing = caddyMissing();
// CI installs caddy (.ci/run): there a missing one fails instead of skipping.
const maybe = missing && !process.env.CI ? describe.skip : describe;

let databaseUrl: string;
let dir: string;
let s3: LocalS3;
let proxyUrl: string;
const servers: string[] = [];
const children: Child[] = [];

/** Which server answered (the test's upstreams file adds the header). */
const upstreamOf = (res: Response) => res.headers.get("x-test-upstream");

maybe("two servers behind deploy/Caddyfile", () => {
  beforeAll(async () => {
    expect(missing).toBeNull();
    databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_caddy");
    dir = await mkdtemp(path.join(tmpdir(), "bk-caddy-"));
    s3 = await startLocalS3("steward-caddy");
    const authUrl = await authenticatorUrl(databaseUrl);
    const starting: Promise<unknown>[] = [];
    for (const name of ["a", "b"]) {
      const port = await freePort();
      const child = startNode(
        "server/main.ts",
        fleetServerEnv({
          databaseUrl,
          authUrl,
          dataDir: path.join(dir, name),
          port,
          jwtSecret: "caddy-fleet-secret-long-enough-for-hs256-0000",
          webhookSecret: WEBHOOK_SECRET,
          s3: s3.settings,
        }),
        `server ${name}`,
      );
      children.push(child);
      servers.push(`127.0.0.1:${port}`);
      starting.push(child.waitForLine(/API and app listening/, 90_000));
    }
    await Promise.all(starting);

    const upstreams = path.join(dir, "upstreams.caddy");
    await writeFile(upstreams, `to ${servers.join(" ")}\nheader_down X-Test-Upstream {http.reverse_proxy.upstream.hostport}\n`);
    const port = await freePort();
    const caddy = startProcess("caddy", ["run", "--config", path.join(rootDir, "deploy/Caddyfile"), "--adapter", "caddyfile"], {
      SITE_ADDRESS: `http://127.0.0.1:${port}`,
      CADDY_UPSTREAMS: upstreams,
      XDG_DATA_HOME: path.join(dir, "caddy-data"),
      XDG_CONFIG_HOME: path.join(dir, "caddy-config"),
    });
    children.push(caddy);
    proxyUrl = `http://127.0.0.1:${port}`;
    // Ready once it answers through to a server (health checks passed for both).
    for (let n = 0; ; n++) {
      const ok = await fetch(`${proxyUrl}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (n > 200) throw new Error(`caddy did not come up:\n${caddy.output()}`);
      await caddy.waitForLine(/serving initial configuration|server running/i, 100).catch(() => {});
    }
  }, 150_000);

  afterAll(async () => {
    await Promise.all(children.map((c) => c.stop()));
    await s3?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    if (databaseUrl) await dropTestDatabase(inject("adminUrl"), databaseUrl);
  });

  it("spreads requests over both servers, and a subscription hears uplinks whichever server took them", async () => {
    const answered = new Set<string | null>();
    for (let i = 0; i < 6; i++) answered.add(upstreamOf(await fetch(`${proxyUrl}/health`)));
    expect(answered).toEqual(new Set(servers));

    const { owner, thingId, deviceId } = await setupDevice(proxyUrl);
    const subscriber = subscribeToThing(proxyUrl, owner.token, thingId);
    try {
      // The LISTEN has no acknowledgement: post fresh uplinks until the subscriber hears one. Round
      // robin sends them to both servers in turn, so the socket's server is not the only one tried.
      await postUntilHeard(subscriber, async (n) => {
        expect(await postUplink(proxyUrl, uplink(deviceId, new Date(), 900 + n))).toBe(201);
      });
      expect(subscriber.events[0]?.data?.thingUpdated).toMatchObject({ event: "update", thing: { id: thingId, water: 45 } });
      expect(subscriber.errors).toEqual([]);
    } finally {
      await subscriber.dispose();
    }
  });

  it("serves a picture uploaded through the proxy from both servers", async () => {
    const { owner, thingId } = await setupDevice(proxyUrl);
    const sessionId = randomUUID();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("sessionId", sessionId);
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "p.jpg");
    const up = await fetch(`${proxyUrl}/uploads`, { method: "POST", headers: { authorization: `Bearer ${owner.token}` }, body: form });
    expect(up.status).toBe(201);
    const r = await gql(
      proxyUrl,
      `mutation N($s: String!, $id: UUID!) { newFiles(input: { sessionId: $s, type: "thing", id: $id }) { movedFiles } }`,
      { s: sessionId, id: thingId },
      owner.token,
    );
    expect(r.errors).toBeUndefined();

    const byServer = new Map<string, Buffer>();
    for (let i = 0; i < 6 && byServer.size < 2; i++) {
      const res = await fetch(`${proxyUrl}/images/thing/${thingId}/large.webp`);
      expect(res.status).toBe(200);
      byServer.set(upstreamOf(res)!, Buffer.from(await res.arrayBuffer()));
    }
    expect([...byServer.keys()].sort()).toEqual([...servers].sort());
    const [first, second] = [...byServer.values()];
    expect(first.equals(second)).toBe(true);
    expect((await sharp(first).metadata()).width).toBe(800);
  });

  it("holds the sign-in limit per address over both servers, whatever X-Forwarded-For a client sends", async () => {
    const signIn = async (i: number) => {
      const res = await fetch(`${proxyUrl}/graphql`, {
        method: "POST",
        // A different made-up address each time: believed, it would give every attempt a fresh limit.
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i % 250}` },
        body: JSON.stringify({
          query: `mutation { signIn(input: { username: "nobody_behind_caddy", password: "Wrong1234" }) { jwtToken } }`,
        }),
      });
      return { upstream: upstreamOf(res), code: ((await res.json()) as any).errors?.[0]?.extensions?.code };
    };
    const answered = new Set<string | null>();
    for (let i = 0; i < 30; i++) {
      const { upstream, code } = await signIn(i);
      expect(code).toBe("LOGIN");
      answered.add(upstream);
    }
    expect(answered).toEqual(new Set(servers));
    expect((await signIn(30)).code).toBe("RATEL");
    expect((await signIn(31)).code).toBe("RATEL");
  });
});

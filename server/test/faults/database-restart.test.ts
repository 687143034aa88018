// Database restarted during ingestion (issue 13, Faults). The server runs against a PostgreSQL of
// this test's own (restartable-postgres.ts), which is stopped (fast shutdown) and started again
// while uplinks keep coming. While it is down the webhook answers non-2xx, so The Things Stack
// would retry; every uplink not answered 2xx is posted again, as it would be, and in the end
// each is stored exactly once. The same server process then serves queries and live updates
// again: its pools open new connections and nothing needs a restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { migrate } from "../../../db/migrate.ts";
import { loadConfig } from "../../config.ts";
import { startServer, type RunningServer } from "../../app.ts";
import { gql } from "../harness.ts";
import { startRestartablePostgres, type RestartablePostgres } from "./restartable-postgres.ts";
import { WEBHOOK_SECRET, is2xx, postUplink, setupDevice, subscribeToThing, uplink, type Subscriber } from "./sensors.ts";

let cluster: RestartablePostgres;
let databaseUrl: string;
let server: RunningServer;

beforeAll(async () => {
  cluster = await startRestartablePostgres();
  databaseUrl = await cluster.createDatabase("steward_faults");
  await migrate(databaseUrl);
  server = await startServer(
    loadConfig({
      databaseUrl,
      // The owner for the API too: the cluster's bk_authenticator has no password to log in with.
      authDatabaseUrl: databaseUrl,
      port: 0,
      host: "127.0.0.1",
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
      ttnWebhookSecret: WEBHOOK_SECRET,
      exportSchema: false,
      graphiql: false,
    }),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  await cluster?.destroy();
});

/** The readings stored from the uplinks under test (frame counters 5000 on). */
async function stored(deviceId: string): Promise<{ total: number; distinct: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as total, count(distinct (s.created_at, s.f_cnt))::int as distinct
         from app_public.sensor_data s join app_public.devices d on d.id = s.device_id
        where d.device_id = $1 and s.f_cnt between 5000 and 5999`,
      [deviceId],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

describe("the database restarted during ingestion", () => {
  it("answers non-2xx while it is down, stores every uplink exactly once, and recovers without a restart", async () => {
    const { owner, thingId, deviceId } = await setupDevice(server.url);
    const start = Date.now() - 3 * 3600_000;
    const bodies = Array.from({ length: 36 }, (_, i) => uplink(deviceId, new Date(start + i * 60_000), 5000 + i));
    const last: number[] = new Array(bodies.length).fill(-1);

    // A live subscriber from before the outage.
    const before = subscribeToThing(server.url, owner.token, thingId);
    await untilRelayed(before, deviceId, 7000);

    // Before: stored and answered 201.
    for (let i = 0; i < 12; i++) last[i] = await postUplink(server.url, bodies[i]);
    expect(last.slice(0, 12).every((s) => s === 201)).toBe(true);

    // During: uplinks keep arriving while the database goes down (half while it stops, half once
    // it is down); those that made it may be stored, the rest must not be answered 2xx.
    const stopping = cluster.stop();
    for (let i = 12; i < 18; i++) last[i] = await postUplink(server.url, bodies[i]);
    await stopping;
    for (let i = 18; i < 24; i++) last[i] = await postUplink(server.url, bodies[i]);
    const down = await fetch(`${server.url}/health`);
    expect(down.status).toBe(503);
    const refused = last.slice(12, 24).filter((s) => !is2xx(s));
    expect(refused.length).toBeGreaterThan(0);
    // A refusal is an answer (503), not a hang or a dropped connection.
    expect(refused.every((s) => s === 503)).toBe(true);

    // After: the same server process, with the database back.
    await cluster.start();
    for (let i = 24; i < 36; i++) last[i] = await postUplink(server.url, bodies[i]);
    expect(last.slice(24).every((s) => s === 201)).toBe(true);

    // The Things Stack retries what was not answered 2xx; here every such uplink is posted again.
    const retried = last.map((s, i) => (is2xx(s) ? -1 : i)).filter((i) => i >= 0);
    for (const i of retried) last[i] = await postUplink(server.url, bodies[i]);
    expect(last.every(is2xx)).toBe(true);

    // Every uplink stored once: none lost, none twice.
    expect(await stored(deviceId)).toEqual({ total: 36, distinct: 36 });
    // Redelivering all of them again changes nothing (answered 200 "duplicate").
    const again = await Promise.all(bodies.map((b) => postUplink(server.url, b)));
    expect(again.every((s) => s === 200)).toBe(true);
    expect(await stored(deviceId)).toEqual({ total: 36, distinct: 36 });

    // The API and its health answer again from the same process.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const thing = await gql(server.url, `query T($id: UUID!) { thingById(id: $id) { id water } }`, { id: thingId }, owner.token);
    expect(thing.data?.thingById).toEqual({ id: thingId, water: 45 });

    // The subscription from before was ended with an error, not left silent: its LISTEN was on
    // a connection that died, and notifications sent meanwhile are lost, so PostGraphile ends
    // it and the client subscribes again (docs/scaling.md).
    expect(before.errors.length).toBe(1);
    await before.dispose();

    // Live updates work again for a new subscriber (the subscription pool reconnected).
    const subscriber = subscribeToThing(server.url, owner.token, thingId);
    try {
      await untilRelayed(subscriber, deviceId, 9000);
      expect(subscriber.events[0]?.data?.thingUpdated).toMatchObject({ event: "update", thing: { id: thingId, water: 45 } });
    } finally {
      await subscriber.dispose();
    }
  });
});

/** The subscription's LISTEN has no acknowledgement: post fresh uplinks until one is relayed. */
async function untilRelayed(subscriber: Subscriber, deviceId: string, fCntBase: number): Promise<void> {
  for (let n = 0; subscriber.events.length === 0 && n < 20; n++) {
    await postUplink(server.url, uplink(deviceId, new Date(), fCntBase + n));
    await subscriber.waitForEvents(1, 500).catch(() => {});
  }
  expect(subscriber.events.length).toBeGreaterThan(0);
}

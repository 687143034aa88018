// The sensor_data_partitions task: the coming months' partitions are made, months wholly past the
// retention are dropped (their readings gone, their hourly and daily rollups kept), a detach left
// half done is finished, and a running server's cached plans (the one-trip adaptor prepares its
// statements) keep answering after partitions come and go.
import { describe, it, expect, inject, beforeAll, afterAll } from "vitest";
import pg from "pg";
import sensorDataPartitions, { MONTHS_AHEAD } from "../tasks/sensor_data_partitions.ts";
import { runInWorkerContext } from "../context.ts";
import { readWorkerConfig } from "../config.ts";
import { createMailer } from "../providers/mailer.ts";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { loadConfig } from "../../server/config.ts";
import { startServer, type RunningServer } from "../../server/app.ts";
import { gql } from "../../server/test/harness.ts";

// Its own database: the task drops partitions every test database's readings live in.
let url: string;
let pool: pg.Pool;
let server: RunningServer;
beforeAll(async () => {
  url = await createTestDatabase(inject("adminUrl"), "bk_partitions");
  pool = new pg.Pool({ connectionString: url, max: 3 });
  server = await startServer(
    loadConfig({
      databaseUrl: url,
      authDatabaseUrl: await authenticatorUrl(url),
      port: 0,
      host: "127.0.0.1",
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
      exportSchema: false,
      graphiql: false,
      rateLimits: false,
    }),
  );
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pool?.end();
  if (url) await dropTestDatabase(inject("adminUrl"), url);
});

async function runTask(env: Record<string, string> = {}): Promise<string[]> {
  const logged: string[] = [];
  const helpers: any = {
    query: (sql: string, params?: unknown[]) => pool.query(sql, params),
    logger: { info: (m: string) => logged.push(m), debug() {}, warn() {}, error() {} },
  };
  const ctx = { config: readWorkerConfig(env), mailer: createMailer({ from: "x@example.com", outboxDir: "/tmp/unused-outbox" }) };
  await runInWorkerContext(ctx, () => sensorDataPartitions({}, helpers));
  return logged;
}

const partitions = async () =>
  (await pool.query<{ name: string }>("select name from app_private.sensor_data_partitions()")).rows.map((r) => r.name);
/** sensor_data_YYYY_MM of the UTC month `months` from now. */
const monthName = (months: number) => {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  return `sensor_data_${m.getUTCFullYear()}_${String(m.getUTCMonth() + 1).padStart(2, "0")}`;
};

const CHART = `query Chart($d: UUID!, $since: Datetime!) {
  sensorRollups(deviceId: $d, resolution: DAY, since: $since, parameters: ["water"]) { nodes { parameter buckets readings min max mean } }
  allSensorData(deviceId: $d) { nodes { createdAt } }
}`;

describe("sensor_data_partitions", () => {
  it("makes the coming months, drops months past the retention and keeps their rollups", async () => {
    const device = (
      await pool.query(
        `insert into app_public.devices (device_id, name, model, is_public, location) values ('eui-part0001', 'Old probe', 'LSE01', true, point(51.4, -0.9)) returning id`,
      )
    ).rows[0].id as string;
    // Readings 15 months ago (a month wholly past 400 days), 11 months ago (inside it) and now.
    const at = [
      "date_trunc('month', now() - interval '15 months') + interval '3 days 10 hours'",
      "date_trunc('month', now() - interval '15 months') + interval '3 days 11 hours'",
      "date_trunc('month', now() - interval '11 months') + interval '2 days'",
      "now() - interval '1 hour'",
    ];
    const stored = await pool.query(
      `select app_private.ingest_uplinks(array['eui-part0001', 'eui-part0001', 'eui-part0001', 'eui-part0001'],
         array[${at.join(", ")}], array[1, 2, 3, 4], array['{"water": 10}', '{"water": 30}', '{"water": 40}', '{"water": 50}']::jsonb[]) as s`,
    );
    expect(stored.rows[0].s).toEqual(["stored", "stored", "stored", "stored"]);
    expect(await partitions()).toContain(monthName(-15));

    // The server plans both reads (more than five times, so PostgreSQL settles on a generic plan).
    const since = new Date(Date.now() - 500 * 86400_000).toISOString();
    let before: any;
    for (let i = 0; i < 7; i++) {
      before = await gql(server.url, CHART, { d: device, since });
      expect(before.errors).toBeUndefined();
    }
    expect(before.data.allSensorData.nodes).toHaveLength(4);
    expect(before.data.sensorRollups.nodes.map((n: any) => [n.parameter, n.readings, n.min, n.max, n.mean])).toEqual([
      ["water", [2, 1, 1], [10, 40, 50], [30, 40, 50], [20, 40, 50]],
    ]);

    const logged = await runTask();
    const names = await partitions();
    expect(names).not.toContain(monthName(-15));
    expect(names).toContain(monthName(-11));
    for (let m = 0; m <= MONTHS_AHEAD; m++) expect(names).toContain(monthName(m));
    expect(logged).toEqual([expect.stringMatching(new RegExp(`dropped ${monthName(-15)} \\(readings kept 400 days\\)$`))]);
    const gone = await pool.query("select to_regclass('app_partitions.' || $1) as t", [monthName(-15)]);
    expect(gone.rows[0].t).toBeNull();

    // The same server, the same prepared statements: raw readings of the dropped month are gone,
    // the daily rollup of their day is still there.
    const after = await gql(server.url, CHART, { d: device, since });
    expect(after.errors).toBeUndefined();
    expect(after.data.allSensorData.nodes).toHaveLength(2);
    expect(after.data.sensorRollups.nodes).toEqual(before.data.sensorRollups.nodes);

    // Nothing more to do the second time.
    expect(await runTask()).toEqual([`sensor_data_partitions: created none; dropped none (readings kept 400 days)`]);
    // A shorter retention (in days, whole months only) takes the month 11 months ago too.
    expect((await runTask({ SENSOR_DATA_RETENTION_DAYS: "31" }))[0]).toContain(`dropped ${monthName(-11)}`);
    expect((await gql(server.url, CHART, { d: device, since })).data.sensorRollups.nodes[0].buckets).toHaveLength(3);
  });

  it("finishes a detach that was cut short", async () => {
    // An old month, its detach interrupted while a reader still held a snapshot.
    await pool.query("select app_private.ensure_sensor_data_partition(now() - interval '20 months')");
    const name = monthName(-20);
    const reader = await pool.connect();
    const detacher = new pg.Client({ connectionString: url });
    await detacher.connect();
    try {
      await reader.query("begin isolation level repeatable read");
      await reader.query("select count(*) from app_public.sensor_data");
      await detacher.query("set statement_timeout = 1000");
      await expect(
        detacher.query(`alter table app_public.sensor_data detach partition app_partitions.${name} concurrently`),
      ).rejects.toThrow(/statement timeout/);
      await reader.query("rollback");
    } finally {
      reader.release();
      await detacher.end();
    }
    const pending = await pool.query("select detach_pending from app_private.sensor_data_partitions() where name = $1", [name]);
    expect(pending.rows).toEqual([{ detach_pending: true }]);

    expect((await runTask())[0]).toContain(`dropped ${name} `);
    expect(await partitions()).not.toContain(name);
    expect((await pool.query("select to_regclass('app_partitions.' || $1) as t", [name])).rows[0].t).toBeNull();
  });
});

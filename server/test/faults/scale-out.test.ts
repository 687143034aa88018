// Scale-out (issue 13): two server processes and two worker processes against one database, as
// behind a load balancer. Nothing is shared between them but PostgreSQL: an uplink posted to
// server A reaches a thingUpdated subscriber connected to server B (NOTIFY travels through the
// database), and a batch of jobs runs exactly once across the two workers (graphile-worker's
// row locks), each message delivered once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../../../test/database.ts";
import { waitFor } from "../../../worker/test/helpers.ts";
import { freePort, startNode, workerEnv, type Child } from "./processes.ts";
import { WEBHOOK_SECRET, postUntilHeard, postUplink, setupDevice, subscribeToThing, uplink } from "./sensors.ts";

let databaseUrl: string;
let dataDir: string;
const children: Child[] = [];
const servers: string[] = [];
const outboxes: string[] = [];

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_faults");
  dataDir = await mkdtemp(path.join(tmpdir(), "bk-faults-scale-"));
  const authUrl = await authenticatorUrl(databaseUrl);
  const starting: Promise<unknown>[] = [];
  for (const name of ["a", "b"]) {
    const port = await freePort();
    const server = startNode(
      "server/main.ts",
      {
        DATABASE_URL: databaseUrl,
        AUTH_DATABASE_URL: authUrl,
        // One secret for both, as every instance behind one address must share it.
        JWT_SECRET: "scale-out-secret-that-is-long-enough-for-hs256",
        DATA_DIR: path.join(dataDir, name),
        PORT: String(port),
        HOST: "127.0.0.1",
        RUN_WORKER: "false",
        TTN_WEBHOOK_SECRET: WEBHOOK_SECRET,
        EXPORT_SCHEMA: "false",
        GRAPHIQL: "false",
      },
      `server ${name}`,
    );
    children.push(server);
    servers.push(`http://127.0.0.1:${port}`);
    starting.push(server.waitForLine(/API and app listening/, 90_000));
    // Each worker writes its own outbox, so the test can tell who sent what.
    const outbox = path.join(dataDir, `outbox-${name}`);
    outboxes.push(outbox);
    const worker = startNode(
      "worker/main.ts",
      workerEnv(databaseUrl, { MAIL_OUTBOX_DIR: outbox, WORKER_CONCURRENCY: "4" }),
      `worker ${name}`,
    );
    children.push(worker);
    starting.push(worker.waitForLine(/worker\s+started, tasks/, 90_000));
  }
  await Promise.all(starting);
}, 120_000);

afterAll(async () => {
  await Promise.all(children.map((c) => c.stop()));
  await rm(dataDir, { recursive: true, force: true });
  await dropTestDatabase(inject("adminUrl"), databaseUrl);
});

describe("two servers and two workers on one database", () => {
  it("relays an uplink posted to server A to a subscriber on server B", async () => {
    const [a, b] = servers;
    const { owner, thingId, deviceId } = await setupDevice(a);
    // Signed in on A, subscribed on B: the token is good everywhere.
    const subscriber = subscribeToThing(b, owner.token, thingId);
    try {
      // B's LISTEN has no acknowledgement: post fresh uplinks to A until B relays one.
      await postUntilHeard(subscriber, async (n) => {
        expect(await postUplink(a, uplink(deviceId, new Date(), 300 + n))).toBe(201);
      });
      expect(subscriber.events[0]?.data?.thingUpdated).toMatchObject({ event: "update", thing: { id: thingId, water: 45 } });
      expect(subscriber.errors).toEqual([]);
    } finally {
      await subscriber.dispose();
    }
  });

  it("runs each of 50 jobs exactly once across the two workers", async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    try {
      const recipients = Array.from({ length: 50 }, (_, i) => `batch.${i}@example.org`);
      // Queued in one transaction, so both workers see all of them at once and compete.
      await pool.query(
        `select graphile_worker.add_job('send_email', json_build_object('to', r, 'template', 'verify_email', 'domainName', null,
           'variables', json_build_object('name', 'Batch', 'userEmailId', '7f0c2a8e-1d1b-4c59-9a43-0d8b1f0e2c11', 'token', 't')))
         from unnest($1::text[]) as r`,
        [recipients],
      );
      await waitFor(
        async () => {
          const { rows } = await pool.query(
            "select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send_email'",
          );
          return rows[0].n === 0;
        },
        "the 50 jobs to be done",
        30_000,
      );
      const sent: { worker: number; to: string }[] = [];
      for (const [worker, dir] of outboxes.entries()) {
        for (const name of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"))) {
          const record = JSON.parse(await readFile(path.join(dir, name), "utf8"));
          if (record.to.startsWith("batch.")) sent.push({ worker, to: record.to });
        }
      }
      expect(sent.map((s) => s.to).sort()).toEqual([...recipients].sort());
      // Which worker took how many is up to them; printed for the curious.
      console.log(
        `scale-out: worker a sent ${sent.filter((s) => s.worker === 0).length}, worker b ${sent.filter((s) => s.worker === 1).length}`,
      );
    } finally {
      await pool.end();
    }
  });
});

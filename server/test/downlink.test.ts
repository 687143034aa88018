// The pump downlink as a queued, retried job (issue 6): deviceDownPush queues it, the worker's
// send_downlink pushes it to a local stand-in for The Things Stack, and only a sent downlink
// changes ledState. A database of its own: a worker on the shared test database would take the
// jobs other test files check are queued.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { createServer, type Server } from "node:http";
import { inject } from "vitest";
import pg from "pg";
import { loadConfig } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { gql, signUp, makeAdmin } from "./harness.ts";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { startWorker, type WorkerHandle } from "../../worker/run.ts";
import { sendDownlink } from "../../worker/tasks/send_downlink.ts";
import { makeTempDir, silentLogger, waitFor } from "../../worker/test/helpers.ts";
import type { DownlinkSettings } from "../../worker/providers/ttn-downlink.ts";

// The stand-in answers each request with the next queued status (200 once they run out).
let ttnRequests: { path: string; auth?: string; body: any }[] = [];
let ttnStatuses: number[] = [];
let ttn: Server;
let ttnUrl: string;
let server: RunningServer;
let databaseUrl: string;
let pool: pg.Pool;

const settings = (): DownlinkSettings => ({
  apiUrl: ttnUrl,
  applicationId: "stewards-soil",
  webhookId: "steward",
  apiKey: "NNSXS.TESTKEY",
});
const NOT_CONFIGURED: DownlinkSettings = { apiUrl: "", applicationId: "", webhookId: "", apiKey: "" };

beforeAll(async () => {
  ttn = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      ttnRequests.push({ path: req.url!, auth: req.headers.authorization, body: JSON.parse(body || "{}") });
      res.writeHead(ttnStatuses.shift() ?? 200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => ttn.listen(0, "127.0.0.1", r));
  ttnUrl = `http://127.0.0.1:${(ttn.address() as any).port}`;
  databaseUrl = await createTestDatabase(inject("adminUrl"), "bk_downlink");
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  server = await startServer(
    loadConfig({
      databaseUrl,
      authDatabaseUrl: await authenticatorUrl(databaseUrl),
      port: 0,
      host: "127.0.0.1",
      exportSchema: false,
      graphiql: false,
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
    }),
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await pool?.end();
  ttn?.closeAllConnections();
  await new Promise((r) => ttn?.close(r));
  if (databaseUrl) await dropTestDatabase(inject("adminUrl"), databaseUrl);
});

const PUSH = `mutation DeviceDownPush($deviceId: String!, $message: String!) {
  deviceDownPush(input: { deviceId: $deviceId, message: $message }) { deviceDownlink { id message status attempts } } }`;
const DOWNLINK = `query DeviceDownlink($id: UUID!) { deviceDownlinkById(id: $id) { id status attempts lastError deviceByDeviceId { ledState } } }`;
const STATE = `query State($device: UUID!, $thing: UUID!) { deviceById(id: $device) { ledState } thingById(id: $thing) { ledState } }`;

let seq = 0;
async function setup(model = "THE_THINGS_UNO") {
  const owner = await signUp(server.url);
  const groupId = (
    await gql(
      server.url,
      `mutation { createGroup(input: { name: "Pump Growers", type: GROWER, isPublic: true }) { group { id } } }`,
      {},
      owner.token,
    )
  ).data.createGroup.group.id;
  const thingId = (
    await gql(
      server.url,
      `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Tank Planter", type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: true }) { thing { id } } }`,
      { g: groupId },
      owner.token,
    )
  ).data.createThing.thing.id;
  seq += 1;
  const r = await gql(
    server.url,
    `mutation D($e: String!, $m: DeviceModel!, $t: UUID!) {
    createDevice(input: { model: $m, name: "Tank pump", deviceId: $e, isPublic: true, location: { x: 51.45, y: -0.97 }, thingId: $t }) { device { id deviceId } } }`,
    { e: `eui-70b3d57ed00${Date.now().toString(16).slice(-5)}${seq}`, m: model, t: thingId },
    owner.token,
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return { owner, thingId, device: r.data.createDevice.device as { id: string; deviceId: string } };
}

async function push(token: string, deviceId: string, message: string) {
  return gql(server.url, PUSH, { deviceId, message }, token);
}

const helpers = (job?: { attempts: number; max_attempts: number }) => ({
  withPgClient: <T>(fn: (client: pg.PoolClient) => Promise<T>) =>
    pool.connect().then(async (c) => {
      try {
        return await fn(c);
      } finally {
        c.release();
      }
    }),
  logger: silentLogger,
  job,
});

async function downlinkRow(id: string) {
  return (await pool.query("select status, attempts, last_error from app_public.device_downlinks where id = $1", [id])).rows[0];
}

describe("deviceDownPush queues the downlink", () => {
  it("records it as queued for owners; strangers, bad messages and sensor models are refused and nothing is queued", async () => {
    const { owner, device } = await setup();
    const r = await push(owner.token, device.deviceId, "1");
    expect(r.errors).toBeUndefined();
    expect(r.data.deviceDownPush.deviceDownlink).toMatchObject({ message: "1", status: "QUEUED", attempts: 0 });
    const jobs = await pool.query(
      `select j.payload, j.max_attempts, q.queue_name from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       left join graphile_worker._private_job_queues q on q.id = j.job_queue_id where t.identifier = 'send_downlink' and j.payload->>'downlinkId' = $1`,
      [r.data.deviceDownPush.deviceDownlink.id],
    );
    expect(jobs.rows).toEqual([
      { payload: { downlinkId: r.data.deviceDownPush.deviceDownlink.id }, max_attempts: 6, queue_name: `downlink:${device.id}` },
    ]);

    const before = (await pool.query("select count(*)::int as n from app_public.device_downlinks")).rows[0].n;
    const stranger = await signUp(server.url);
    expect((await push(stranger.token, device.id, "1")).errors?.[0]).toMatchObject({
      message: "Not found, or you are not allowed to change it",
      extensions: { code: "NTFND" },
    });
    expect((await push(owner.token, device.id, "on")).errors?.[0]).toMatchObject({
      message: 'Message must be "1" (on) or "0" (off)',
      extensions: { code: "INVLD" },
    });
    expect((await push(owner.token, "eui-nosuchdevice", "1")).errors?.[0].extensions.code).toBe("NTFND");
    const sensor = await setup("LSE01");
    expect((await push(sensor.owner.token, sensor.device.id, "1")).errors?.[0]).toMatchObject({
      message: "This device has no pump or LED to switch",
      extensions: { code: "INVLD" },
    });
    expect((await pool.query("select count(*)::int as n from app_public.device_downlinks")).rows[0].n).toBe(before);
  });

  it("admins may switch any pump; only those who may switch it see its downlinks", async () => {
    const { owner, device } = await setup();
    const admin = await makeAdmin(server.url, databaseUrl, await signUp(server.url));
    const r = await push(admin.token, device.id, "0");
    expect(r.data.deviceDownPush.deviceDownlink.status).toBe("QUEUED");
    const id = r.data.deviceDownPush.deviceDownlink.id;
    expect((await gql(server.url, DOWNLINK, { id }, owner.token)).data.deviceDownlinkById.id).toBe(id);
    const stranger = await signUp(server.url);
    expect((await gql(server.url, DOWNLINK, { id }, stranger.token)).data.deviceDownlinkById).toBeNull();
    expect((await gql(server.url, DOWNLINK, { id })).data?.deviceDownlinkById ?? null).toBeNull();
  });
});

describe("send_downlink", () => {
  it("sends once: a job run again after success leaves the downlink alone", async () => {
    const { owner, device, thingId } = await setup();
    const id = (await push(owner.token, device.id, "1")).data.deviceDownPush.deviceDownlink.id;
    ttnRequests = [];
    expect(await sendDownlink({ downlinkId: id }, helpers({ attempts: 1, max_attempts: 6 }), settings())).toBe("sent");
    expect(await sendDownlink({ downlinkId: id }, helpers({ attempts: 2, max_attempts: 6 }), settings())).toBe("settled");
    expect(ttnRequests).toHaveLength(1);
    expect(await downlinkRow(id)).toEqual({ status: "SENT", attempts: 1, last_error: null });
    expect((await gql(server.url, STATE, { device: device.id, thing: thingId }, owner.token)).data).toEqual({
      deviceById: { ledState: true },
      thingById: { ledState: true },
    });
  });

  it("without a configured application the downlink is simulated and still switches the state", async () => {
    const { owner, device } = await setup();
    const id = (await push(owner.token, device.id, "1")).data.deviceDownPush.deviceDownlink.id;
    ttnRequests = [];
    expect(await sendDownlink({ downlinkId: id }, helpers({ attempts: 1, max_attempts: 6 }), NOT_CONFIGURED)).toBe("simulated");
    expect(ttnRequests).toEqual([]);
    expect((await downlinkRow(id)).status).toBe("SIMULATED");
  });

  it("a failing last attempt marks the downlink failed, keeps the state and tells the person who asked", async () => {
    const { owner, device, thingId } = await setup();
    const id = (await push(owner.token, device.id, "1")).data.deviceDownPush.deviceDownlink.id;
    ttnStatuses = [503];
    expect(await sendDownlink({ downlinkId: id }, helpers({ attempts: 6, max_attempts: 6 }), settings())).toBe("failed");
    expect(await downlinkRow(id)).toEqual({
      status: "FAILED",
      attempts: 1,
      last_error: "The Things Stack refused the downlink (HTTP 503)",
    });
    expect((await gql(server.url, STATE, { device: device.id, thing: thingId }, owner.token)).data.deviceById.ledState).toBeNull();
    const notes = await gql(
      server.url,
      `query { currentUser { notificationsByUserId { nodes { kind level title body linkPath } } } }`,
      {},
      owner.token,
    );
    expect(notes.data.currentUser.notificationsByUserId.nodes).toContainEqual({
      kind: "downlink_failed",
      level: "NEGATIVE",
      title: "The pump of Tank pump was not switched on",
      body: "The Things Stack did not take the downlink: The Things Stack refused the downlink (HTTP 503)",
      linkPath: `/devices/${device.id}`,
    });
  });

  it("ignores a payload without a downlink id", async () => {
    expect(await sendDownlink({ downlinkId: "nope" }, helpers(), settings())).toBe("bad-payload");
    expect(await sendDownlink(null, helpers(), settings())).toBe("bad-payload");
  });
});

describe("through the worker", () => {
  let worker: WorkerHandle;
  let outbox: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    outbox = await makeTempDir();
    ttnStatuses = [];
    // The jobs queued above are not this block's to run.
    await pool.query("delete from graphile_worker._private_jobs");
    worker = await startWorker({
      databaseUrl,
      concurrency: 2,
      pollInterval: 100,
      scheduleChecks: false,
      logger: silentLogger,
      mailLog: () => {},
      env: {
        MAIL_OUTBOX_DIR: outbox.dir,
        TTN_API_URL: ttnUrl,
        TTN_APPLICATION_ID: "stewards-soil",
        TTN_WEBHOOK_ID: "steward",
        TTN_API_KEY: "NNSXS.TESTKEY",
      },
    });
  }, 30_000);
  afterAll(async () => {
    await worker?.stop();
    await outbox?.remove();
  });

  /** Jobs still queued (or waiting for a retry) for this downlink. */
  async function downlinkJobs(id: string): Promise<number> {
    const { rows } = await pool.query(
      `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier = 'send_downlink' and j.payload->>'downlinkId' = $1`,
      [id],
    );
    return rows[0].n;
  }

  async function settled(id: string, token: string) {
    return waitFor(
      async () => {
        const d = (await gql(server.url, DOWNLINK, { id }, token)).data.deviceDownlinkById;
        return d.status === "QUEUED" ? null : d;
      },
      `downlink ${id} to settle`,
      20_000,
      100,
    );
  }

  it("pushes the downlink on port 1 with normal priority; the device and its thing follow", async () => {
    const { owner, device, thingId } = await setup();
    ttnRequests = [];
    const id = (await push(owner.token, device.id, "1")).data.deviceDownPush.deviceDownlink.id;
    expect(await settled(id, owner.token)).toMatchObject({
      status: "SENT",
      attempts: 1,
      lastError: null,
      deviceByDeviceId: { ledState: true },
    });
    expect(ttnRequests).toEqual([
      {
        path: `/api/v3/as/applications/stewards-soil/webhooks/steward/devices/${device.deviceId}/down/push`,
        auth: "Bearer NNSXS.TESTKEY",
        body: { downlinks: [{ f_port: 1, frm_payload: Buffer.from("1").toString("base64"), priority: "NORMAL" }] },
      },
    ]);
    expect((await gql(server.url, STATE, { device: device.id, thing: thingId }, owner.token)).data.thingById.ledState).toBe(true);
  });

  it("retries when The Things Stack is unavailable, then succeeds", async () => {
    const { owner, device } = await setup();
    ttnRequests = [];
    ttnStatuses = [503];
    const id = (await push(owner.token, device.id, "1")).data.deviceDownPush.deviceDownlink.id;
    // The failed attempt is visible while the job waits for its retry (graphile-worker backs off ~3 s).
    const between = await waitFor(
      async () => {
        const d = (await gql(server.url, DOWNLINK, { id }, owner.token)).data.deviceDownlinkById;
        return d.attempts === 1 ? d : null;
      },
      "the first attempt",
      10_000,
      50,
    );
    expect(between).toMatchObject({
      status: "QUEUED",
      lastError: "The Things Stack refused the downlink (HTTP 503)",
      deviceByDeviceId: { ledState: null },
    });
    expect(await settled(id, owner.token)).toMatchObject({
      status: "SENT",
      attempts: 2,
      lastError: null,
      deviceByDeviceId: { ledState: true },
    });
    expect(ttnRequests).toHaveLength(2);
  });

  it("a refusal fails at once without retrying", async () => {
    const { owner, device } = await setup();
    ttnRequests = [];
    ttnStatuses = [403];
    const id = (await push(owner.token, device.id, "0")).data.deviceDownPush.deviceDownlink.id;
    expect(await settled(id, owner.token)).toMatchObject({
      status: "FAILED",
      attempts: 1,
      lastError: "The Things Stack refused the downlink (HTTP 403)",
      deviceByDeviceId: { ledState: null },
    });
    // No retry is coming: the job is done, not waiting in the queue for another attempt (a retry
    // would only come after graphile-worker's backoff, so waiting a moment here would prove nothing).
    await waitFor(async () => (await downlinkJobs(id)) === 0, `the job of downlink ${id} to leave the queue`, 20_000, 100);
    expect(ttnRequests).toHaveLength(1);
  });

  it("switches reach a device in the order they were asked for", async () => {
    const { owner, device } = await setup();
    ttnRequests = [];
    const ids = [];
    for (const message of ["1", "0", "1", "0"])
      ids.push((await push(owner.token, device.id, message)).data.deviceDownPush.deviceDownlink.id);
    for (const id of ids) expect((await settled(id, owner.token)).status).toBe("SENT");
    expect(ttnRequests.map((r) => Buffer.from(r.body.downlinks[0].frm_payload, "base64").toString())).toEqual(["1", "0", "1", "0"]);
    expect((await gql(server.url, DOWNLINK, { id: ids[3] }, owner.token)).data.deviceDownlinkById.deviceByDeviceId.ledState).toBe(false);
  });
});

// The hourly checks and the daily digest (issue 9), run as the worker runs them: dry alerts that
// know about rain and watering, stale indicators, device health tasks, one digest a day.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner, queuedEmail, countQueuedEmails } from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const sql = <T = any>(text: string, values: unknown[] = []) =>
  withOwner(server.databaseUrl, async (c) => (await c.query(text, values)).rows as T[]);

const GROUP = `mutation { createGroup(input: { name: "Alert Growers", type: GROWER, isPublic: true }) { group { id } } }`;
const THING = `mutation T($g: UUID!, $x: Float!, $y: Float!) { createThing(input: { groupId: $g, name: "Thirsty Planter", type: PLANTER, location: { x: $x, y: $y }, isPublic: true }) { thing { id } } }`;
const COLLABORATE = `mutation C($t: UUID!) { collaborateThingAccess(input: { thingId: $t }) { thingAccess { id } } }`;
const NOTES = `query { allNotifications { nodes { kind title linkPath } } }`;
const ALERTS = `query A($id: UUID!) { thingById(id: $id) { thingAlertsByThingId(orderBy: CREATED_AT_DESC) { nodes { kind outcome reason } } } }`;

let place = 0;
/** A thing far from every other test's, so rainfall and forecasts placed near it stay its own. */
async function dryThing() {
  place += 1;
  const x = 10 + place * 3,
    y = 20 + place * 3;
  const owner = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, {}, owner.token)).data.createGroup.group.id;
  const thingId = (await gql(server.url, THING, { g: groupId, x, y }, owner.token)).data.createThing.thing.id;
  await sql("update app_public.things set water = 12, last_sensor_data = now() - interval '10 minutes' where id = $1", [thingId]);
  return { owner, thingId, x, y };
}
const runAlerts = async () => (await sql("select app_private.check_dry_alerts(5, 12) as n"))[0].n as number;

describe("dry alerts", () => {
  it("alert owners and collaborators once in 24 hours, in the app and by e-mail", async () => {
    const { owner, thingId } = await dryThing();
    const helper = await signUp(server.url);
    await gql(server.url, COLLABORATE, { t: thingId }, helper.token);
    expect(await runAlerts()).toBeGreaterThanOrEqual(1);
    for (const user of [owner, helper]) {
      const notes = (await gql(server.url, NOTES, {}, user.token)).data.allNotifications.nodes;
      expect(notes).toContainEqual({ kind: "dry_alert", title: "Thirsty Planter needs water", linkPath: `/things/${thingId}/action` });
      expect((await queuedEmail(server.databaseUrl, user.email, "notification")).variables.title).toBe("Thirsty Planter needs water");
    }
    const [thing] = await sql("select needs_water_notification_at from app_public.things where id = $1", [thingId]);
    expect(thing.needs_water_notification_at).toBeTruthy();
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, owner.email, "notification")).toBe(1);
    const log = (await gql(server.url, ALERTS, { id: thingId }, owner.token)).data.thingById.thingAlertsByThingId.nodes;
    expect(log[0]).toMatchObject({ kind: "dry", outcome: "sent" });
  });

  it("hold back after a recent watering, saying why", async () => {
    const { owner, thingId } = await dryThing();
    await gql(
      server.url,
      `mutation W($t: UUID!) { createAction(input: { action: { thingId: $t, type: WATERING, comments: "A full can" } }) { action { id } } }`,
      { t: thingId },
      owner.token,
    );
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, owner.email, "notification")).toBe(0);
    const log = (await gql(server.url, ALERTS, { id: thingId }, owner.token)).data.thingById.thingAlertsByThingId.nodes;
    expect(log[0]).toMatchObject({ outcome: "held", reason: expect.stringContaining("it was watered in the last 12 hours") });
  });

  it("hold back when 5 mm of rain fell at the nearest station in the last 12 hours", async () => {
    const { owner, thingId, x, y } = await dryThing();
    await sql(`insert into app_private.rainfall_stations (id, label, location) values ($1, 'Test Gauge', point($2, $3))`, [
      `T${thingId.slice(0, 8)}`,
      x + 0.01,
      y,
    ]);
    await sql(
      `insert into app_private.rainfall_readings (measure_id, station_id, date_time, value)
               select $1 || '-rainfall-t-15_min-mm', $1, now() - (n || ' hours')::interval, 1.5 from generate_series(1, 4) n`,
      [`T${thingId.slice(0, 8)}`],
    );
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, owner.email, "notification")).toBe(0);
    const log = (await gql(server.url, ALERTS, { id: thingId }, owner.token)).data.thingById.thingAlertsByThingId.nodes;
    expect(log[0].reason).toMatch(/6(\.0)? mm of rain fell at Test Gauge \(1\.1 km away\) in the last 12 hours/);
  });

  it("hold back when 5 mm of rain is forecast for the next 12 hours", async () => {
    const { owner, thingId, x, y } = await dryThing();
    await sql(
      `insert into app_private.weather_forecasts (latitude, longitude, hourly)
               values ($1, $2, (select jsonb_agg(jsonb_build_object('time', date_trunc('hour', now()) + (n || ' hours')::interval, 'precipitation', 1.0))
                                from generate_series(0, 11) n))`,
      [x, y],
    );
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, owner.email, "notification")).toBe(0);
    const log = (await gql(server.url, ALERTS, { id: thingId }, owner.token)).data.thingById.thingAlertsByThingId.nodes;
    expect(log[0].reason).toMatch(/12(\.0)? mm of rain is forecast for the next 12 hours/);
  });

  it("a thing that is not dry, or whose reading is old, raises nothing", async () => {
    const { owner, thingId } = await dryThing();
    await sql("update app_public.things set water = 45 where id = $1", [thingId]);
    await runAlerts();
    await sql("update app_public.things set water = 10, last_sensor_data = now() - interval '3 days' where id = $1", [thingId]);
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, owner.email, "notification")).toBe(0);
  });
});

describe("dry alerts at their boundaries", () => {
  it("19.9 % alerts and 20 % does not (dry is below 20)", async () => {
    const low = await dryThing();
    const edge = await dryThing();
    await sql("update app_public.things set water = 19.9 where id = $1", [low.thingId]);
    await sql("update app_public.things set water = 20 where id = $1", [edge.thingId]);
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, low.owner.email, "notification")).toBe(1);
    expect(await countQueuedEmails(server.databaseUrl, edge.owner.email, "notification")).toBe(0);
  });

  it("4.9 mm of rain does not hold an alert back; 5 mm does", async () => {
    const wet = await dryThing();
    const damp = await dryThing();
    for (const [t, mm] of [
      [wet, 5],
      [damp, 4.9],
    ] as const) {
      const id = `B${t.thingId.slice(0, 8)}`;
      await sql(`insert into app_private.rainfall_stations (id, label, location) values ($1, 'Edge Gauge', point($2, $3))`, [
        id,
        t.x,
        t.y + 0.01,
      ]);
      await sql(
        `insert into app_private.rainfall_readings (measure_id, station_id, date_time, value) values ($1 || '-rainfall-t-15_min-mm', $1, now() - interval '2 hours', $2)`,
        [id, mm],
      );
    }
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, wet.owner.email, "notification")).toBe(0);
    expect(await countQueuedEmails(server.databaseUrl, damp.owner.email, "notification")).toBe(1);
  });

  it("a watering 13 hours ago no longer holds it back", async () => {
    const t = await dryThing();
    await withOwner(server.databaseUrl, (c) =>
      c.query(
        "insert into app_public.actions (thing_id, type, comments, created_at) values ($1, 'WATERING', 'Old watering', now() - interval '13 hours')",
        [t.thingId],
      ),
    );
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, t.owner.email, "notification")).toBe(1);
  });

  it("alerts again after 24 hours, not before", async () => {
    const t = await dryThing();
    await runAlerts();
    await sql("update app_public.things set needs_water_notification_at = now() - interval '23 hours' where id = $1", [t.thingId]);
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, t.owner.email, "notification")).toBe(1);
    await sql("update app_public.things set needs_water_notification_at = now() - interval '25 hours' where id = $1", [t.thingId]);
    await runAlerts();
    expect(await countQueuedEmails(server.databaseUrl, t.owner.email, "notification")).toBe(2);
  });
});

describe("stale readings and device health", () => {
  it("indicators turn grey when the newest reading is older than 48 hours", async () => {
    const { thingId } = await dryThing();
    await sql("update app_public.things set last_sensor_data = now() - interval '49 hours' where id = $1", [thingId]);
    // Colours are computed when a row changes; the check re-evaluates every thing.
    await sql("update app_public.things set indicator_colour = 'red' where id = $1", [thingId]).catch(() => {});
    await sql("select app_private.refresh_stale_indicators()");
    const [row] = await sql("select indicator_colour from app_public.things where id = $1", [thingId]);
    expect(row.indicator_colour).toBe("grey");
  });

  it("a silent device opens one high-priority task on its thing, closed when it reports again", async () => {
    const { owner, thingId } = await dryThing();
    const device = (
      await gql(
        server.url,
        `mutation D($t: UUID!) { createDevice(input: { model: LSE01, name: "Quiet probe", deviceId: "eui-quiet${Date.now()}", isPublic: true, location: { x: 1, y: 1 }, thingId: $t }) { device { id } } }`,
        { t: thingId },
        owner.token,
      )
    ).data.createDevice.device;
    await sql(
      "update app_public.devices set created_at = now() - interval '3 days', last_sensor_data = now() - interval '30 hours' where id = $1",
      [device.id],
    );
    expect((await sql("select app_private.check_device_health(24, 3.0) as n"))[0].n).toBeGreaterThanOrEqual(1);
    await sql("select app_private.check_device_health(24, 3.0)");
    const open = await sql("select title, priority, status from app_public.tasks where source = $1", [`device_health:${device.id}`]);
    expect(open).toEqual([{ title: "Check device Quiet probe", priority: "high", status: "notStarted" }]);
    await sql("update app_public.devices set last_sensor_data = now(), battery = 3.4 where id = $1", [device.id]);
    await sql("select app_private.check_device_health(24, 3.0)");
    const closed = await sql("select status from app_public.tasks where source = $1", [`device_health:${device.id}`]);
    expect(closed).toEqual([{ status: "completed" }]);
  });

  it("a low battery opens the task too", async () => {
    const { owner, thingId } = await dryThing();
    const device = (
      await gql(
        server.url,
        `mutation D($t: UUID!) { createDevice(input: { model: LSE01, name: "Weak probe", deviceId: "eui-weak${Date.now()}", isPublic: true, location: { x: 1, y: 1 }, thingId: $t }) { device { id } } }`,
        { t: thingId },
        owner.token,
      )
    ).data.createDevice.device;
    await sql("update app_public.devices set last_sensor_data = now(), battery = 2.8 where id = $1", [device.id]);
    await sql("select app_private.check_device_health(24, 3.0)");
    const [task] = await sql("select description from app_public.tasks where source = $1", [`device_health:${device.id}`]);
    expect(task.description).toMatch(/low battery \(2\.80 V\)/);
  });
});

describe("daily digest", () => {
  it("queues one digest a day for users who asked for it, with their things and tasks", async () => {
    const { owner, thingId } = await dryThing();
    const quiet = await signUp(server.url);
    await sql("update app_public.users set notification_daily = true where username = $1", [owner.username]);
    await sql("select app_private.queue_daily_digests()");
    await sql("select app_private.queue_daily_digests()");
    expect(await countQueuedEmails(server.databaseUrl, owner.email, "daily_digest")).toBe(1);
    expect(await countQueuedEmails(server.databaseUrl, quiet.email, "daily_digest")).toBe(0);
    const mail = await queuedEmail(server.databaseUrl, owner.email, "daily_digest");
    expect(mail.variables.things).toEqual([expect.objectContaining({ id: thingId, name: "Thirsty Planter", colour: "red", band: "dry" })]);
  });

  it("sends nothing to someone with nothing to hear about", async () => {
    const idle = await signUp(server.url);
    await sql("update app_public.users set notification_daily = true where username = $1", [idle.username]);
    await sql("select app_private.queue_daily_digests()");
    expect(await countQueuedEmails(server.databaseUrl, idle.email, "daily_digest")).toBe(0);
  });
});

// Seed generator for the load benches: N users, groups, things, devices, care actions and a year
// of readings, written set-based (generate_series) as the owner so every check constraint and
// trigger of the tables runs as it does for real data (timestamps, slugs, indicator colours,
// the CREATED action's badge, last_action...). Readings go into the partitioned sensor_data with
// the shape server/devices/ingester.ts stores (decoded LSE01/LSPH01 values plus rssi, snr, fPort)
// and the devices' and things' latest values are then set from their newest reading, as
// app_private.ingest_uplink would have left them.
//
// Run: npx tsx bench/seed.ts [--things 10000] [--readings 1000000] [--users N] [--groups N]
//        [--devices N] [--actions N] [--database-url URL] [--drop]
// Without --database-url it makes a throw-away database (test/database.ts) and keeps it for you
// (its URL is printed); --drop drops it afterwards, for timing only. Every flag has an
// environment fallback: BENCH_THINGS, BENCH_READINGS, ...
// Every seeded user signs in as bench<n> (bench1, bench2, ...) with SEED_PASSWORD.
import pg from "pg";
import { fileURLToPath } from "node:url";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";
import { migrate } from "../db/migrate.ts";
import { Args } from "./lib/args.ts";
import { printResult, figure } from "./lib/result.ts";

export const SEED_PASSWORD = "BenchUser1";
export const seedUsername = (n: number) => `bench${n}`;

export interface SeedOptions {
  users: number;
  groups: number;
  things: number;
  devices: number;
  readings: number;
  /** Care actions besides each thing's CREATED action. */
  actions: number;
  /** How far back the readings go. */
  days: number;
  /** Printed progress (default console.log). */
  log?: (line: string) => void;
}

export interface SeedSummary {
  seconds: number;
  steps: { step: string; seconds: number }[];
  counts: Record<string, number>;
  /** Devices that report every 30 minutes all year: each has more than 10,000 readings. */
  busyDevices: number;
}

/** Defaults scale with the number of things: a user per 10 things, a device per 10, ... */
export function defaultOptions(things = 10_000, readings = 1_000_000): SeedOptions {
  return {
    things,
    readings,
    users: Math.max(1, Math.round(things / 10)),
    groups: Math.max(1, Math.round(things / 100)),
    devices: Math.max(1, Math.round(things / 10)),
    actions: things * 3,
    days: 365,
  };
}

// A device reporting every 30 minutes sends 17,520 readings a year: enough for allSensorData's
// 10,000-row page. About a quarter of the readings come from such busy devices; the rest are
// shared by the other devices, spaced evenly over the year (older or thriftier probes).
const BUSY_PER_YEAR = 17_520;

function plan(o: SeedOptions) {
  const busyReadings = Math.min(o.readings, Math.round((BUSY_PER_YEAR * o.days) / 365));
  const busy = o.devices === 1 ? 1 : Math.min(o.devices, Math.max(1, Math.floor((o.readings * 0.25) / busyReadings)));
  const others = o.devices - busy;
  const rest = others > 0 ? o.readings - busy * busyReadings : 0;
  // With a single device it takes every reading.
  return { busy, busyReadings: others > 0 ? busyReadings : Math.floor(o.readings / busy), others, rest: Math.max(0, rest) };
}

const FIRST = ["Ada", "Ben", "Chloe", "Dev", "Elena", "Femi", "Grace", "Hugo", "Isla", "Jon", "Kemi", "Liam", "Maya", "Nia",
  "Owen", "Priya", "Quinn", "Rosa", "Sam", "Tomas", "Uma", "Vik", "Wren", "Yusuf"];
const LAST = ["Adams", "Bennett", "Clarke", "Davies", "Evans", "Fisher", "Green", "Hughes", "Iqbal", "Jones", "Khan", "Lewis",
  "Morgan", "Nolan", "O'Brien", "Patel", "Quayle", "Roberts", "Shah", "Taylor", "Upton", "Vaughan", "Walker", "Young",
  "Ahmed", "Baker", "Cole", "Dunn", "Ellis", "Ford", "Gray", "Hill", "Ingram", "James", "Kerr", "Lane", "Mills", "Nash",
  "Okafor", "Price"];
const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(", ")}]`;

/** Seeds an empty, migrated database. Returns the timings and the row counts. */
export async function seed(databaseUrl: string, options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const o = options;
  if (o.users < 1 || o.groups < 1 || o.things < 1) throw new Error("--users, --groups and --things must be at least 1");
  if (o.devices > o.things) throw new Error("--devices must not exceed --things (a device is fitted to one thing)");
  const p = plan(o);
  // Two connections: the readings, most of the work, are written by both at once (two cores).
  const [db, db2] = [new pg.Client({ connectionString: databaseUrl }), new pg.Client({ connectionString: databaseUrl })];
  await Promise.all([db.connect(), db2.connect()]);
  const steps: SeedSummary["steps"] = [];
  const started = performance.now();
  async function timed(name: string, work: () => Promise<unknown>) {
    const t = performance.now();
    await work();
    const seconds = (performance.now() - t) / 1000;
    steps.push({ step: name, seconds });
    log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s`);
  }
  const step = (name: string, ...sql: string[]) => timed(name, async () => {
    for (const statement of sql) await db.query(statement);
  });
  try {
    const existing = await db.query("select count(*)::int as n from app_public.things");
    if (existing.rows[0].n > 0) throw new Error("The database already has things: seed an empty, migrated database");
    // A throw-away database: losing the last commits in a crash costs nothing, and commits get faster.
    for (const c of [db, db2]) await c.query("set synchronous_commit = off");
    // Numbering of the seeded rows (n -> uuid), shared by both connections, dropped at the end.
    await db.query("drop schema if exists bench_seed cascade; create schema bench_seed");
    const at = new Date();
    // One point in time for every statement, so the year of readings ends at the same "now".
    await db.query(`create unlogged table bench_seed.clock as select '${at.toISOString()}'::timestamptz as now, ${o.days} as days`);
    const U = o.users;
    const G = o.groups;
    const T = o.things;
    const D = o.devices;
    // A user belongs to 3 groups (fewer when there are fewer groups), spread by a stride.
    const stride = Math.max(1, Math.floor(G / 3));
    const groupOf = (u: string, k: string) => `(1 + ((${u}) + (${k}) * ${stride}) % ${G})`;

    log(`Seeding ${U} users, ${G} groups, ${T} things, ${D} devices (${p.busy} busy), ${o.actions} care actions, ${o.readings} readings over ${o.days} days`);
    await step(
      "users, e-mails and passphrases",
      `create unlogged table bench_seed.users as select n, gen_random_uuid() as id from generate_series(1, ${U}) n`,
      `alter table bench_seed.users add primary key (n)`,
      `insert into app_public.users (id, name, username, is_verified, notification_daily, created_at)
       select u.id, (${sqlArray(FIRST)})[1 + u.n % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (u.n / ${FIRST.length}) % ${LAST.length}],
              'bench' || u.n, true, u.n % 5 = 0,
              c.now - (c.days + 40) * interval '1 day' + (u.n % 2000) * interval '17 minutes'
       from bench_seed.users u, bench_seed.clock c`,
      `insert into app_public.user_emails (user_id, email, is_primary, is_verified, created_at)
       select u.id, 'bench' || u.n || '@example.com', true, true, x.created_at
       from bench_seed.users u join app_public.users x on x.id = u.id`,
      // One bcrypt hash for all: hashing each of 1,000 passphrases would take a minute.
      `insert into app_private.user_secrets (user_id, password_hash)
       select u.id, h.hash from bench_seed.users u, (select crypt('${SEED_PASSWORD}', gen_salt('bf', 10)) as hash) h`,
    );

    await step(
      "groups and memberships",
      `create unlogged table bench_seed.groups as select n, gen_random_uuid() as id from generate_series(1, ${G}) n`,
      `alter table bench_seed.groups add primary key (n)`,
      `insert into app_public.groups (id, name, type, description, slug, is_public, created_at)
       select g.id, 'Bench ' || initcap(t.type::text) || ' ' || g.n, t.type,
              'A seeded group for the load benches.', 'bench-group-' || g.n, g.n % 10 <> 0,
              c.now - (c.days + 39) * interval '1 day'
       from bench_seed.groups g, bench_seed.clock c,
            lateral (select (enum_range(null::app_public.group_type))[1 + g.n % 5] as type) t`,
      // Every group has an owner (user n for group n, wrapping), then each user joins their 3 groups.
      `insert into app_public.group_memberships (group_id, user_id, is_owner, created_at)
       select g.id, u.id, true, c.now - (c.days + 39) * interval '1 day'
       from bench_seed.groups g join bench_seed.users u on u.n = 1 + (g.n - 1) % ${U}, bench_seed.clock c`,
      `insert into app_public.group_memberships (group_id, user_id, created_at)
       select g.id, u.id, c.now - (c.days + 38) * interval '1 day'
       from bench_seed.users u cross join generate_series(0, 2) k
       join bench_seed.groups g on g.n = ${groupOf("u.n", "k")}, bench_seed.clock c
       on conflict on constraint group_memberships_group_user_key do nothing`,
    );

    // Thing t belongs to user 1 + (t-1) % U, in one of that user's groups (as create_thing demands),
    // and has a second user as collaborator. Places are spread over Great Britain.
    await step(
      "things, owners and collaborators",
      `create unlogged table bench_seed.things as
       select n, gen_random_uuid() as id, 1 + (n - 1) % ${U} as owner_n,
              1 + ((n - 1) * 13 + 7) % ${U} as collaborator_n,
              ${groupOf(`1 + (n - 1) % ${U}`, `((n - 1) / ${U}) % 3`)} as group_n
       from generate_series(1, ${T}) n`,
      `alter table bench_seed.things add primary key (n)`,
      `insert into app_public.things (id, group_id, name, description, type, location, is_public, created_by, created_at)
       select t.id, g.id, initcap(replace(ty.type::text, 'BEECAFE', 'bee cafe')) || ' ' || t.n,
              case when t.n % 3 = 0 then 'Seeded for the load benches; looked after by its group.' end,
              ty.type,
              point(50.0 + ((t.n::bigint * 7919) % 50000) / 10000.0, -5.0 + ((t.n::bigint * 104729) % 70000) / 10000.0),
              t.n % 5 <> 0, u.id,
              c.now - (c.days + 30) * interval '1 day' + (t.n % 720) * interval '1 hour'
       from bench_seed.things t
       join bench_seed.groups g on g.n = t.group_n
       join bench_seed.users u on u.n = t.owner_n,
       bench_seed.clock c,
       lateral (select (enum_range(null::app_public.thing_type))[1 + t.n % 19] as type) ty`,
      `insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator, created_at)
       select t.id, u.id, true, true, x.created_at
       from bench_seed.things t join bench_seed.users u on u.n = t.owner_n join app_public.things x on x.id = t.id`,
      `insert into app_public.thing_accesses (thing_id, user_id, is_collaborator, created_at)
       select t.id, u.id, true, x.created_at + interval '3 days'
       from bench_seed.things t join bench_seed.users u on u.n = t.collaborator_n join app_public.things x on x.id = t.id
       where t.collaborator_n <> t.owner_n`,
    );

    // Care actions through the year, then the CREATED action create_thing records; the actions'
    // triggers move each thing's last_action. Newest first, so only a thing's newest action
    // rewrites the thing (the trigger leaves it alone for older ones): the same end state as in
    // time order with a quarter of the row updates. The badge trigger counts the user's
    // actions again for every row (two thirds of the time here), so it is paused inside this
    // transaction and the same function, app_hidden.award_badges, runs once per user and type
    // with the final count: the badges are exactly those the trigger would have awarded.
    await step(
      "actions (triggers: last_action; then badges)",
      "begin",
      "alter table app_public.actions disable trigger _600_award_badges",
      `insert into app_public.actions (thing_id, type, comments, location, created_by, created_at)
       select t.id, a.type, a.comments, x.location, case when i % 2 = 1 and t.collaborator_n <> t.owner_n then co.id else ow.id end,
              c.now - c.days * interval '1 day' * (1 - (i - 0.5) / ${o.actions})
       from generate_series(1, ${o.actions}) i
       join bench_seed.things t on t.n = 1 + ((i - 1)::bigint * 7919) % ${T}
       join app_public.things x on x.id = t.id
       join bench_seed.users ow on ow.n = t.owner_n
       join bench_seed.users co on co.n = t.collaborator_n,
       bench_seed.clock c,
       lateral (select (array['WATERING', 'WATERING', 'WATERING', 'UPKEEP', 'LITTER_CLEANUP', 'MEASUREMENT', 'EDUCATION', 'SHARE'])[1 + i % 8]::app_public.action_type as type,
                       (array['Watered it well', 'A good soak before the heat', 'Topped up the reservoir', 'Weeded and tidied',
                              'Picked up litter around it', 'Checked the soil by hand', 'Showed a school group round',
                              'Told the neighbours about it'])[1 + i % 8] as comments) a
       order by 6 desc`,
      `insert into app_public.actions (thing_id, type, comments, created_by, created_at)
       select x.id, 'CREATED', 'Added ' || x.name, x.created_by, x.created_at
       from app_public.things x order by x.created_at`,
      "alter table app_public.actions enable trigger _600_award_badges",
      `select app_hidden.award_badges(created_by, app_hidden.badge_type_for_action(type), count(*))
       from app_public.actions where created_by is not null group by created_by, type`,
      "commit",
    );

    // Devices: one per thing on evenly spaced things. The busy ones are soil probes; of the
    // others most are LSE01 soil probes, some LSPH01 pH probes and a few pump controllers.
    await step(
      "devices and their owners",
      `create unlogged table bench_seed.devices as
       select n, gen_random_uuid() as id, 1 + ((n - 1)::bigint * ${T} / ${D})::int as thing_n,
              case when n <= ${p.busy} or n % 20 < 16 then 'LSE01' when n % 20 < 19 then 'LSPH01' else 'THE_THINGS_UNO' end as model,
              case when n <= ${p.busy} then ${p.busyReadings}
                   else ${p.others > 0 ? Math.floor(p.rest / Math.max(1, p.others)) : 0} + case when n - ${p.busy} <= ${p.others > 0 ? p.rest % p.others : 0} then 1 else 0 end
              end as n_readings,
              -- One in twenty of the quieter devices went silent days ago (grey indicator).
              case when n > ${p.busy} and n % 20 = 7 then (3 + n % 27) * interval '1 day' else (n % 97) * interval '1 minute' end as silent_for
       from generate_series(1, ${D}) n`,
      `alter table bench_seed.devices add primary key (n)`,
      `insert into app_public.devices (id, device_id, name, model, indicator_parameter, location, is_public, thing_id, created_at)
       select d.id, 'eui-a840410' || lpad(to_hex(d.n), 9, '0'),
              case d.model when 'LSE01' then 'Soil probe ' when 'LSPH01' then 'pH probe ' else 'Pump ' end || d.n,
              d.model::app_public.device_model,
              case d.model when 'LSPH01' then 'PH' else 'WATER' end::app_public.device_indicator_parameter,
              x.location, x.is_public, x.id, x.created_at + interval '1 day'
       from bench_seed.devices d join bench_seed.things t on t.n = d.thing_n join app_public.things x on x.id = t.id`,
      `insert into app_public.device_accesses (device_id, user_id, is_owner, created_at)
       select d.id, u.id, true, x.created_at
       from bench_seed.devices d join bench_seed.things t on t.n = d.thing_n join bench_seed.users u on u.n = t.owner_n
       join app_public.devices x on x.id = d.id`,
      `update app_public.things x set indicator_parameter = 'P_H'
       from bench_seed.devices d join bench_seed.things t on t.n = d.thing_n
       where x.id = t.id and d.model = 'LSPH01'`,
    );

    // Monthly partitions for the year, as ingestion would have created them one by one.
    await step(
      "sensor_data partitions",
      `select app_private.ensure_sensor_data_partition(c.now - m * interval '1 month')
       from bench_seed.clock c, generate_series(-1, ceil(c.days / 28.0)::int + 1) m`,
    );

    // Each device's readings end shortly before now (or when it went silent) and are evenly
    // spaced over the year. Values follow the seasons and the day (temperature), drying and
    // watering cycles (water, conductivity) and a slowly draining battery, rounded as the
    // decoders round them; rssi and snr as the best gateway heard them.
    const readings = (part: number) =>
      `insert into app_public.sensor_data (device_id, thing_id, created_at, f_cnt, data)
       select d.id, x.thing_id, r.at, k,
              case d.model
                when 'LSE01' then jsonb_build_object(
                  'battery', round((3.62 - 0.22 * k / d.n_readings)::numeric, 3),
                  'probeTemperature', round((v.temperature - 0.6)::numeric, 1),
                  'water', round(v.water::numeric, 2),
                  'temperature', round(v.temperature::numeric, 2),
                  'conductivity', round(120 + v.water * 6 + d.n % 50)::int,
                  'probeDetected', true)
                when 'LSPH01' then jsonb_build_object(
                  'battery', round((3.62 - 0.22 * k / d.n_readings)::numeric, 3),
                  'probeTemperature', round((v.temperature - 0.6)::numeric, 1),
                  'ph', round((6.4 + 0.9 * sin(v.season / 2 + d.n))::numeric, 2),
                  'temperature', round(v.temperature::numeric, 1))
                else '{}'::jsonb
              end || jsonb_build_object('rssi', -75 - (d.n * 7 + k) % 40, 'snr', round((9.5 - ((d.n + k * 3) % 120) / 10.0)::numeric, 1), 'fPort', 2)
       from bench_seed.devices d
       join app_public.devices x on x.id = d.id,
       bench_seed.clock c,
       generate_series(1, d.n_readings) k,
       lateral (select c.now - d.silent_for - ((d.n_readings - k) * c.days * interval '1 day') / d.n_readings as at) r,
       lateral (select extract(epoch from r.at) / 86400.0 as day,
                       2 * pi() * (extract(doy from r.at) - 200) / 365.0 as season) tm,
       lateral (select 11 + 7 * cos(tm.season) + 4 * sin(2 * pi() * tm.day - 2) + (d.n % 5) * 0.3 as temperature,
                       -- A drying curve from a wet to a dry level, watered every 3 to 7 days.
                       (45 + d.n % 30) - ((45 + d.n % 30) - (8 + d.n % 15))
                         * (((tm.day + d.n * 0.37)::numeric % (3 + d.n % 5)) / (3 + d.n % 5))::float8 as water,
                       tm.season) v
       where d.n % 2 = ${part}`;
    await timed("readings (2 connections)", () => Promise.all([db.query(readings(0)), db2.query(readings(1))]));

    // Latest values, as ingest_uplink leaves them: the device's newest reading, then its thing's.
    await step(
      "latest values on devices and things",
      `update app_public.devices x set
         water = (l.data->>'water')::float8, temperature = (l.data->>'temperature')::float8,
         conductivity = (l.data->>'conductivity')::float8, ph = (l.data->>'ph')::float8,
         battery = (l.data->>'battery')::float8, rssi = (l.data->>'rssi')::float8, snr = (l.data->>'snr')::float8,
         last_sensor_data = l.created_at
       from app_public.devices d2
       cross join lateral (select s.created_at, s.data from app_public.sensor_data s
                           where s.device_id = d2.id order by s.created_at desc limit 1) l
       where x.id = d2.id`,
      `update app_public.things t set
         water = d.water, temperature = d.temperature, conductivity = d.conductivity, ph = d.ph,
         last_sensor_data = d.last_sensor_data
       from app_public.devices d
       where d.thing_id = t.id and d.last_sensor_data is not null`,
    );

    await step(
      "vacuum analyze",
      "vacuum analyze app_public.users, app_public.user_emails, app_public.groups, app_public.group_memberships",
      "vacuum analyze app_public.things, app_public.thing_accesses, app_public.actions, app_public.badges",
      "vacuum analyze app_public.devices, app_public.device_accesses, app_public.sensor_data",
    );

    const counts = (await db.query(`select
        (select count(*) from app_public.users)::int as users,
        (select count(*) from app_public.groups)::int as groups,
        (select count(*) from app_public.group_memberships)::int as group_memberships,
        (select count(*) from app_public.things)::int as things,
        (select count(*) from app_public.thing_accesses)::int as thing_accesses,
        (select count(*) from app_public.devices)::int as devices,
        (select count(*) from app_public.actions)::int as actions,
        (select count(*) from app_public.badges)::int as badges,
        (select count(*) from app_public.sensor_data)::int as readings`)).rows[0];
    const seconds = (performance.now() - started) / 1000;
    log(`Seeded in ${seconds.toFixed(1)} s: ${Object.entries(counts).map(([k, v]) => `${v} ${k.replace(/_/g, " ")}`).join(", ")}`);
    return { seconds, steps, counts, busyDevices: p.busy };
  } finally {
    await db.query("drop schema if exists bench_seed cascade").catch(() => {});
    await Promise.all([db.end(), db2.end()]);
  }
}

async function main() {
  const args = new Args();
  const base = defaultOptions(args.number("things", 10_000, 1), args.number("readings", 1_000_000, 0));
  const options: SeedOptions = {
    ...base,
    users: args.number("users", base.users, 1),
    groups: args.number("groups", base.groups, 1),
    devices: args.number("devices", base.devices, 1),
    actions: args.number("actions", base.actions, 0),
    days: args.number("days", base.days, 1),
  };
  const given = args.string("database-url");
  const server = given ? null : await findTestServer();
  const url = given ?? (await createTestDatabase(server!.adminUrl, "bk_bench_seed"));
  if (given) await migrate(given);
  let dropped = false;
  try {
    const summary = await seed(url, options);
    const drop = !given && args.flag("drop");
    if (drop) {
      await dropTestDatabase(server!.adminUrl, url);
      dropped = true;
    } else {
      console.log(`Database: ${url}`);
      if (!given) console.log(`(kept; drop it with: psql "${new URL("/postgres", url)}" -c "drop database ${new URL(url).pathname.slice(1)}")`);
    }
    printResult({
      bench: "seed",
      figures: [
        figure("seeding time", summary.seconds, "s"),
        figure("readings written per second", summary.counts.readings / (summary.steps.find((s) => s.step.startsWith("readings"))?.seconds || 1), "rows/s"),
        ...Object.entries(summary.counts).map(([k, v]) => figure(`${k.replace(/_/g, " ")} seeded`, v, "rows")),
      ],
      notes: summary.steps.map((s) => `${s.step}: ${s.seconds.toFixed(1)} s`),
      data: { databaseUrl: dropped ? null : url, busyDevices: summary.busyDevices },
    });
  } catch (e) {
    if (!given) await dropTestDatabase(server!.adminUrl, url).catch(() => {});
    throw e;
  } finally {
    await server?.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}

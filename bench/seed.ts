// Seed generator for the load benches: users, groups, things, devices, care actions and a year of
// readings, generated here and written with COPY (pg-copy-streams), so a city's million things
// and ten million readings load in minutes (issue 27).
//
// Shape: each user owns 10 things in their groups (community things, a tenth of them private)
// and collaborates on 10 more; things beyond users x 10 are a city's street-tree register (public
// trees owned by a register account per 50,000 trees, a group each), 2 % of them adopted by a
// volunteer. So a user's home page holds as much at 1,000,000 things as at 100,000, and what grows
// is the tables. Places are spread over Berlin (70 %) and Manchester (30 %), around districts,
// so a street-level map view sees a city's density (up to about 1,000 things a km²).
//
// COPY runs with session_replication_role = replica, which skips the tables' triggers (and
// foreign-key checks: the generated rows are consistent by construction); check constraints
// still run. What the triggers would have left is written here or set-based afterwards:
// timestamps, slugs, indicator colours and last_action in the rows themselves; the map's cell
// counts (app_private.thing_map_cells_add), the readings' rollups
// (app_private.rebuild_sensor_rollups), badges (app_hidden.award_badges with the final counts)
// and the latest values (an UPDATE with the triggers on) after the load. Left out: the change
// history of the seeded rows, notifications of the seeded actions, and the water need, which
// stays 'unknown' until app_private.refresh_water_need() runs (bench/water-need.ts times it).
//
// Run: npx tsx bench/seed.ts [--things 10000] [--readings 1000000] [--users N] [--groups N]
//        [--devices N] [--actions N] [--database-url URL] [--drop]
// Without --database-url it makes a throw-away database (test/database.ts) and keeps it for you
// (its URL is printed); --drop drops it afterwards, for timing only. Every flag has an
// environment fallback: BENCH_THINGS, BENCH_READINGS, ...
// Every seeded user signs in as bench<n> (bench1, bench2, ...) with SEED_PASSWORD.
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";
import { migrate } from "../db/migrate.ts";
import { Args } from "./lib/args.ts";
import { copyRows } from "./lib/copy.ts";
import { printResult, figure } from "./lib/result.ts";
import { THING_TYPES } from "../shared/thing-types.ts";

export const SEED_PASSWORD = "BenchUser1";
export const seedUsername = (n: number) => `bench${n}`;

export interface SeedOptions {
  users: number;
  /** Groups of the community things (the register's groups come on top). */
  groups: number;
  things: number;
  devices: number;
  readings: number;
  /** Care actions besides each thing's CREATED action; default 3 per cared-for thing. */
  actions?: number;
  /** How far back the readings go. */
  days: number;
  /** Printed progress (default console.log). */
  log?: (line: string) => void;
}

export interface SeedSummary {
  seconds: number;
  steps: { step: string; seconds: number; rows?: number }[];
  counts: Record<string, number>;
  /** Devices that report every 30 minutes all year: each has more than 10,000 readings. */
  busyDevices: number;
}

const OWN_PER_USER = 10;
const REGISTER_GROUP_SIZE = 50_000;
const ADOPTED_EVERY = 50;

/** Defaults scale with the number of things: a user per 10 things, a device per 10, ... */
export function defaultOptions(things = 10_000, readings = 1_000_000): SeedOptions {
  const users = Math.max(1, Math.round(things / 10));
  return {
    things,
    readings,
    users,
    groups: Math.max(1, Math.round(Math.min(things, users * OWN_PER_USER) / 100)),
    devices: Math.max(1, Math.round(things / 10)),
    days: 365,
  };
}

/** Issue 27's city: 10,000 users and 10,000 devices whatever the number of things. */
export function cityOptions(things: number, readings: number): SeedOptions {
  const users = 10_000;
  return { things, readings, users, groups: Math.round(Math.min(things, users * OWN_PER_USER) / 100), devices: 10_000, days: 365 };
}

// A device reporting every 30 minutes sends 17,520 readings a year: enough for allSensorData's
// 10,000-row page. About a quarter of the readings come from such busy devices; the rest are
// shared by the other devices, spaced evenly over the year (older or thriftier probes).
const BUSY_PER_YEAR = 17_520;

function readingsPlan(o: SeedOptions) {
  const busyReadings = Math.min(o.readings, Math.round((BUSY_PER_YEAR * o.days) / 365));
  const busy = o.devices === 1 ? 1 : Math.min(o.devices, Math.max(1, Math.floor((o.readings * 0.25) / Math.max(1, busyReadings))));
  const others = o.devices - busy;
  const rest = others > 0 ? Math.max(0, o.readings - busy * busyReadings) : 0;
  return { busy, busyReadings: others > 0 ? busyReadings : Math.floor(o.readings / busy), others, rest };
}

const GROUP_TYPES = ["BEEPASS", "COUNCIL", "ESTATE", "ORCHARD", "GROWER"];
const CARE = [
  ["WATERING", "Watered it well"],
  ["WATERING", "A good soak before the heat"],
  ["WATERING", "Topped up the reservoir"],
  ["UPKEEP", "Weeded and tidied"],
  ["LITTER_CLEANUP", "Picked up litter around it"],
  ["MEASUREMENT", "Checked the soil by hand"],
  ["EDUCATION", "Showed a school group round"],
  ["SHARE", "Told the neighbours about it"],
];
const FIRST = [
  "Ada",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Femi",
  "Grace",
  "Hugo",
  "Isla",
  "Jon",
  "Kemi",
  "Liam",
  "Maya",
  "Nia",
  "Owen",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tomas",
  "Uma",
  "Vik",
  "Wren",
  "Yusuf",
];
const LAST = [
  "Adams",
  "Bennett",
  "Clarke",
  "Davies",
  "Evans",
  "Fisher",
  "Green",
  "Hughes",
  "Iqbal",
  "Jones",
  "Khan",
  "Lewis",
  "Morgan",
  "Nolan",
  "O'Brien",
  "Patel",
  "Quayle",
  "Roberts",
  "Shah",
  "Taylor",
  "Upton",
  "Vaughan",
  "Walker",
  "Young",
  "Ahmed",
  "Baker",
  "Cole",
  "Dunn",
  "Ellis",
  "Ford",
  "Gray",
  "Hill",
  "Ingram",
  "James",
  "Kerr",
  "Lane",
  "Mills",
  "Nash",
  "Okafor",
  "Price",
];
const typeName = (t: string) => (t === "BEECAFE" ? "Bee Cafe" : t[0] + t.slice(1).toLowerCase());

/** Two cities, each a set of districts around which things gather (sums of uniforms: bell-shaped). */
export const CITIES = [
  { name: "Berlin", share: 0.7, latitude: 52.515, longitude: 13.4, spreadLat: 0.1, spreadLon: 0.17, districts: 24 },
  { name: "Manchester", share: 0.3, latitude: 53.475, longitude: -2.245, spreadLat: 0.07, spreadLon: 0.12, districts: 12 },
];

/** A small seeded generator (the same places every run). */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function places(count: number) {
  const random = generator(20261127);
  const bell = () => random() + random() + random() - 1.5; // -1.5..1.5, sd 0.5
  const districts = CITIES.flatMap((c) =>
    Array.from({ length: c.districts }, () => ({
      city: c,
      latitude: c.latitude + bell() * c.spreadLat,
      longitude: c.longitude + bell() * c.spreadLon,
      // District sizes differ: an inner district is denser than an outer one.
      spread: 0.012 + random() * 0.025,
    })),
  );
  const latitudes = new Float64Array(count);
  const longitudes = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const city = random() < CITIES[0].share ? 0 : 1;
    const mine = districts.filter((d) => d.city === CITIES[city]);
    const d = mine[Math.floor(random() * mine.length)];
    latitudes[i] = Math.round((d.latitude + bell() * d.spread) * 1e6) / 1e6;
    longitudes[i] = Math.round((d.longitude + bell() * d.spread * 1.65) * 1e6) / 1e6;
  }
  return { latitudes, longitudes };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const DAY = 86_400_000;

/** Seeds an empty, migrated database. Returns the timings and the row counts. */
export async function seed(databaseUrl: string, options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const o = options;
  const U = o.users;
  const T = o.things;
  const D = o.devices;
  if (U < 1 || o.groups < 1 || T < 1) throw new Error("--users, --groups and --things must be at least 1");
  if (D > T) throw new Error("--devices must not exceed --things (a device is fitted to one thing)");
  const community = Math.min(T, U * OWN_PER_USER);
  const register = T - community;
  const registerGroups = Math.ceil(register / REGISTER_GROUP_SIZE);
  const G = o.groups;
  const adopted = Math.floor(register / ADOPTED_EVERY);
  const cared = community + adopted;
  const A = o.actions ?? cared * 3;
  const rp = readingsPlan(o);
  const now = Date.now();
  const days = o.days;

  const [db, db2] = [new pg.Client({ connectionString: databaseUrl }), new pg.Client({ connectionString: databaseUrl })];
  await Promise.all([db.connect(), db2.connect()]);
  const steps: SeedSummary["steps"] = [];
  const started = performance.now();
  async function timed(name: string, work: () => Promise<number | undefined>) {
    const t = performance.now();
    const rows = await work();
    const seconds = (performance.now() - t) / 1000;
    steps.push({ step: name, seconds, ...(typeof rows === "number" ? { rows } : {}) });
    const rate =
      typeof rows === "number" && seconds > 0
        ? `${rows.toLocaleString("en-GB").padStart(12)} rows, ${Math.round(rows / seconds).toLocaleString("en-GB")} rows/s`
        : "";
    log(`  ${name.padEnd(40)} ${seconds.toFixed(1).padStart(7)} s ${rate}`);
  }
  const iso = (ms: number) => new Date(ms).toISOString();
  try {
    const existing = await db.query("select count(*)::int as n from app_public.things");
    if (existing.rows[0].n > 0) throw new Error("The database already has things: seed an empty, migrated database");
    for (const c of [db, db2])
      await c.query("set synchronous_commit = off; set session_replication_role = replica; set work_mem = '256MB'");
    // The big tables' plain indexes (not those of a key or a unique rule) go while their rows
    // come in and are built again afterwards, two at a time: building an index once is several
    // times faster than growing it row by row (a GiST index most of all).
    const bulkTables = ["app_public.things", "app_public.thing_accesses", "app_public.actions", "app_public.sensor_data"];
    const { rows: dropped } = await db.query(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       where i.indrelid = any ($1::regclass[])
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      [bulkTables],
    );
    await timed(`drop ${dropped.length} indexes of the big tables`, async () => {
      for (const d of dropped) await db.query(`drop index ${d.name}`);
    });
    log(
      `Seeding ${U} users, ${G} + ${registerGroups} groups, ${T} things (${community} community, ${register} register, ${adopted} adopted), ` +
        `${D} devices (${rp.busy} busy), ${A} care actions, ${o.readings} readings over ${days} days, by COPY`,
    );

    // Users: bench1..benchU, then one account per register group.
    const userIds = Array.from({ length: U + registerGroups + 1 }, () => randomUUID());
    const userCreated = (n: number) => now - (days + 40) * DAY + (n % 2000) * 17 * 60_000;
    await timed("users", () =>
      copyRows(
        db,
        "app_public.users",
        ["id", "name", "username", "is_verified", "notification_daily", "created_at", "updated_at"],
        (function* () {
          for (let n = 1; n <= U + registerGroups; n++) {
            const at = iso(userCreated(n));
            yield n <= U
              ? [
                  userIds[n],
                  `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`,
                  seedUsername(n),
                  true,
                  n % 5 === 0,
                  at,
                  at,
                ]
              : [userIds[n], `Tree Register ${LAST[(n - U) % LAST.length]}`, `register${n - U}`, true, false, at, at];
          }
        })(),
      ),
    );
    await timed("user_emails", () =>
      copyRows(
        db,
        "app_public.user_emails",
        ["user_id", "email", "is_primary", "is_verified", "created_at", "updated_at"],
        (function* () {
          for (let n = 1; n <= U + registerGroups; n++) {
            const at = iso(userCreated(n));
            yield [userIds[n], n <= U ? `bench${n}@example.com` : `register${n - U}@example.com`, true, true, at, at];
          }
        })(),
      ),
    );
    // One bcrypt hash for all: hashing 10,000 passphrases would take minutes.
    await timed(
      "user_secrets (one hash, by SQL)",
      async () =>
        (
          await db.query(
            `insert into app_private.user_secrets (user_id, password_hash)
       select u.id, h.hash from app_public.users u, (select crypt($1, gen_salt('bf', 10)) as hash) h`,
            [SEED_PASSWORD],
          )
        ).rowCount ?? 0,
    );

    // Groups: community groups 1..G, register groups G+1..G+registerGroups.
    const groupIds = Array.from({ length: G + registerGroups + 1 }, () => randomUUID());
    const groupsAt = iso(now - (days + 39) * DAY);
    await timed("groups", () =>
      copyRows(
        db,
        "app_public.groups",
        ["id", "name", "type", "description", "slug", "is_public", "created_at", "updated_at"],
        (function* () {
          for (let n = 1; n <= G; n++) {
            const type = GROUP_TYPES[n % 5];
            yield [
              groupIds[n],
              `Bench ${typeName(type)} ${n}`,
              type,
              "A seeded group for the load benches.",
              `bench-group-${n}`,
              n % 10 !== 0,
              groupsAt,
              groupsAt,
            ];
          }
          for (let k = 1; k <= registerGroups; k++) {
            yield [
              groupIds[G + k],
              `Street Tree Register ${k}`,
              "COUNCIL",
              "The city's street trees, imported from its register.",
              `tree-register-${k}`,
              true,
              groupsAt,
              groupsAt,
            ];
          }
        })(),
      ),
    );
    // Each user is in 3 groups (fewer when there are fewer), spread by a stride; group n is owned by user n (wrapping).
    const stride = Math.max(1, Math.floor(G / 3));
    const groupOf = (u: number, k: number) => 1 + ((u + k * stride) % G);
    await timed("group_memberships", () =>
      copyRows(
        db,
        "app_public.group_memberships",
        ["group_id", "user_id", "is_owner", "created_at"],
        (function* () {
          const seen = new Set<number>();
          const key = (g: number, u: number) => g * (U + registerGroups + 1) + u;
          for (let g = 1; g <= G; g++) {
            const u = 1 + ((g - 1) % U);
            seen.add(key(g, u));
            yield [groupIds[g], userIds[u], true, groupsAt];
          }
          for (let k = 1; k <= registerGroups; k++) yield [groupIds[G + k], userIds[U + k], true, groupsAt];
          const joined = iso(now - (days + 38) * DAY);
          for (let u = 1; u <= U; u++) {
            for (let k = 0; k < 3; k++) {
              const g = groupOf(u, k);
              if (seen.has(key(g, u))) continue;
              seen.add(key(g, u));
              yield [groupIds[g], userIds[u], false, joined];
            }
          }
        })(),
      ),
    );

    // Things 1..community are the users' (owner, collaborator, group); the rest the register's.
    const thingIds = Array.from({ length: T + 1 }, () => randomUUID());
    const owner = (t: number) => (t <= community ? 1 + ((t - 1) % U) : U + 1 + Math.floor((t - community - 1) / REGISTER_GROUP_SIZE));
    const collaborator = (t: number) => {
      if (t <= community) {
        const c = 1 + (((t - 1) * 13 + 7) % U);
        return c === owner(t) ? 0 : c;
      }
      const j = t - community;
      return j % ADOPTED_EVERY === 0 ? 1 + (((j / ADOPTED_EVERY) * 31) % U) : 0;
    };
    const groupOfThing = (t: number) =>
      t <= community ? groupOf(owner(t), Math.floor((t - 1) / U) % 3) : G + 1 + Math.floor((t - community - 1) / REGISTER_GROUP_SIZE);
    const typeOf = (t: number) => (t <= community ? THING_TYPES[t % 19] : "TREE");
    const thingCreated = (t: number) => now - (days + 30) * DAY + (t % 720) * 3600_000;
    const caredThing = (c: number) => (c < community ? c + 1 : community + ADOPTED_EVERY * (c - community + 1));
    const careAt = (i: number) => now - days * DAY * (1 - (i - 0.5) / A);
    const careThing = (i: number) => caredThing(Number((BigInt(i - 1) * 7919n) % BigInt(cared)));
    // Devices sit on evenly spaced community things (on register trees only when there are more devices than those).
    const deviceThings = D <= community ? community : T;
    const deviceThing = (n: number) => 1 + Math.floor(((n - 1) * deviceThings) / D);
    const deviceModel = (n: number) => (n <= rp.busy || n % 20 < 16 ? "LSE01" : n % 20 < 19 ? "LSPH01" : "THE_THINGS_UNO");
    const phThings = new Set<number>();
    for (let n = 1; n <= D; n++) if (deviceModel(n) === "LSPH01") phThings.add(deviceThing(n));
    // last_action as the actions' trigger leaves it: the newest care action, else the CREATED one.
    const lastCare = new Float64Array(T + 1);
    for (let i = 1; i <= A; i++) lastCare[careThing(i)] = Math.max(lastCare[careThing(i)], careAt(i));
    const { latitudes, longitudes } = places(T + 1);

    await timed("things", () =>
      copyRows(
        db,
        "app_public.things",
        [
          "id",
          "group_id",
          "name",
          "description",
          "type",
          "location",
          "is_public",
          "created_by",
          "created_at",
          "updated_at",
          "last_action",
          "indicator_parameter",
          "indicator_colour",
          "indicator_colour_changed_at",
          "planting_year",
        ],
        (function* () {
          for (let t = 1; t <= T; t++) {
            const type = typeOf(t);
            const at = iso(thingCreated(t));
            const reg = t > community;
            yield [
              thingIds[t],
              groupIds[groupOfThing(t)],
              reg ? `Street tree ${t - community}` : `${typeName(type)} ${t}`,
              !reg && t % 3 === 0 ? "Seeded for the load benches; looked after by its group." : null,
              type,
              `(${latitudes[t]},${longitudes[t]})`,
              reg || t % 5 !== 0,
              userIds[owner(t)],
              at,
              at,
              iso(Math.max(thingCreated(t), lastCare[t])),
              phThings.has(t) ? "P_H" : "WATER",
              // No reading yet: grey, as the indicator trigger says; the latest values come later.
              "grey",
              at,
              reg ? 1950 + ((t - community) % 74) : null,
            ];
          }
        })(),
      ),
    );
    await timed("thing_accesses", () =>
      copyRows(
        db,
        "app_public.thing_accesses",
        ["thing_id", "user_id", "is_owner", "is_collaborator", "created_at"],
        (function* () {
          for (let t = 1; t <= T; t++) {
            yield [thingIds[t], userIds[owner(t)], true, true, iso(thingCreated(t))];
            const c = collaborator(t);
            if (c) yield [thingIds[t], userIds[c], false, true, iso(thingCreated(t) + 3 * DAY)];
          }
        })(),
      ),
    );
    await timed("actions", () =>
      copyRows(
        db,
        "app_public.actions",
        ["thing_id", "type", "comments", "location", "created_by", "created_at", "updated_at"],
        (function* () {
          for (let i = 1; i <= A; i++) {
            const t = careThing(i);
            const c = collaborator(t);
            const by = t > community ? c : i % 2 === 1 && c ? c : owner(t);
            const [type, comments] = CARE[i % 8];
            const at = iso(careAt(i));
            yield [thingIds[t], type, comments, `(${latitudes[t]},${longitudes[t]})`, userIds[by], at, at];
          }
          for (let t = 1; t <= T; t++) {
            const at = iso(thingCreated(t));
            yield [
              thingIds[t],
              "CREATED",
              `Added ${t > community ? `Street tree ${t - community}` : `${typeName(typeOf(t))} ${t}`}`,
              null,
              userIds[owner(t)],
              at,
              at,
            ];
          }
        })(),
      ),
    );

    const deviceIds = Array.from({ length: D + 1 }, () => randomUUID());
    const deviceReadings = (n: number) =>
      n <= rp.busy
        ? rp.busyReadings
        : Math.floor(rp.rest / Math.max(1, rp.others)) + (n - rp.busy <= (rp.others > 0 ? rp.rest % rp.others : 0) ? 1 : 0);
    // One in twenty of the quieter devices went silent days ago (grey indicator).
    const silentFor = (n: number) => (n > rp.busy && n % 20 === 7 ? (3 + (n % 27)) * DAY : (n % 97) * 60_000);
    await timed("devices", () =>
      copyRows(
        db,
        "app_public.devices",
        [
          "id",
          "device_id",
          "name",
          "model",
          "indicator_parameter",
          "location",
          "is_public",
          "thing_id",
          "indicator_colour",
          "created_at",
          "updated_at",
        ],
        (function* () {
          for (let n = 1; n <= D; n++) {
            const t = deviceThing(n);
            const model = deviceModel(n);
            const at = iso(thingCreated(t) + DAY);
            yield [
              deviceIds[n],
              `eui-a840410${n.toString(16).padStart(9, "0")}`,
              `${model === "LSE01" ? "Soil probe" : model === "LSPH01" ? "pH probe" : "Pump"} ${n}`,
              model,
              model === "LSPH01" ? "PH" : "WATER",
              `(${latitudes[t]},${longitudes[t]})`,
              t > community || t % 5 !== 0,
              thingIds[t],
              "grey",
              at,
              at,
            ];
          }
        })(),
      ),
    );
    await timed("device_accesses", () =>
      copyRows(
        db,
        "app_public.device_accesses",
        ["device_id", "user_id", "is_owner", "created_at"],
        (function* () {
          for (let n = 1; n <= D; n++) yield [deviceIds[n], userIds[owner(deviceThing(n))], true, iso(thingCreated(deviceThing(n)) + DAY)];
        })(),
      ),
    );

    // Monthly partitions for the year, as ingestion would have created them one by one.
    await timed("sensor_data partitions", async () => {
      await db.query(
        `select app_private.ensure_sensor_data_partition(to_timestamp($1 / 1000.0) - m * interval '1 month')
                      from generate_series(-1, ceil($2 / 28.0)::int + 1) m`,
        [now, days],
      );
    });

    // Each device's readings end shortly before now (or when it went silent) and are evenly
    // spaced over the year. Values follow the seasons and the day (temperature), drying and
    // watering cycles (water, conductivity) and a slowly draining battery, rounded as the
    // decoders round them; rssi and snr as the best gateway heard them.
    function* readings(part: number) {
      for (let n = 1 + part; n <= D; n += 2) {
        const nr = deviceReadings(n);
        const model = deviceModel(n);
        const end = now - silentFor(n);
        const thing = thingIds[deviceThing(n)];
        for (let k = 1; k <= nr; k++) {
          const at = end - ((nr - k) * days * DAY) / nr;
          const date = new Date(at);
          const doy =
            (Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - Date.UTC(date.getUTCFullYear(), 0, 0)) / DAY;
          const day = at / DAY;
          const season = (2 * Math.PI * (doy - 200)) / 365;
          const temperature = 11 + 7 * Math.cos(season) + 4 * Math.sin(2 * Math.PI * day - 2) + (n % 5) * 0.3;
          const wet = 45 + (n % 30);
          const cycle = 3 + (n % 5);
          const water = wet - ((wet - (8 + (n % 15))) * ((((day + n * 0.37) % cycle) + cycle) % cycle)) / cycle;
          const battery = round(3.62 - (0.22 * k) / nr, 3);
          const radio = `"rssi":${-75 - ((n * 7 + k) % 40)},"snr":${round(9.5 - ((n + k * 3) % 120) / 10, 1)},"fPort":2`;
          const data =
            model === "LSE01"
              ? `{"battery":${battery},"probeTemperature":${round(temperature - 0.6, 1)},"water":${round(water, 2)},"temperature":${round(temperature, 2)},` +
                `"conductivity":${Math.round(120 + water * 6 + (n % 50))},"probeDetected":true,${radio}}`
              : model === "LSPH01"
                ? `{"battery":${battery},"probeTemperature":${round(temperature - 0.6, 1)},"ph":${round(6.4 + 0.9 * Math.sin(season / 2 + n), 2)},` +
                  `"temperature":${round(temperature, 1)},${radio}}`
                : `{${radio}}`;
          yield [deviceIds[n], thing, date.toISOString(), k, data];
        }
      }
    }
    await timed("sensor_data (2 connections)", async () => {
      const columns = ["device_id", "thing_id", "created_at", "f_cnt", "data"];
      const [a, b] = await Promise.all([
        copyRows(db, "app_public.sensor_data", columns, readings(0)),
        copyRows(db2, "app_public.sensor_data", columns, readings(1)),
      ]);
      return a + b;
    });

    await timed(`build the ${dropped.length} indexes again (2 connections)`, async () => {
      // A partitioned table's index is made on the table itself (not ONLY), so each partition gets its own.
      const queue = dropped.map((d) => String(d.definition).replace(" ON ONLY ", " ON "));
      const worker = async (c: pg.Client) => {
        await c.query("set maintenance_work_mem = '256MB'");
        for (let next = queue.shift(); next; next = queue.shift()) await c.query(next);
      };
      await Promise.all([worker(db), worker(db2)]);
    });

    // From here on the triggers run again.
    for (const c of [db, db2]) await c.query("set session_replication_role = origin");
    await timed("map cell counts (thing_map_cells_add)", async () => {
      await db.query(`select app_private.thing_map_cells_add(array_agg(location[0]), array_agg(location[1]), array_agg(is_public and hidden_at is null), array_agg(1),
                        array_agg((water_need = 'needs_water')::integer))
                      from app_public.things`);
    });
    // Two halves of the year at once, one per connection (whole UTC days each: no bucket is shared).
    await timed("sensor rollups (rebuild_sensor_rollups)", async () => {
      const half = Math.ceil((days + 1) / 2);
      const rebuild = (c: pg.Client, from: number, to: number) =>
        c.query(
          "select app_private.rebuild_sensor_rollups(to_timestamp($1 / 1000.0) - $2 * interval '1 day', to_timestamp($1 / 1000.0) - $3 * interval '1 day')",
          [now, from, to],
        );
      await Promise.all([rebuild(db, days + 1, half), rebuild(db2, half, -2)]);
    });
    // Latest values, as ingest_uplink leaves them: the device's newest reading, then its thing's
    // (the indicator triggers colour both).
    await timed("latest values and last actions on devices and things", async () => {
      await db.query(`update app_public.devices x set
         water = (l.data->>'water')::float8, temperature = (l.data->>'temperature')::float8,
         conductivity = (l.data->>'conductivity')::float8, ph = (l.data->>'ph')::float8,
         battery = (l.data->>'battery')::float8, rssi = (l.data->>'rssi')::float8, snr = (l.data->>'snr')::float8,
         last_sensor_data = l.created_at
       from app_public.devices d2
       cross join lateral (select s.created_at, s.data from app_public.sensor_data s
                           where s.device_id = d2.id order by s.created_at desc limit 1) l
       where x.id = d2.id`);
      await db.query(`update app_public.things t set
         water = d.water, temperature = d.temperature, conductivity = d.conductivity, ph = d.ph,
         last_sensor_data = d.last_sensor_data
       from app_public.devices d
       where d.thing_id = t.id and d.last_sensor_data is not null`);
      // Each thing's newest care action, as the actions' triggers keep it (last_action_id).
      await db.query(`update app_public.things t set last_action_id = l.id
       from (select distinct on (a.thing_id) a.thing_id, a.id from app_public.actions a
             where a.hidden_at is null order by a.thing_id, a.created_at desc, a.id desc) l
       where t.id = l.thing_id`);
    });
    // The badges the trigger would have awarded, once per user and type with the final count.
    await timed("badges (award_badges)", async () => {
      await db.query(`select app_hidden.award_badges(created_by, app_hidden.badge_type_for_action(type), count(*))
                      from app_public.actions where created_by is not null group by created_by, type`);
    });
    await timed("vacuum analyze", async () => {
      await Promise.all([
        db.query(
          "vacuum analyze app_public.users, app_public.user_emails, app_public.groups, app_public.group_memberships, app_public.things, app_public.thing_accesses, app_private.thing_map_cells",
        ),
        db2.query(
          "vacuum analyze app_public.actions, app_public.badges, app_public.devices, app_public.device_accesses, app_public.sensor_data",
        ),
      ]);
    });

    const counts = (
      await db.query(`select
        (select count(*) from app_public.users)::int as users,
        (select count(*) from app_public.groups)::int as groups,
        (select count(*) from app_public.group_memberships)::int as group_memberships,
        (select count(*) from app_public.things)::int as things,
        (select count(*) from app_public.thing_accesses)::int as thing_accesses,
        (select count(*) from app_public.devices)::int as devices,
        (select count(*) from app_public.actions)::int as actions,
        (select count(*) from app_public.badges)::int as badges,
        (select count(*) from app_public.sensor_data)::int as readings`)
    ).rows[0];
    const seconds = (performance.now() - started) / 1000;
    log(
      `Seeded in ${seconds.toFixed(1)} s: ${Object.entries(counts)
        .map(([k, v]) => `${v} ${k.replace(/_/g, " ")}`)
        .join(", ")}`,
    );
    return { seconds, steps, counts, busyDevices: rp.busy };
  } finally {
    await Promise.all([db.end(), db2.end()]);
  }
}

async function main() {
  const args = new Args();
  const things = args.number("things", 10_000, 1);
  const readings = args.number("readings", 1_000_000, 0);
  // --city: issue 27's shape, 10,000 users and 10,000 devices whatever the number of things.
  const base = args.flag("city") ? cityOptions(things, readings) : defaultOptions(things, readings);
  const options: SeedOptions = {
    ...base,
    users: args.number("users", base.users, 1),
    groups: args.number("groups", base.groups, 1),
    devices: args.number("devices", base.devices, 1),
    actions: args.string("actions") === undefined ? undefined : args.number("actions", 0, 0),
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
      if (!given)
        console.log(`(kept; drop it with: psql "${new URL("/postgres", url)}" -c "drop database ${new URL(url).pathname.slice(1)}")`);
    }
    const readingsStep = summary.steps.find((s) => s.step.startsWith("sensor_data ("));
    printResult({
      bench: "seed",
      figures: [
        figure("seeding time", summary.seconds, "s"),
        figure("readings written per second", summary.counts.readings / (readingsStep?.seconds || 1), "rows/s"),
        ...summary.steps.map((s) => figure(`${s.step}: time`, s.seconds, "s")),
        ...Object.entries(summary.counts).map(([k, v]) => figure(`${k.replace(/_/g, " ")} seeded`, v, "rows")),
      ],
      notes: summary.steps.map((s) => `${s.step}: ${s.seconds.toFixed(1)} s${s.rows ? ` (${s.rows} rows)` : ""}`),
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

// A city's worth of things (issue 27, "A million things"): the same measurements at growing sizes
// of the tables, each in its own throw-away database seeded by bench/seed.ts in issue 27's shape
// (10,000 users and 10,000 devices, 10 readings per thing, things over Berlin and Manchester),
// then a table of how each figure grew from the smallest size to the largest:
//  - the hourly water-need recompute of every thing (app_private.refresh_water_need(), after a
//    fortnight of weather arrived: most things change; target under 5 minutes);
//  - the map's thingsInView through the real server (POST /graphql, the SPA's document) for
//    1280 x 800 views at zooms 5, 10, 12, 14 and 16, asked as the map asks them (maplibre's
//    512-pixel tiles, the cells web/src/features/map/map-data.ts snaps to), around things (where
//    people look) and anywhere in the cities; half as a guest, half signed in. Target: p95 under
//    50 ms and every answer under 50 KB, at every zoom;
//  - the home dashboard and the things list from 20 signed-in users in a closed loop (target p95
//    under 50 ms);
//  - nearest (NearestThing, as /things/nearest asks) and "needs water near me" (MapNearest with
//    needsWater), one user at a time at places in the cities (target p95 under 20 ms).
// The server runs as a child process (bench/lib/server-process.ts), as in bench/api.ts.
// Run: npx tsx bench/scale.ts [--full (100,000 and 1,000,000 things)] [--sizes 10000,100000]
//        [--readings-per-thing 10] [--seconds 10] [--viewports 30] [--lookups 100] [--keep]
//        [--database-url URL (measure one already seeded database; no seeding, no growth table)
//         [--reset-water-need] [--skip-recompute]]
import os from "node:os";
import pg from "pg";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";
import { screenBox } from "../web/src/features/map/projection.ts";
import { thingsArea } from "../web/src/features/map/map-data.ts";
import { Args } from "./lib/args.ts";
import { GraphqlClient, expectData, signIn } from "./lib/http.ts";
import { runLoad } from "./lib/load.ts";
import { printResult, under, figure, type Figure } from "./lib/result.ts";
import { startServerProcess } from "./lib/server-process.ts";
import { homeDashboardVariables, spaDocument, THINGS_LIST_FIRST_PAGE } from "./lib/spa-documents.ts";
import { summarize } from "./lib/stats.ts";
import { seedWeather } from "./lib/weather.ts";
import { cityOptions, seed, seedUsername, SEED_PASSWORD, CITIES } from "./seed.ts";

const args = new Args();
const FULL = args.flag("full");
const GIVEN = args.string("database-url");
const SIZES = GIVEN ? [0] : (args.string("sizes") ?? (FULL ? "100000,1000000" : "10000,100000")).split(",").map(Number);
const READINGS_PER_THING = args.number("readings-per-thing", 10, 0);
const SECONDS = args.number("seconds", 10, 1);
const VIEWPORTS = args.number("viewports", 30, 1);
const LOOKUPS = args.number("lookups", 100, 1);
const KEEP = args.flag("keep");
// On an already measured database: --reset-water-need makes the recompute a first run again;
// --skip-recompute leaves it out (minutes at a million things).
const RESET_WATER_NEED = args.flag("reset-water-need");
const SKIP_RECOMPUTE = args.flag("skip-recompute");
const CLIENTS = 20;
const ZOOMS = [5, 10, 12, 14, 16];
const SCREEN = { width: 1280, height: 800 };
const TARGET = { mapMs: 50, mapKb: 50, listMs: 50, nearMs: 20, recomputeS: 300 };

const IN_VIEW = spaDocument("web/src/features/map/MapThingsInView.graphql");
const HOME_DASHBOARD = spaDocument("web/src/features/home/HomeDashboard.graphql");
const THINGS_LIST = spaDocument("web/src/features/things/AllThings.graphql");
const NEAREST = spaDocument("web/src/features/things/NearestThing.graphql");
const MAP_NEAREST = spaDocument("web/src/features/map/MapNearest.graphql");

/** One size's figures, by name (the growth table's rows). */
type Row = Map<string, { value: number; unit: string; target?: number }>;

// A small seeded generator, so every size is asked the same questions.
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

async function measure(url: string, things: number): Promise<Row> {
  const row: Row = new Map();
  const put = (name: string, value: number, unit: string, target?: number) => row.set(name, { value, unit, target });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    // The hourly recompute, after the weather arrived (most things change), then a steady hour.
    const hasWeather = (await db.query("select exists (select 1 from app_private.weather_days) as w")).rows[0].w;
    if (!hasWeather) {
      const w = await seedWeather(db);
      console.log(`  weather: ${w.gridDays.toLocaleString()} grid-point days, ${w.gauges} gauges`);
    }
    if (RESET_WATER_NEED) {
      // As before the first run: every thing's need unknown, so the run below works them all out afresh.
      await db.query(
        "update app_public.things set water_need = 'unknown', water_need_reason = null, water_store_percent = null, water_need_at = null",
      );
    }
    for (const run of SKIP_RECOMPUTE ? [] : ["first run", "steady hour"]) {
      const t = performance.now();
      const changed = Number((await db.query("select app_private.refresh_water_need() as n")).rows[0].n);
      const seconds = (performance.now() - t) / 1000;
      console.log(`  water-need recompute, ${run}: ${seconds.toFixed(1)} s, ${changed.toLocaleString()} things changed`);
      put(`water-need recompute, ${run}`, seconds, "s", TARGET.recomputeS);
    }
    await db.query("vacuum analyze app_public.things");
    const states = (await db.query(`select water_need::text as need, count(*)::int as n from app_public.things group by 1 order by 1`))
      .rows;
    console.log(`  water need: ${states.map((r) => `${r.need} ${r.n.toLocaleString()}`).join(", ")}`);

    // Where people look: at things (so the dense districts weigh as they do), or anywhere in a city.
    const random = generator(27);
    const spots = (await db.query("select location[0] as lat, location[1] as lon from app_public.things order by id limit 500")).rows as {
      lat: number;
      lon: number;
    }[];
    const place = () => {
      if (random() < 0.7) {
        const s = spots[Math.floor(random() * spots.length)];
        return { latitude: s.lat + (random() - 0.5) * 0.01, longitude: s.lon + (random() - 0.5) * 0.016 };
      }
      const c = CITIES[random() < CITIES[0].share ? 0 : 1];
      return { latitude: c.latitude + (random() - 0.5) * 2 * c.spreadLat, longitude: c.longitude + (random() - 0.5) * 2 * c.spreadLon };
    };

    const server = await startServerProcess({ databaseUrl: url });
    const client = new GraphqlClient(server.url, CLIENTS * 2);
    try {
      const tokens: string[] = [];
      for (let n = 1; n <= CLIENTS; n++) tokens.push(await signIn(client, seedUsername(n), SEED_PASSWORD));

      // The map, zoom by zoom.
      console.log(`  thingsInView (${VIEWPORTS} views per zoom, ${SCREEN.width} x ${SCREEN.height}):`);
      console.log("    zoom   p50 ms   p95 ms   max ms   p95 KB   max KB   things  clusters   in view");
      for (const zoom of ZOOMS) {
        const times: number[] = [];
        const sizes: number[] = [];
        let shown = 0;
        let clusters = 0;
        let total = 0;
        for (let i = -3; i < VIEWPORTS; i++) {
          const area = thingsArea(screenBox({ ...place(), zoom, ...SCREEN }), zoom)!;
          const r = await client.request(IN_VIEW, { ...area }, i % 2 === 0 ? undefined : tokens[Math.abs(i) % CLIENTS]);
          const answer = expectData(r, "MapThingsInView").thingsInView;
          if (i < 0) continue; // warm-up
          times.push(r.ms);
          sizes.push(r.bytes / 1024);
          shown += answer.things.length;
          clusters += answer.clusters.length;
          total += answer.total;
        }
        const t = summarize(times);
        const s = summarize(sizes);
        console.log(
          `    ${String(zoom).padStart(4)} ${t.p50.toFixed(1).padStart(8)} ${t.p95.toFixed(1).padStart(8)} ${t.max.toFixed(1).padStart(8)}` +
            ` ${s.p95.toFixed(1).padStart(8)} ${s.max.toFixed(1).padStart(8)} ${String(Math.round(shown / VIEWPORTS)).padStart(8)}` +
            ` ${String(Math.round(clusters / VIEWPORTS)).padStart(9)} ${String(Math.round(total / VIEWPORTS)).padStart(9)}`,
        );
        put(`map zoom ${zoom}: p95`, t.p95, "ms", TARGET.mapMs);
        put(`map zoom ${zoom}: largest answer`, s.max, "KB", TARGET.mapKb);
      }

      // The home dashboard and the things list, 20 clients at once.
      for (const [name, query, variables] of [
        ["HomeDashboard", HOME_DASHBOARD, homeDashboardVariables()],
        ["AllThings", THINGS_LIST, THINGS_LIST_FIRST_PAGE],
      ] as const) {
        const r = await runLoad({
          clients: CLIENTS,
          seconds: SECONDS,
          warmupSeconds: 3,
          task: async (c) => void expectData(await client.request(query, variables, tokens[c]), name),
        });
        console.log(
          `  ${name}, ${CLIENTS} clients, closed loop: ${r.throughput.toFixed(1)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.errors} errors)`,
        );
        if (r.errors) throw new Error(`${name}: ${r.errorSamples[0]}`);
        put(`${name}, ${CLIENTS} clients: p95`, r.p95, "ms", TARGET.listMs);
      }

      // Nearest and "needs water near me", one person at a time.
      for (const [name, query, extra] of [
        ["nearest thing (NearestThing, 20 km)", NEAREST, { maxDistanceMetres: 20_000 }],
        ["nearest 20 (MapNearest)", MAP_NEAREST, { needsWater: false }],
        ["needs water near me (MapNearest)", MAP_NEAREST, { needsWater: true }],
      ] as const) {
        const times: number[] = [];
        let found = 0;
        let failed = 0;
        let error = "";
        for (let i = -5; i < LOOKUPS; i++) {
          const r = await client.request(query, { ...place(), ...extra }, tokens[Math.abs(i) % CLIENTS]);
          try {
            found += i < 0 ? 0 : expectData(r, name).nearestThing.nodes.length;
          } catch (e) {
            // Counted with its time: a query the server's statement timeout ended took at least that.
            failed++;
            error = e instanceof Error ? e.message : String(e);
          }
          if (i >= 0) times.push(r.ms);
          if (failed >= 3) break;
        }
        const t = summarize(times);
        console.log(
          `  ${name}: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms (${(found / Math.max(1, times.length)).toFixed(1)} found on average` +
            `${failed ? `; ${failed} failed, stopped after 3: ${error.slice(0, 160)}` : ""})`,
        );
        put(`${name}: p95`, t.p95, "ms", TARGET.nearMs);
      }
      const logged = server.errorLines().filter((l) => /error/i.test(l));
      if (logged.length) throw new Error(`The server logged ${logged.length} error lines, first: ${logged[0]}`);
    } finally {
      client.close();
      await server.stop();
    }
    put("things", things, "");
  } finally {
    await db.end();
  }
  return row;
}

const pgServer = await findTestServer();
const rows: { size: number; row: Row; seedSeconds: number; databaseMb: number }[] = [];
try {
  for (const size of SIZES) {
    let url = GIVEN;
    let seedSeconds = NaN;
    if (!url) {
      url = await createTestDatabase(pgServer.adminUrl, "bk_bench_scale");
      console.log(`\n=== ${size.toLocaleString()} things, ${(size * READINGS_PER_THING).toLocaleString()} readings`);
      const seeded = await seed(url, { ...cityOptions(size, size * READINGS_PER_THING), log: (l) => console.log(l) });
      seedSeconds = seeded.seconds;
    }
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const {
        rows: [info],
      } = await c.query("select pg_database_size(current_database()) as bytes, (select count(*) from app_public.things)::int as things");
      await c.end();
      const row = await measure(url, info.things);
      rows.push({ size: info.things, row, seedSeconds, databaseMb: Number(info.bytes) / 2 ** 20 });
    } finally {
      if (!GIVEN && !KEEP) await dropTestDatabase(pgServer.adminUrl, url);
      else if (!GIVEN) console.log(`Kept: ${url}`);
    }
  }
} finally {
  await pgServer.stop();
}

// The growth table: every figure at every size, and how many times the first size's it became.
const first = rows[0];
const last = rows.at(-1)!;
const names = [...first.row.keys()].filter((n) => n !== "things");
const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
console.log(`\nGrowth (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores; other work shares them):`);
console.log(`| Figure | ${rows.map((r) => `${r.size.toLocaleString("en-GB")} things`).join(" | ")} | Growth | Target |`);
console.log(`| --- | ${rows.map(() => "---:").join(" | ")} | ---: | --- |`);
const lines = [
  ...(GIVEN ? [] : [["seeding (COPY, every table)", rows.map((r) => r.seedSeconds), "s", undefined] as const]),
  ["database size", rows.map((r) => r.databaseMb), "MB", undefined] as const,
  ...names.map((n) => [n, rows.map((r) => r.row.get(n)?.value ?? NaN), first.row.get(n)!.unit, first.row.get(n)!.target] as const),
];
for (const [name, values, unit, target] of lines) {
  const growth = values[0] > 0 ? `${(values.at(-1)! / values[0]).toFixed(2)}x` : "";
  const met = target === undefined ? "" : `< ${target} ${unit}: ${values.at(-1)! < target ? "met" : "MISSED"}`;
  console.log(`| ${name} | ${values.map((v) => `${fmt(v)} ${unit}`).join(" | ")} | ${growth} | ${met} |`);
}
const figures: Figure[] = [];
for (const n of names) {
  const f = last.row.get(n)!;
  figures.push(
    f.target === undefined
      ? figure(`${n} (${last.size} things)`, f.value, f.unit)
      : under(`${n} (${last.size} things)`, f.value, f.unit, f.target),
  );
}
if (rows.length > 1) {
  for (const n of names)
    figures.push(figure(`${n}: growth ${first.size} -> ${last.size} things`, last.row.get(n)!.value / first.row.get(n)!.value, "x"));
  figures.push(figure(`seeding ${last.size} things (COPY)`, last.seedSeconds, "s"));
}
printResult({
  bench: "scale",
  figures,
  notes: [
    `sizes: ${rows.map((r) => r.size).join(", ")} things; ${READINGS_PER_THING} readings per thing; load average ${os.loadavg()[0].toFixed(1)} at the end`,
  ],
});

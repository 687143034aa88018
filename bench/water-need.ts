// Water need at scale (issue 21, "Measured"): the hourly recompute of every thing's water need
// (app_private.refresh_water_need(), db/migrations/20261125000900_water_need_model.sql) for
// 100,000 things seeded by bench/seed.ts (a year of care actions, a tenth of the things with a
// probe), with 44 days of Open-Meteo weather for every 0.1 degree grid point they stand in and
// 30 days of 15-minute readings at 200 rain gauges among the things (bench/lib/weather.ts). Times three runs:
//   * first: after the weather arrived, when most things change state;
//   * steady: an hour later with nothing new, as most hourly runs are (nothing is written);
//   * after rain: a wet day at every gauge and grid point, so every thing is looked at again.
// Prints figures and ends with a BENCH_RESULT line (bench/run-all.ts). Target: under 60 s.
// Run: npx tsx bench/water-need.ts [--things 100000] [--readings 200000] [--keep]
import pg from "pg";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";
import { Args } from "./lib/args.ts";
import { figure, printResult, under, type Figure } from "./lib/result.ts";
import { defaultOptions, seed } from "./seed.ts";
import { rainEverywhere, seedWeather } from "./lib/weather.ts";

const args = new Args();
const THINGS = args.number("things", 100_000, 1);
const READINGS = args.number("readings", 200_000, 0);
const KEEP = args.flag("keep");
const TARGET_S = 60;

const pgServer = await findTestServer();
const url = await createTestDatabase(pgServer.adminUrl, "bk_bench_water");
const db = new pg.Client({ connectionString: url });
await db.connect();
const figures: Figure[] = [];
const notes: string[] = [];
try {
  console.log(`Seeding ${THINGS.toLocaleString()} things (bench/seed.ts)...`);
  const seeded = await seed(url, { ...defaultOptions(THINGS, READINGS), log: (l) => console.log(l) });
  figures.push(figure("seed (every step, triggers included)", seeded.seconds, "s"));

  let t = performance.now();
  const weather = await seedWeather(db);
  console.log(
    `  weather for ${weather.gridDays.toLocaleString()} grid-point days and ${weather.gauges} gauges: ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const run = async (name: string) => {
    const started = performance.now();
    const changed = Number((await db.query("select app_private.refresh_water_need() as n")).rows[0].n);
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${name.padEnd(50)} ${seconds.toFixed(1).padStart(6)} s, ${changed.toLocaleString()} changed`);
    return { seconds, changed };
  };
  console.log("Recomputing every thing's water need (the hourly job's step):");
  const first = await run("first run after the weather arrived");
  figures.push(under(`water-need recompute, ${THINGS.toLocaleString()} things, first run`, first.seconds, "s", TARGET_S));
  const steady = await run("next run, nothing new");
  figures.push(under(`water-need recompute, ${THINGS.toLocaleString()} things, steady hour`, steady.seconds, "s", TARGET_S));
  await rainEverywhere(db);
  const wet = await run("after a wet hour everywhere");
  figures.push(under(`water-need recompute, ${THINGS.toLocaleString()} things, after rain`, wet.seconds, "s", TARGET_S));
  const states = await db.query(`select water_need::text as need, count(*)::int as n from app_public.things group by 1 order by 1`);
  const spread = states.rows.map((r) => `${r.need} ${r.n.toLocaleString()}`).join(", ");
  console.log(`  states: ${spread}`);
  notes.push(
    `${first.changed.toLocaleString()} things changed on the first run, ${steady.changed.toLocaleString()} on the steady one, ${wet.changed.toLocaleString()} after rain; states at the end: ${spread}.`,
  );
  const one = await db.query("select id from app_public.things where type = 'PLANTER' limit 1");
  t = performance.now();
  for (let i = 0; i < 20; i += 1) await db.query("select app_private.refresh_water_need(array[$1::uuid])", [one.rows[0].id]);
  figures.push(figure("one thing's recompute (a watering's trigger), mean of 20", (performance.now() - t) / 20, "ms"));
} finally {
  await db.end();
  if (KEEP) console.log(`Kept the database: ${url}`);
  else await dropTestDatabase(pgServer.adminUrl, url);
  await pgServer.stop();
}
for (const f of figures)
  console.log(`${f.name}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target}: ${f.met ? "met" : "MISSED"})` : ""}`);
printResult({ bench: "water-need", figures, notes });

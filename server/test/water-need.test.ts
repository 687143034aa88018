// Water need for every thing, sensor or not (issue #21, section 1): the water-balance model in
// PostgreSQL (db/migrations/20261125000900_water_need_model.sql) on the recorded Open-Meteo
// forecast, one test per state, a reading's precedence, rain from a gauge or from Open-Meteo, the
// recompute inside the watering mutation, the dry alert and digest, and the chart's series.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { readFileSync } from "node:fs";
import { startTestServer, gql, signUp, withOwner, countQueuedEmails } from "./harness.ts";
import { parseForecast } from "../../domain/environment/weather.ts";
import { storeForecast } from "../../domain/environment/cache.ts";
import { renderReason } from "../../shared/i18n/notices/all-languages.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const sql = <T = any>(text: string, values: unknown[] = []) =>
  withOwner(server.databaseUrl, async (c) => (await c.query(text, values)).rows as T[]);

const GROUP = `mutation { createGroup(input: { name: "Water Growers", type: GROWER, isPublic: true }) { group { id } } }`;
const THING = `mutation T($g: UUID!, $x: Float!, $y: Float!, $type: ThingType!) {
  createThing(input: { groupId: $g, name: "Model Planter", type: $type, location: { x: $x, y: $y }, isPublic: true }) { thing { id waterNeed waterNeedReason } } }`;

const WATER = `mutation W($t: UUID!, $litres: Float) {
  createAction(input: { action: { thingId: $t, type: WATERING, comments: "Watered", litres: $litres } }) {
    action { id } thingByThingId { waterNeed waterNeedReason waterStorePercent rainSinceLastWateringMm } } }`;
const NEED = `query N($id: UUID!, $days: Int) { thingById(id: $id) {
  waterNeed waterNeedReason waterStorePercent waterNeedAt rainSinceLastWateringMm lastWatering { litres }
  waterBalance(days: $days) { nodes { day storePercent rainMm wateredLitres etMm } } } }`;

const dayMs = 86_400_000;
const londonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The recorded forecast (answered on 20 November with 14 past days) moved so its "today" is today. */
function recordedForecast() {
  const text = readFileSync(new URL("./fixtures/environment/open-meteo-forecast.json", import.meta.url), "utf8");
  const days = Math.round((Date.parse(`${londonToday()}T00:00:00Z`) - Date.parse("2026-11-20T00:00:00Z")) / dayMs);
  const moved = text.replace(/\d{4}-\d{2}-\d{2}/g, (d) => utcDay(Date.parse(`${d}T00:00:00Z`) + days * dayMs));
  return JSON.parse(moved);
}

let place = 0;
/** A grid cell of its own for each test (0.1 degree cells; stations searched within 10 km). */
function nextPlace() {
  place += 1;
  return { x: 40 + place * 0.5, y: -20 - place * 0.5 };
}

async function thing(type = "PLANTER", at = nextPlace()) {
  const owner = await signUp(server.url);
  const groupId = (await gql(server.url, GROUP, {}, owner.token)).data.createGroup.group.id;
  const r = await gql(server.url, THING, { g: groupId, x: at.x, y: at.y, type }, owner.token);
  expect(r.errors).toBeUndefined();
  const { id, ...created } = r.data.createThing.thing;
  return { owner, id: id as string, created, ...at };
}

/** Daily weather for a thing's grid cell, from `from` days ago to 2 days ahead. */
async function weather(x: number, y: number, values: { et0: number; rain: number; tmax?: number }, from = 14) {
  await sql(
    `insert into app_private.weather_days (latitude, longitude, day, et0_mm, precipitation_mm, observed_mm, temperature_max)
     select round($1::numeric, 1), round($2::numeric, 1), d::date, $3::float8, $4::float8, case when d::date <= app_hidden.water_today() then $4::float8 end, $5::float8
     from generate_series(app_hidden.water_today() - $6::int, app_hidden.water_today() + 2, interval '1 day') d
     on conflict (latitude, longitude, day) do update set et0_mm = excluded.et0_mm, precipitation_mm = excluded.precipitation_mm,
       observed_mm = excluded.observed_mm, temperature_max = excluded.temperature_max`,
    [x, y, values.et0, values.rain, values.tmax ?? 12, from],
  );
  // New weather is read by the hourly run; here at once.
  await sql("select app_private.refresh_water_need()");
}

async function watered(id: string, daysAgo: number, litres: number | null) {
  await sql(
    `insert into app_public.actions (thing_id, type, comments, litres, created_at)
             values ($1, 'WATERING', 'Watered', $2, now() - make_interval(days => $3))`,
    [id, litres, daysAgo],
  );
}

const state = async (id: string) =>
  (await sql("select water_need, water_need_reason, water_store_percent from app_public.things where id = $1", [id]))[0];
/** The reason as the catalogue writes it from the stored parts (shared/i18n/notices). */
const reasonInWords = async (id: string, locale: "en-GB" | "de" = "en-GB") =>
  renderReason(locale, (await sql("select water_need_reason_parts from app_public.things where id = $1", [id]))[0].water_need_reason_parts);

describe("the model on the recorded Open-Meteo weather", () => {
  it("stores the past days with ET0 and counts the store day by day as the recorded values say", async () => {
    const recorded = recordedForecast();
    const forecast = parseForecast(recorded, 51.5, -1.0);
    expect(forecast.history).toHaveLength(14);
    expect(forecast.daily[0]).toMatchObject({ date: londonToday(), et0: recorded.daily.et0_fao_evapotranspiration[14] });
    await withOwner(server.databaseUrl, (c) => storeForecast({ query: (q) => c.query(q) as any }, forecast));
    // The recording's 21 days (other test files may store other days of the same cell meanwhile).
    const [first, last] = [recorded.daily.time[0], recorded.daily.time[recorded.daily.time.length - 1]];
    const days = await sql(
      "select count(*)::int as n, count(et0_mm)::int as et0 from app_private.weather_days where latitude = 51.5 and longitude = -1.0 and day between $1 and $2",
      [first, last],
    );
    expect(days[0]).toEqual({ n: 21, et0: 21 });

    // A planter (Kc 1.0, 1 m2, 30 mm, p 0.4) in the cell, watered 5 days ago with 10 L.
    const t = await thing("PLANTER", { x: 51.47, y: -1.02 });
    await watered(t.id, 5, 10);

    // The same balance worked out here from the recording: full store 14 days ago (weather
    // comes first), + rain + 10 mm on the watering's day, capped at 30, - ET0 each day before today.
    const today = londonToday();
    const wateredOn = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() - 5 * dayMs));
    let store = 30;
    for (let i = 0; i <= 14; i += 1) {
      const date = recorded.daily.time[i];
      const rain = date === today ? todaysObserved(forecast, today) : recorded.daily.precipitation_sum[i];
      store = Math.min(30, store + rain + (date === wateredOn ? 10 : 0));
      if (date < today) store = Math.max(0, store - recorded.daily.et0_fao_evapotranspiration[i]);
    }
    const now = await state(t.id);
    expect(now.water_store_percent).toBe(Math.round((100 * store) / 30));
    expect(now.water_need).toBe("fine");
    // "rain expected" when the rest of today and tomorrow bring 5 mm (depends on the hour the test runs).
    expect(now.water_need_reason).toMatch(/^watered 5 days ago with 10 L; [\d.]+ mm rain since(; rain expected)?$/);
    // The recorded rain after the watering's day, as the field gives it.
    const since = recorded.daily.time
      .slice(0, 15)
      .reduce(
        (sum: number, d: string, i: number) =>
          d > wateredOn && d <= today ? sum + (d === today ? 0 : recorded.daily.precipitation_sum[i]) : sum,
        0,
      );
    const r = await gql(server.url, NEED, { id: t.id, days: 14 }, t.owner.token);
    expect(r.data.thingById.rainSinceLastWateringMm).toBeCloseTo(since + todaysObserved(forecast, today), 1);
    // The chart: 14 days, oldest first, the watering on its day, Kc x ET0 per day.
    const nodes = r.data.thingById.waterBalance.nodes;
    expect(nodes).toHaveLength(14);
    expect(nodes[13].day).toBe(today);
    expect(nodes.find((n: any) => n.day === wateredOn).wateredLitres).toBe(10);
    expect(nodes[0].etMm).toBeCloseTo(recorded.daily.et0_fao_evapotranspiration[recorded.daily.time.indexOf(nodes[0].day)], 5);
    expect(nodes[13].storePercent).toBeCloseTo((100 * store) / 30, 0);
  });
});

/** Today's rain so far in the recording: its hours already past (as stored: hour end <= now). */
function todaysObserved(forecast: ReturnType<typeof parseForecast>, today: string): number {
  return forecast.hourly
    .filter((h) => h.localTime.slice(0, 10) === today && Date.parse(h.time) + 3600_000 <= Date.now())
    .reduce((sum, h) => sum + (h.precipitation ?? 0), 0);
}

describe("one test per state", () => {
  it("fine: watered yesterday with plenty on a mild day", async () => {
    const t = await thing();
    await weather(t.x, t.y, { et0: 1, rain: 0 });
    await watered(t.id, 1, 20);
    expect(await state(t.id)).toEqual({
      water_need: "fine",
      water_need_reason: "watered yesterday with 20 L; no rain since",
      water_store_percent: 97,
    });
  });

  it("due soon: above the refill point now, below it within two days", async () => {
    // A planter (30 mm, refill point 18 mm) in hot weather (ET0 3 mm): full 14 days ago, empty
    // within ten days; watered yesterday with 25 L: 25 - 3 = 22 mm (73 %) now, 22 - 2 x 3 = 16 mm
    // within two days.
    const t = await thing();
    await weather(t.x, t.y, { et0: 3, rain: 0, tmax: 26 });
    await watered(t.id, 1, 25);
    expect(await state(t.id)).toEqual({
      water_need: "due_soon",
      water_need_reason: "watered yesterday with 25 L; no rain since; hot days ahead",
      water_store_percent: 73,
    });
    // The same with 20 L three days ago: 20 - 3 x 3 = 11 mm: needs water now.
    await sql("delete from app_public.actions where thing_id = $1 and type = 'WATERING'", [t.id]);
    await watered(t.id, 3, 20);
    expect((await state(t.id)).water_need).toBe("needs_water");
  });

  it("needs water: no watering for 9 days in dry weather", async () => {
    const t = await thing("FLOWERBED");
    await weather(t.x, t.y, { et0: 2.5, rain: 0.1 });
    await watered(t.id, 9, 8);
    const s = await state(t.id);
    expect(s.water_need).toBe("needs_water");
    expect(s.water_need_reason).toBe("no watering recorded for 9 days; 0.7 mm rain in the last 7 days");
    expect(s.water_store_percent).toBeLessThanOrEqual(50);
  });

  it("unknown: nothing at all is known (no watering, reading or weather)", async () => {
    const t = await thing();
    expect(t.created).toEqual({ waterNeed: "UNKNOWN", waterNeedReason: "no watering, fresh reading or weather recorded yet" });
  });

  it("a thing that needs no watering is fine and says so; a new thing with weather gets a state at once", async () => {
    const bench = await thing("BENCH");
    expect(bench.created).toEqual({ waterNeed: "FINE", waterNeedReason: "needs no watering" });
    const at = nextPlace();
    await weather(at.x, at.y, { et0: 0.5, rain: 2 });
    const bed = await thing("FLOWERBED", at);
    expect(bed.created).toEqual({ waterNeed: "FINE", waterNeedReason: "no watering recorded; 14 mm rain in the last 7 days" });
  });

  it("offline: a watering and no weather at all still gives a state, by the monthly climatology", async () => {
    const t = await thing("TREE");
    await watered(t.id, 2, 40);
    const s = await state(t.id);
    expect(s.water_need).toBe("fine");
    expect(s.water_need_reason).toBe("watered 2 days ago with 40 L; no weather data");
  });
});

describe("a fresh reading takes precedence", () => {
  it("soil moisture decides while it is fresh; the estimate comes back when it is 48 hours old", async () => {
    const t = await thing();
    await weather(t.x, t.y, { et0: 0.5, rain: 3 });
    expect((await state(t.id)).water_need).toBe("fine");
    await sql("update app_public.things set water = 18, last_sensor_data = now() - interval '2 hours' where id = $1", [t.id]);
    expect(await state(t.id)).toEqual({
      water_need: "needs_water",
      water_need_reason: "soil moisture 18% (dry below 20%), measured 2 hours ago",
      water_store_percent: 30,
    });
    expect(await reasonInWords(t.id)).toBe((await state(t.id)).water_need_reason);
    expect(await reasonInWords(t.id, "de")).toBe("Bodenfeuchte 18 % (trocken unter 20 %), gemessen vor 2 Stunden");
    await sql("update app_public.things set water = 25, last_sensor_data = now() - interval '10 minutes' where id = $1", [t.id]);
    expect(await state(t.id)).toMatchObject({
      water_need: "due_soon",
      water_need_reason: "soil moisture 25% (needs water below 30%), measured 10 minutes ago",
    });
    expect(await reasonInWords(t.id)).toBe((await state(t.id)).water_need_reason);
    await sql("update app_public.things set water = 42, last_sensor_data = now() - interval '70 minutes' where id = $1", [t.id]);
    expect(await state(t.id)).toMatchObject({ water_need: "fine", water_need_reason: "soil moisture 42%, measured 1 hour ago" });
    expect(await reasonInWords(t.id)).toBe((await state(t.id)).water_need_reason);
    // A watering does not overrule a fresh reading.
    await watered(t.id, 0, 10);
    expect((await state(t.id)).water_need_reason).toBe("soil moisture 42%, measured 1 hour ago");
    await sql("update app_public.things set last_sensor_data = now() - interval '49 hours' where id = $1", [t.id]);
    expect(await state(t.id)).toMatchObject({ water_need: "fine", water_need_reason: "watered today with 10 L; no rain since" });
  });
});

describe("rain: the nearest gauge first, else Open-Meteo", () => {
  it("uses a gauge within 10 km that has readings, and Open-Meteo on days it has none", async () => {
    const t = await thing();
    await weather(t.x, t.y, { et0: 1, rain: 2 });
    await watered(t.id, 3, 10);
    // Open-Meteo: 2 mm on each of the 2 days after the watering's day, and today's so far.
    expect((await state(t.id)).water_need_reason).toBe("watered 3 days ago with 10 L; 6 mm rain since");
    const station = `WN${t.id.slice(0, 6)}`;
    await sql("insert into app_private.rainfall_stations (id, label, location) values ($1, 'Model Gauge', point($2, $3))", [
      station,
      t.x + 0.02,
      t.y,
    ]);
    // The gauge measured 0.5 mm yesterday and nothing else in its days: it wins on the days it covers.
    await sql(
      `insert into app_private.rainfall_readings (measure_id, station_id, date_time, value)
               select $1 || '-rainfall-t-15_min-mm', $1, (app_hidden.water_today() - d)::timestamp at time zone 'Europe/London' + interval '12 hours', v
               from (values (1, 0.5), (2, 0.0)) x(d, v)`,
      [station],
    );
    await sql("select app_private.refresh_water_need(array[$1::uuid])", [t.id]);
    // Days 2 and 1 ago from the gauge (0 + 0.5), today from Open-Meteo (2).
    expect((await state(t.id)).water_need_reason).toBe("watered 3 days ago with 10 L; 2.5 mm rain since");
    const r = await gql(server.url, NEED, { id: t.id, days: 3 }, t.owner.token);
    expect(r.data.thingById.rainSinceLastWateringMm).toBe(2.5);
    expect(r.data.thingById.waterBalance.nodes.map((n: any) => n.rainMm)).toEqual([0, 0.5, 2]);
  });

  it("a greenhouse takes no rain", async () => {
    const t = await thing("GREENHOUSE");
    await weather(t.x, t.y, { et0: 1, rain: 20 });
    await watered(t.id, 2, 30);
    expect((await state(t.id)).water_need_reason).toBe("watered 2 days ago with 30 L; under glass");
  });
});

describe("recomputed at once", () => {
  it("a watering changes the state inside the createAction mutation (its payload carries it)", async () => {
    const t = await thing();
    await weather(t.x, t.y, { et0: 4, rain: 0, tmax: 28 });
    expect((await state(t.id)).water_need).toBe("needs_water");
    const before = (await sql("select water_need_at from app_public.things where id = $1", [t.id]))[0].water_need_at;
    const r = await gql(server.url, WATER, { t: t.id, litres: 25 }, t.owner.token);
    expect(r.errors).toBeUndefined();
    expect(r.data.createAction.thingByThingId).toEqual({
      waterNeed: "DUE_SOON",
      waterNeedReason: "watered today with 25 L; no rain since; hot days ahead",
      waterStorePercent: 83,
      rainSinceLastWateringMm: 0,
    });
    const after = (await sql("select water_need_at from app_public.things where id = $1", [t.id]))[0].water_need_at;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    // An unchanged result is not written again (no needless update or live notification).
    expect((await sql("select app_private.refresh_water_need(array[$1::uuid]) as n", [t.id]))[0].n).toBe(0);
    // Deleting the watering puts it back.
    await sql("delete from app_public.actions where thing_id = $1 and type = 'WATERING'", [t.id]);
    expect((await state(t.id)).water_need).toBe("needs_water");
  });
});

describe("the dry alert and the digest use the water need", () => {
  it("alerts the people of a thing without a sensor that needs water, once, with the reason", async () => {
    const t = await thing("FLOWERBED");
    await weather(t.x, t.y, { et0: 3, rain: 0 });
    await watered(t.id, 10, 5);
    expect((await state(t.id)).water_need).toBe("needs_water");
    await sql("select app_private.check_dry_alerts(5, 12)");
    await sql("select app_private.check_dry_alerts(5, 12)");
    expect(await countQueuedEmails(server.databaseUrl, t.owner.email, "notification")).toBe(1);
    const [note] = await sql(
      "select title, body from app_public.notifications n join app_public.users u on u.id = n.user_id where u.username = $1",
      [t.owner.username],
    );
    expect(note.title).toBe("Model Planter needs water");
    expect(note.body).toBe(
      "Model Planter needs water by our estimate: no watering recorded for 10 days; no rain in the last 7 days. No watering was recorded recently and no rain is expected.",
    );
    const [alert] = await sql("select outcome, reason from app_public.thing_alerts where thing_id = $1", [t.id]);
    expect(alert).toEqual({
      outcome: "sent",
      reason: "Model Planter needs water (no watering recorded for 10 days; no rain in the last 7 days): its people were alerted.",
    });
    // Watered well: no longer needs water, and the next dry spell alerts afresh.
    await watered(t.id, 0, 200);
    expect(await sql("select water_need, needs_water_notification_at from app_public.things where id = $1", [t.id])).toEqual([
      { water_need: "fine", needs_water_notification_at: null },
    ]);
  });

  it("still holds an alert back when rain is forecast, saying why", async () => {
    const t = await thing("FLOWERBED");
    await weather(t.x, t.y, { et0: 3, rain: 0 });
    await watered(t.id, 10, 5);
    await sql(
      `insert into app_private.weather_forecasts (latitude, longitude, hourly)
               values (round($1::numeric, 1), round($2::numeric, 1), (select jsonb_agg(jsonb_build_object('time', date_trunc('hour', now()) + (n || ' hours')::interval, 'precipitation', 1.0))
                                from generate_series(0, 11) n))`,
      [t.x, t.y],
    );
    await sql("select app_private.check_dry_alerts(5, 12)");
    expect(await countQueuedEmails(server.databaseUrl, t.owner.email, "notification")).toBe(0);
    const [alert] = await sql("select outcome, reason from app_public.thing_alerts where thing_id = $1", [t.id]);
    expect(alert.outcome).toBe("held");
    expect(alert.reason).toMatch(
      /^Model Planter needs water \(no watering recorded for 10 days; .*\), but no alert was sent: 12(\.0)? mm of rain is forecast for the next 12 hours\.$/,
    );
  });

  it("the digest lists the things that need water first, with their reason", async () => {
    const t = await thing("FLOWERBED");
    await weather(t.x, t.y, { et0: 3, rain: 0 });
    await watered(t.id, 10, 5);
    const [payload] = await sql("select app_private.daily_digest_payload(u.id) as p from app_public.users u where u.username = $1", [
      t.owner.username,
    ]);
    expect(payload.p.things).toEqual([
      expect.objectContaining({
        id: t.id,
        waterNeed: "needs_water",
        waterNeedReason: "no watering recorded for 10 days; no rain in the last 7 days",
      }),
    ]);
  });
});

describe("the chart's series", () => {
  it("waterBalance takes 1 to 60 days and refuses others with a clear error", async () => {
    const t = await thing();
    await weather(t.x, t.y, { et0: 1, rain: 1 }, 40);
    for (const days of [0, 61, -1]) {
      const r = await gql(server.url, NEED, { id: t.id, days }, t.owner.token);
      expect(r.errors?.[0]?.message, `days ${days}`).toBe("Days must be between 1 and 60");
    }
    const one = await gql(server.url, NEED, { id: t.id, days: 1 }, t.owner.token);
    expect(one.data.thingById.waterBalance.nodes).toHaveLength(1);
    const sixty = await gql(server.url, NEED, { id: t.id, days: 60 }, null);
    const nodes = sixty.data.thingById.waterBalance.nodes;
    expect(nodes).toHaveLength(60);
    // The model counts 30 days back; before that the inputs are shown without a store.
    expect(nodes[0].storePercent).toBeNull();
    expect(nodes[0].rainMm).toBeNull();
    expect(nodes[59].storePercent).toBe(100);
    expect((await gql(server.url, NEED, { id: t.id, days: null }, null)).data.thingById.waterBalance.nodes).toHaveLength(14);
  });
});

// Runs after the tests above (vitest keeps a file's order), over every reason they made the model write.
describe("the reason's parts (issue 25)", () => {
  it("write word for word the English reason in the catalogue's en-GB, and German for a German reader", async () => {
    const rows = await sql<{ water_need_reason: string; water_need_reason_parts: unknown }>(
      "select water_need_reason, water_need_reason_parts from app_public.things where water_need_reason is not null",
    );
    const reasons = new Set(rows.map((r) => r.water_need_reason));
    // The model's clauses above (the readings' are checked where they are made).
    expect([...reasons].some((r) => r.startsWith("watered ") && r.includes(" rain since"))).toBe(true);
    for (const row of rows) {
      expect(renderReason("en-GB", row.water_need_reason_parts)).toBe(row.water_need_reason);
      expect(renderReason("de", row.water_need_reason_parts)).not.toBe(row.water_need_reason);
    }
  });
});

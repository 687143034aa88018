// Environmental data (issue: environmental data): rainfall from the Environment Agency and weather
// from Open-Meteo through the cache, soilscape and B-Lines layers, the import commands, the SQL
// helpers and the refresh job. The sources are played by a local HTTP server replaying recorded
// responses (server/test/fixtures/environment and test/fixtures). This file works on its own
// database: loading layers refreshes every thing, which must not disturb the other test files.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { createServer, type Server } from "node:http";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import pg from "pg";
import { loadConfig, rootDir } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { gql, signUp, withOwner } from "./harness.ts";
import { authenticatorUrl, createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { layerSql, prepareLayer, toBng } from "../../domain/environment/layers.ts";
import { BLINES_SAMPLE_ATTRIBUTION, RAINFALL_ATTRIBUTION, SOILSCAPES_SAMPLE_ATTRIBUTION } from "../../domain/environment/settings.ts";
import { refreshEnvironment } from "../../worker/tasks/refresh_environment.ts";
import { storeReadings, storeStations } from "../../domain/environment/cache.ts";
import { specFixture } from "../../test/spec-fixtures.ts";

const run = promisify(execFile);
const fixture = (name: string) => readFileSync(new URL(`./fixtures/environment/${name}`, import.meta.url), "utf8");
const shared = (name: string) => specFixture(name);

const READING = { lat: 51.4543, lon: -0.9781 };
const E7050_MEASURE = "E7050-rainfall-tipping_bucket_raingauge-t-15_min-mm";
const READING_MEASURE = "271011TP-rainfall-tipping_bucket_raingauge-t-15_min-mm";

//------------------------------------------------------------------------------------------
// The replay server: /ea/... plays the EA API, /om/... Open-Meteo.

const dayMs = 24 * 3600_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const first = (v: any) => (Array.isArray(v) ? v[0] : v);
const measureOf = (item: any) =>
  String(typeof item.measure === "object" ? item.measure["@id"] : item.measure)
    .split("/")
    .pop()!;

/** The recorded readings moved in time so the newest is about half an hour old, as a live answer would be. */
function readingItems(): any[] {
  const json = JSON.parse(fixture("ea-readings-271011TP.json"));
  const newest = Math.max(...json.items.map((i: any) => Date.parse(first(i.dateTime))));
  const target = Math.floor(Date.now() / 900_000) * 900_000 - 1800_000;
  const shift = (s: string) => new Date(Date.parse(s) + (target - newest)).toISOString().replace(".000Z", "Z");
  return json.items.map((i: any) => ({ ...i, dateTime: Array.isArray(i.dateTime) ? i.dateTime.map(shift) : shift(i.dateTime) }));
}

/** The EA's reading filters, applied to recorded items. */
function filterReadings(items: any[], params: URLSearchParams): any[] {
  const dt = (i: any) => String(first(i.dateTime));
  let out = [...items].sort((a, b) => dt(b).localeCompare(dt(a)));
  if (params.has("latest")) {
    const seen = new Set<string>();
    out = out.filter((i) => !seen.has(measureOf(i)) && seen.add(measureOf(i)));
  } else if (params.has("today")) out = out.filter((i) => dt(i).startsWith(utcDay(Date.now())));
  else if (params.get("date")) out = out.filter((i) => dt(i).startsWith(params.get("date")!));
  else if (params.get("startdate")) {
    const s = params.get("startdate")!;
    const e = params.get("enddate") ?? s;
    out = out.filter((i) => dt(i).slice(0, 10) >= s && dt(i).slice(0, 10) <= e);
  }
  return params.has("latest") ? out : out.slice(0, Number(params.get("_limit") ?? 500));
}

function londonToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
}

/** The recorded forecast moved by whole days so it starts today. */
function forecastText(): string {
  const text = fixture("open-meteo-forecast.json");
  const days = Math.round((Date.parse(`${londonToday()}T00:00:00Z`) - Date.parse("2026-11-20T00:00:00Z")) / dayMs);
  return text.replace(/\d{4}-\d{2}-\d{2}/g, (d) => utcDay(Date.parse(`${d}T00:00:00Z`) + days * dayMs));
}

interface Replay {
  url: string;
  status: number;
  requests: URL[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function startReplay(): Promise<Replay> {
  const state = { status: 200, requests: [] as URL[] };
  const handler = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
    const url = new URL(req.url!, "http://replay");
    state.requests.push(url);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(typeof body === "string" ? body : JSON.stringify(body));
    if (state.status !== 200) return send(state.status, { error: "Internal Server Error" });
    const p = url.pathname;
    const q = url.searchParams;
    if (p === "/ea/id/stations") {
      if (q.get("parameter") !== "rainfall") return send(400, { error: "parameter" });
      // Near the shared fixture's station: the shared recording; elsewhere: the Reading one.
      return send(
        200,
        Math.abs(Number(q.get("lat")) - 50.88) < 0.3 ? shared("ea-rainfall-stations.json") : fixture("ea-stations-reading.json"),
      );
    }
    let m = /^\/ea\/id\/stations\/([^/]+)$/.exec(p);
    if (m) {
      if (m[1] !== "271011TP") return send(404, { error: "Not found" });
      const json = JSON.parse(fixture("ea-station-271011TP.json"));
      const newest = readingItems()[0];
      json.items.measures[0].latestReading.dateTime = first(newest.dateTime);
      json.items.measures[0].latestReading.value = first(newest.value);
      return send(200, json);
    }
    m = /^\/ea\/id\/stations\/([^/]+)\/measures$/.exec(p);
    if (m) return send(200, m[1] === "271011TP" ? fixture("ea-measures-271011TP.json") : { meta: {}, items: [] });
    m = /^\/ea\/id\/stations\/([^/]+)\/readings$/.exec(p);
    if (m) return send(200, { meta: {}, items: m[1] === "271011TP" ? filterReadings(readingItems(), q) : [] });
    m = /^\/ea\/id\/measures\/([^/]+)\/readings$/.exec(p);
    if (m) {
      const items =
        m[1] === E7050_MEASURE ? JSON.parse(shared("ea-rainfall-readings.json")).items : m[1] === READING_MEASURE ? readingItems() : [];
      return send(200, { meta: {}, items: filterReadings(items, q) });
    }
    if (p === "/om/v1/forecast") return send(200, forecastText());
    return send(404, { error: "no route" });
  };
  let server: Server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as any).port as number;
  return {
    url: `http://127.0.0.1:${port}`,
    get status() {
      return state.status;
    },
    set status(v: number) {
      state.status = v;
    },
    get requests() {
      return state.requests;
    },
    set requests(v: URL[]) {
      state.requests = v;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
    async start() {
      server = createServer(handler);
      await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
    },
  } as Replay;
}

//------------------------------------------------------------------------------------------

let replay: Replay;
let server: RunningServer;
let adminUrl: string;
let databaseUrl: string;

beforeAll(async () => {
  replay = await startReplay();
  adminUrl = inject("adminUrl");
  databaseUrl = await createTestDatabase(adminUrl, "bk_env");
  server = await startServer(
    loadConfig({
      databaseUrl,
      authDatabaseUrl: await authenticatorUrl(databaseUrl),
      port: 0,
      host: "127.0.0.1",
      exportSchema: false,
      graphiql: false,
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
      eaApiUrl: `${replay.url}/ea`,
      openMeteoUrl: `${replay.url}/om`,
      environmentTimeoutMs: 3000,
      rainfallCacheMinutes: 15,
      weatherCacheMinutes: 60,
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await replay?.stop().catch(() => {});
  if (databaseUrl) await dropTestDatabase(adminUrl, databaseUrl);
});

const q = (query: string, variables: Record<string, unknown> = {}, token?: string) => gql(server.url, query, variables, token);
const owner = <T>(fn: (c: pg.Client) => Promise<T>) => withOwner(databaseUrl, fn);
/** Makes every cached answer older than its cache time, as if fetched three days ago. */
const ageCache = () => owner((c) => c.query("update app_private.environment_fetches set fetched_at = fetched_at - interval '3 days'"));
const upstream = (prefix: string) => replay.requests.filter((u) => u.pathname.startsWith(prefix));
const META = "fetchedAt stale source notice attribution licence";

const STATIONS = `query RainfallStations($x: Float!, $y: Float!, $dist: Float) {
  rainfallStations(x: $x, y: $y, dist: $dist) { stations { id stationReference label lat long distance town measures { id stationId parameter period unitName } } ${META} } }`;
const MEASURES = `query RainfallMeasures($stationId: String!) { rainfallMeasures(stationId: $stationId) { measures { id stationId parameter parameterName period qualifier unitName } ${META} } }`;
const READINGS = `query RainfallReadings($stationId: String, $measureId: String, $latest: Boolean, $today: Boolean, $date: String, $startdate: String, $enddate: String, $limit: Int) {
  rainfallReadings(stationId: $stationId, measureId: $measureId, latest: $latest, today: $today, date: $date, startdate: $startdate, enddate: $enddate, _limit: $limit) {
    readings { dateTime value measure stationId } ${META} } }`;
const STATION = `query RainfallStation($id: String!) { rainfallStation(id: $id) {
  id label lat long town measures { id } latestReading { dateTime value measure } last24hTotal last24hReadings readings { dateTime value } ${META} } }`;
const WEATHER = `query NearestWeatherForecasts($latitude: Float!, $longitude: Float!) { nearestWeatherForecasts(latitude: $latitude, longitude: $longitude) {
  latitude longitude timezone elevation hourly { time localTime temperature precipitation precipitationProbability }
  daily { date precipitationSum temperatureMax temperatureMin } ${META} } }`;
const SOILSCAPE = `query Soilscape($x: Float!, $y: Float!) { soilscape(x: $x, y: $y) {
  classNumber name texture drainage fertility landcover habitats carbon drainsTo waterProtection generalCropping attribution isSample source } }`;
const BLINES = `query BLines($x: Float, $y: Float, $dist: Float, $south: Float, $west: Float, $north: Float, $east: Float) {
  bLines(x: $x, y: $y, dist: $dist, south: $south, west: $west, north: $north, east: $east) }`;
const LAYER = `query SoilscapeLayer($south: Float!, $west: Float!, $north: Float!, $east: Float!) { soilscapeLayer(south: $south, west: $west, north: $north, east: $east) }`;

/** Readings of the recording in the last 24 hours, as the server should count them. */
function expectedLastDay() {
  const now = Date.now();
  const values = readingItems()
    .filter((i) => {
      const t = Date.parse(first(i.dateTime));
      return t > now - dayMs && t <= now;
    })
    .map((i) => Number(first(i.value)));
  return { count: values.length, total: Math.round(values.reduce((s, x) => s + x, 0) * 1000) / 1000 };
}

describe("rainfall (Environment Agency)", () => {
  it("lists the stations near a point with their distance, measures and the attribution", async () => {
    replay.requests = [];
    const r = await q(STATIONS, { x: READING.lat, y: READING.lon });
    expect(r.errors).toBeUndefined();
    const answer = r.data.rainfallStations;
    expect(answer).toMatchObject({
      source: "live",
      stale: false,
      notice: null,
      attribution: RAINFALL_ATTRIBUTION,
      licence: "Open Government Licence v3.0",
    });
    expect(Date.now() - Date.parse(answer.fetchedAt)).toBeLessThan(60_000);
    // BROKEN1 has no position and is left out; nearest first.
    expect(answer.stations.map((s: any) => s.id)).toEqual(["271011TP", "272321TP", "270511TP"]);
    const [bridge, tilehurst, woodley] = answer.stations;
    expect(bridge).toMatchObject({
      stationReference: "271011TP",
      label: "Reading Bridge",
      town: "Reading",
      lat: 51.460381,
      long: -0.969177,
    });
    expect(bridge.distance).toBeCloseTo(0.894, 1);
    expect(bridge.measures).toEqual([{ id: READING_MEASURE, stationId: "271011TP", parameter: "rainfall", period: 900, unitName: "mm" }]);
    // Label, position and reference sent as arrays; measures as a single object.
    expect(tilehurst).toMatchObject({ label: "Tilehurst", lat: 51.458143, long: -1.044262, stationReference: "272321TP" });
    expect(tilehurst.measures.map((m: any) => m.id)).toEqual(["272321TP-rainfall-tipping_bucket_raingauge-t-15_min-mm"]);
    expect(tilehurst.distance).toBeGreaterThan(4);
    expect(woodley.distance).toBeGreaterThan(tilehurst.distance);
    const [request] = upstream("/ea/id/stations");
    expect(Object.fromEntries(request.searchParams)).toEqual({ parameter: "rainfall", lat: "51.4543", long: "-0.9781", dist: "10" });
  });

  it("reads the recorded stations of the shared fixture, and reuses a recent answer without asking again", async () => {
    const r = await q(STATIONS, { x: 50.88, y: 0.5, dist: 5 });
    expect(r.data.rainfallStations.stations).toEqual([
      expect.objectContaining({
        id: "E7050",
        label: "Rainfall station",
        lat: 50.878052,
        long: 0.500069,
        measures: [{ id: E7050_MEASURE, stationId: "E7050", parameter: "rainfall", period: 900, unitName: "mm" }],
      }),
    ]);
    expect(r.data.rainfallStations.stations[0].distance).toBeCloseTo(0.217, 2);
    replay.requests = [];
    const again = await q(STATIONS, { x: 50.88, y: 0.5, dist: 5 });
    expect(again.data.rainfallStations).toMatchObject({
      source: "cache",
      stale: false,
      stations: [expect.objectContaining({ id: "E7050" })],
    });
    expect(upstream("/ea")).toHaveLength(0);
  });

  it("lists a station's measures (the id may be given as the API's URI)", async () => {
    const r = await q(MEASURES, { stationId: "http://environment.data.gov.uk/flood-monitoring/id/stations/271011TP" });
    expect(r.errors).toBeUndefined();
    expect(r.data.rainfallMeasures).toMatchObject({
      source: "live",
      stale: false,
      measures: [
        {
          id: READING_MEASURE,
          stationId: "271011TP",
          parameter: "rainfall",
          parameterName: "Rainfall",
          period: 900,
          qualifier: "Tipping Bucket Raingauge",
          unitName: "mm",
        },
      ],
    });
  });

  it("reads readings by measure and by station with each filter, and parses array-valued fields", async () => {
    replay.requests = [];
    const byMeasure = await q(READINGS, { measureId: E7050_MEASURE });
    expect(byMeasure.errors).toBeUndefined();
    expect(byMeasure.data.rainfallReadings.readings).toEqual([
      { dateTime: "2026-05-09T10:15:00.000Z", value: 0.2, measure: E7050_MEASURE, stationId: "E7050" },
      { dateTime: "2026-05-09T10:00:00.000Z", value: 0, measure: E7050_MEASURE, stationId: "E7050" },
    ]);
    expect(upstream("/ea")[0].pathname).toBe(`/ea/id/measures/${E7050_MEASURE}/readings`);
    expect(upstream("/ea")[0].search).toBe("?_sorted&_limit=500");

    const date = await q(READINGS, { measureId: E7050_MEASURE, date: "2026-05-09", limit: 1 });
    expect(date.data.rainfallReadings.readings).toHaveLength(1);
    expect(upstream("/ea").at(-1)!.search).toBe("?date=2026-05-09&_sorted&_limit=1");
    const range = await q(READINGS, { measureId: E7050_MEASURE, startdate: "2026-05-01", enddate: "2026-05-08" });
    expect(range.data.rainfallReadings.readings).toEqual([]);
    expect(upstream("/ea").at(-1)!.search).toBe("?startdate=2026-05-01&enddate=2026-05-08&_sorted&_limit=500");

    const items = readingItems();
    const latest = await q(READINGS, { stationId: "271011TP", latest: true });
    expect(upstream("/ea").at(-1)!.pathname).toBe("/ea/id/stations/271011TP/readings");
    expect(upstream("/ea").at(-1)!.search).toBe("?latest&_sorted");
    expect(latest.data.rainfallReadings.readings).toEqual([
      { dateTime: new Date(items[0].dateTime).toISOString(), value: items[0].value, measure: READING_MEASURE, stationId: "271011TP" },
    ]);

    const today = await q(READINGS, { stationId: "271011TP", today: true });
    expect(upstream("/ea").at(-1)!.search).toBe("?today&_sorted&_limit=500");
    for (const r of today.data.rainfallReadings.readings) expect(r.dateTime.slice(0, 10)).toBe(utcDay(Date.now()));

    const limited = await q(READINGS, { stationId: "271011TP", limit: 10 });
    const got = limited.data.rainfallReadings.readings;
    expect(got).toHaveLength(10);
    expect(got.map((r: any) => r.dateTime)).toEqual([...got.map((r: any) => r.dateTime)].sort().reverse());
    // Items 5, 6 and 7 of the recording carry the value, the dateTime and the measure in other shapes.
    expect(got[5]).toEqual({
      dateTime: new Date(items[5].dateTime).toISOString(),
      value: items[5].value[0],
      measure: READING_MEASURE,
      stationId: "271011TP",
    });
    expect(got[6].dateTime).toBe(new Date(items[6].dateTime[0]).toISOString());
    expect(got[7].measure).toBe(READING_MEASURE);

    // The days the recording spans once moved in time (two days' readings, 192, ending half an
    // hour ago): "the day before yesterday to today" held them all except in the first half hour
    // after midnight (UTC), when the oldest reading fell on the day before (CI at 00:04: 191).
    const times = items.map((i) => Date.parse(first(i.dateTime)));
    const twoDays = await q(READINGS, {
      stationId: "271011TP",
      startdate: utcDay(Math.min(...times)),
      enddate: utcDay(Math.max(...times)),
      limit: 1000,
    });
    expect(twoDays.data.rainfallReadings.readings).toHaveLength(192);
  });

  it("shows a station's details: latest reading and the last 24 hours' total", async () => {
    const r = await q(STATION, { id: "271011TP" });
    expect(r.errors).toBeUndefined();
    const d = r.data.rainfallStation;
    const items = readingItems();
    const expected = expectedLastDay();
    expect(d).toMatchObject({
      id: "271011TP",
      label: "Reading Bridge",
      town: "Reading",
      lat: 51.460381,
      long: -0.969177,
      source: "live",
      stale: false,
    });
    expect(d.latestReading).toEqual({
      dateTime: new Date(items[0].dateTime).toISOString(),
      value: items[0].value,
      measure: READING_MEASURE,
    });
    expect(d.last24hReadings).toBe(expected.count);
    expect(d.last24hTotal).toBeCloseTo(expected.total, 3);
    expect(d.readings).toHaveLength(expected.count);

    const unknown = await q(STATION, { id: "UNKNOWN1" });
    expect(unknown.errors?.[0]).toMatchObject({ message: "Rainfall station not found", extensions: { code: "NTFND" } });
  });

  it("answers from the cache, saying how old it is, when the source answers 500", async () => {
    await ageCache();
    replay.status = 500;
    try {
      const stations = await q(STATIONS, { x: READING.lat, y: READING.lon });
      expect(stations.errors).toBeUndefined();
      const a = stations.data.rainfallStations;
      expect(a).toMatchObject({ source: "cache", stale: true, attribution: RAINFALL_ATTRIBUTION });
      expect(a.stations.map((s: any) => s.id)).toEqual(["271011TP", "272321TP", "270511TP"]);
      expect(a.stations[0].distance).toBeCloseTo(0.894, 1);
      expect(Date.now() - Date.parse(a.fetchedAt)).toBeGreaterThan(2.9 * dayMs);
      expect(a.notice).toMatch(/could not be reached; showing data fetched 3 days ago/);

      const measures = await q(MEASURES, { stationId: "271011TP" });
      expect(measures.data.rainfallMeasures).toMatchObject({ stale: true, measures: [{ id: READING_MEASURE }] });

      const latest = await q(READINGS, { stationId: "271011TP", latest: true });
      expect(latest.data.rainfallReadings).toMatchObject({ stale: true, source: "cache" });
      expect(latest.data.rainfallReadings.readings).toEqual([
        expect.objectContaining({ dateTime: new Date(readingItems()[0].dateTime).toISOString() }),
      ]);
      // A request never made, answered from what the cache holds.
      const limited = await q(READINGS, { stationId: "271011TP", limit: 3 });
      expect(limited.data.rainfallReadings.readings).toHaveLength(3);
      const byDate = await q(READINGS, { measureId: E7050_MEASURE, date: "2026-05-09" });
      expect(byDate.data.rainfallReadings).toMatchObject({ stale: true, readings: [{ value: 0.2 }, { value: 0 }] });

      const station = await q(STATION, { id: "271011TP" });
      expect(station.data.rainfallStation).toMatchObject({ stale: true, last24hReadings: expectedLastDay().count });
      expect(station.data.rainfallStation.last24hTotal).toBeCloseTo(expectedLastDay().total, 3);
    } finally {
      replay.status = 200;
    }
  });

  it("with the source stopped: the cache where it has something, else 'Rainfall data is unavailable right now'", async () => {
    await ageCache();
    await replay.stop();
    try {
      const cached = await q(STATIONS, { x: READING.lat, y: READING.lon });
      expect(cached.data.rainfallStations).toMatchObject({ stale: true, source: "cache" });
      for (const [query, vars] of [
        [STATIONS, { x: 55.95, y: -3.19 }],
        [MEASURES, { stationId: "E9999" }],
        [READINGS, { stationId: "270511TP", latest: true }],
        [STATION, { id: "E9999" }],
      ] as const) {
        const r = await q(query, vars);
        expect(r.errors?.[0]).toMatchObject({ message: "Rainfall data is unavailable right now", extensions: { code: "UNAVL" } });
      }
    } finally {
      await replay.start();
    }
  });

  it("refuses bad input with clear messages (INVLD)", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [STATIONS, { x: 95, y: 0 }, "Latitude must be between -90 and 90"],
      [STATIONS, { x: 51, y: -181 }, "Longitude must be between -180 and 180"],
      [STATIONS, { x: 51, y: 0, dist: 60 }, "Distance must be between 0 and 50 km"],
      [STATIONS, { x: 51, y: 0, dist: 0 }, "Distance must be between 0 and 50 km"],
      [MEASURES, { stationId: "E70 50" }, "Station id is not valid"],
      [READINGS, {}, "Give a stationId or a measureId"],
      [READINGS, { stationId: "E7050", limit: 0 }, "Limit must be between 1 and 10000"],
      [READINGS, { stationId: "E7050", limit: 10001 }, "Limit must be between 1 and 10000"],
      [READINGS, { stationId: "E7050", date: "2026-13-01" }, "date must be a date written YYYY-MM-DD"],
      [READINGS, { stationId: "E7050", date: "yesterday" }, "date must be a date written YYYY-MM-DD"],
      [READINGS, { stationId: "E7050", startdate: "2026-02-30" }, "startdate must be a date written YYYY-MM-DD"],
      [READINGS, { stationId: "E7050", enddate: "2026-05-01" }, "An enddate needs a startdate"],
      [READINGS, { stationId: "E7050", startdate: "2026-05-02", enddate: "2026-05-01" }, "The startdate must not be after the enddate"],
      [
        READINGS,
        { stationId: "E7050", latest: true, date: "2026-05-01" },
        "Use only one of latest, today, date, or startdate with enddate",
      ],
      [READINGS, { measureId: "../../etc" }, "Measure id is not valid"],
      [WEATHER, { latitude: -91, longitude: 0 }, "Latitude must be between -90 and 90"],
      [SOILSCAPE, { x: 51, y: 181 }, "Longitude must be between -180 and 180"],
    ];
    replay.requests = [];
    for (const [query, vars, message] of cases) {
      const r = await q(query, vars);
      expect(r.errors?.[0], `${JSON.stringify(vars)}`).toMatchObject({ message, extensions: { code: "INVLD" } });
    }
    expect(replay.requests).toHaveLength(0);
  });
});

describe("weather (Open-Meteo)", () => {
  it("returns hourly and daily forecasts, one upstream request per 0.1 degree grid point", async () => {
    replay.requests = [];
    const r = await q(WEATHER, { latitude: READING.lat, longitude: READING.lon });
    expect(r.errors).toBeUndefined();
    const f = r.data.nearestWeatherForecasts;
    expect(f).toMatchObject({
      latitude: 51.5,
      longitude: -1,
      timezone: "Europe/London",
      elevation: 61,
      source: "live",
      stale: false,
      attribution: "Weather data by Open-Meteo.com (CC BY 4.0)",
      licence: "CC BY 4.0",
    });
    // The recording has 14 past days (past_days) before today's forecast: served from today on.
    const recorded = JSON.parse(forecastText());
    const PAST_DAYS = 14,
      PAST_HOURS = PAST_DAYS * 24;
    expect(recorded.daily.time).toHaveLength(PAST_DAYS + 7);
    expect(f.hourly).toHaveLength(168);
    expect(f.daily).toHaveLength(7);
    expect(f.hourly[20]).toEqual({
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/),
      localTime: recorded.hourly.time[PAST_HOURS + 20],
      temperature: recorded.hourly.temperature_2m[PAST_HOURS + 20],
      precipitation: recorded.hourly.precipitation[PAST_HOURS + 20],
      precipitationProbability: recorded.hourly.precipitation_probability[PAST_HOURS + 20],
    });
    expect(f.daily[0]).toEqual({
      date: londonToday(),
      precipitationSum: recorded.daily.precipitation_sum[PAST_DAYS],
      temperatureMax: recorded.daily.temperature_2m_max[PAST_DAYS],
      temperatureMin: recorded.daily.temperature_2m_min[PAST_DAYS],
    });
    const [request] = upstream("/om");
    expect(request.pathname).toBe("/om/v1/forecast");
    expect(Object.fromEntries(request.searchParams)).toEqual({
      latitude: "51.5",
      longitude: "-1",
      hourly: "temperature_2m,precipitation,precipitation_probability",
      daily: "precipitation_sum,temperature_2m_max,temperature_2m_min,et0_fao_evapotranspiration",
      timezone: "auto",
      past_days: "14",
    });
    // Another point in the same grid cell: from the cache, no second request.
    const near = await q(WEATHER, { latitude: 51.47, longitude: -1.02 });
    expect(near.data.nearestWeatherForecasts).toMatchObject({ latitude: 51.5, longitude: -1, source: "cache", stale: false });
    expect(near.data.nearestWeatherForecasts.hourly).toHaveLength(168);
    expect(upstream("/om")).toHaveLength(1);
    // A point of another cell asks again.
    await q(WEATHER, { latitude: 51.56, longitude: -1.0 });
    expect(upstream("/om")).toHaveLength(2);
    expect(upstream("/om")[1].searchParams.get("latitude")).toBe("51.6");
  });

  it("hourly times are UTC, localTime as Open-Meteo sends it", async () => {
    const r = await q(WEATHER, { latitude: READING.lat, longitude: READING.lon });
    const hour = r.data.nearestWeatherForecasts.hourly[0];
    const offset = Date.parse(`${hour.localTime}:00Z`) - Date.parse(hour.time);
    expect([0, 3600_000]).toContain(offset); // GMT or BST
  });

  it("falls back to the cached forecast when Open-Meteo fails, and says so", async () => {
    await ageCache();
    replay.status = 500;
    try {
      const r = await q(WEATHER, { latitude: 51.46, longitude: -0.97 });
      expect(r.data.nearestWeatherForecasts).toMatchObject({ stale: true, source: "cache", latitude: 51.5, longitude: -1 });
      expect(r.data.nearestWeatherForecasts.notice).toMatch(/^Open-Meteo could not be reached; showing data fetched/);
      expect(r.data.nearestWeatherForecasts.hourly).toHaveLength(168);
      const none = await q(WEATHER, { latitude: 40.4, longitude: -3.7 });
      expect(none.errors?.[0]).toMatchObject({ message: "Weather forecasts are unavailable right now", extensions: { code: "UNAVL" } });
    } finally {
      replay.status = 200;
    }
  });
});

describe("SQL helpers for alerts and the assistant", () => {
  it("rainfall_near totals the cached readings of the nearest station; forecast_precipitation the cached forecast", async () => {
    // Fresh data first (the station's readings of the last day are cached by now).
    await q(STATION, { id: "271011TP" });
    await ageCache();
    const expected = expectedLastDay();
    const near = await owner((c) =>
      c.query("select * from app_hidden.rainfall_near($1, $2, now() - interval '24 hours')", [READING.lat, READING.lon]),
    );
    expect(near.rows).toHaveLength(1);
    expect(near.rows[0]).toMatchObject({ station_id: "271011TP", label: "Reading Bridge", readings: expected.count });
    expect(near.rows[0].total_mm).toBeCloseTo(expected.total, 3);
    expect(near.rows[0].distance_km).toBeCloseTo(0.894, 1);
    const sixHours = readingItems()
      .filter((i) => Date.parse(first(i.dateTime)) > Date.now() - 6 * 3600_000)
      .reduce((s, i) => s + Number(first(i.value)), 0);
    const recent = await owner((c) =>
      c.query("select total_mm from app_hidden.rainfall_near($1, $2, now() - interval '6 hours')", [READING.lat, READING.lon]),
    );
    expect(recent.rows[0].total_mm).toBeCloseTo(sixHours, 3);
    const far = await owner((c) => c.query("select * from app_hidden.rainfall_near(55.95, -3.19, now() - interval '1 day')"));
    expect(far.rows).toHaveLength(0);

    const f = (await q(WEATHER, { latitude: READING.lat, longitude: READING.lon })).data.nearestWeatherForecasts;
    const hourStart = Math.floor(Date.now() / 3600_000) * 3600_000;
    const next24 = f.hourly
      .filter((h: any) => Date.parse(h.time) >= hourStart && Date.parse(h.time) < hourStart + 24 * 3600_000)
      .reduce((s: number, h: any) => s + h.precipitation, 0);
    const forecast = await owner((c) => c.query("select app_hidden.forecast_precipitation($1, $2, 24) as mm", [READING.lat, READING.lon]));
    expect(forecast.rows[0].mm).toBeCloseTo(next24, 3);
    const none = await owner((c) => c.query("select app_hidden.forecast_precipitation(40.4, -3.7, 24) as mm"));
    expect(none.rows[0].mm).toBeNull();
    // The web roles may call them too (the assistant's job runs as the owner; the API as a web role).
    const asGuest = await owner(async (c) => {
      await c.query("begin; set local role bk_anonymous");
      try {
        return (await c.query("select app_hidden.forecast_precipitation($1, $2, 6) as mm", [READING.lat, READING.lon])).rows[0].mm;
      } finally {
        await c.query("rollback");
      }
    });
    expect(typeof asGuest).toBe("number");
  });
});

//------------------------------------------------------------------------------------------
// Layers

const CREATE_GROUP = `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`;
const THING_FIELDS = "id nodeId texture drainage fertility landcover habitats carbon drainsTo waterProtection generalCropping";
const CREATE_THING = `mutation CreateThing($groupId: UUID!, $location: PointInput!) {
  createThing(input: { groupId: $groupId, name: "Soil Planter", type: PLANTER, location: $location, isPublic: true }) { thing { ${THING_FIELDS} } } }`;
const MOVE_THING = `mutation UpdateThing($nodeId: ID!, $location: PointInput!) {
  updateThing(input: { nodeId: $nodeId, thingPatch: { location: $location } }) { thing { ${THING_FIELDS} } } }`;
const THING = `query ThingById($id: UUID!) { thingById(id: $id) { ${THING_FIELDS} } }`;

async function loadSeed() {
  const sql = readFileSync(path.join(rootDir, "db/seed/050_environment.sql"), "utf8");
  await owner((c) => c.query(sql));
}

async function importLayer(script: "import-soilscapes" | "import-blines", file: string, ...flags: string[]) {
  return run(process.execPath, ["--import", "tsx", path.join(rootDir, "scripts", `${script}.ts`), file, ...flags], {
    cwd: rootDir,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

const tmp = mkdtempSync(path.join(tmpdir(), "steward-layers-"));
function writeGeoJson(name: string, value: unknown): string {
  const file = path.join(tmp, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

/** A BNG square (metres) as a GeoJSON ring. */
function bngSquare(e0: number, n0: number, e1: number, n1: number) {
  return [
    [
      [e0, n0],
      [e1, n0],
      [e1, n1],
      [e0, n1],
      [e0, n0],
    ],
  ];
}

describe("soilscapes", () => {
  let token: string;
  let groupId: string;

  beforeAll(async () => {
    await loadSeed();
    token = (await signUp(server.url)).token;
    groupId = (await q(CREATE_GROUP, { name: "Soil Growers" }, token)).data.createGroup.group.id;
  });

  it("the seed is the sample layers of data/, as the import command makes them", () => {
    const seed = readFileSync(path.join(rootDir, "db/seed/050_environment.sql"), "utf8");
    const soil = prepareLayer("soilscapes", JSON.parse(readFileSync(path.join(rootDir, "data/soilscapes-sample.geojson"), "utf8")));
    const lines = prepareLayer("b_lines", JSON.parse(readFileSync(path.join(rootDir, "data/b-lines-sample.geojson"), "utf8")));
    expect(lines.crs).toBe("EPSG:27700");
    expect(seed).toContain(
      layerSql("soilscapes", soil.features, {
        source: "data/soilscapes-sample.geojson",
        attribution: SOILSCAPES_SAMPLE_ATTRIBUTION,
        isSample: true,
      }),
    );
    expect(seed).toContain(
      layerSql("b_lines", lines.features, {
        source: "data/b-lines-sample.geojson",
        attribution: BLINES_SAMPLE_ATTRIBUTION,
        isSample: true,
      }),
    );
  });

  it("answers the class at a point inside the sample layer, and null outside it", async () => {
    const centre = await q(SOILSCAPE, { x: READING.lat, y: READING.lon });
    expect(centre.errors).toBeUndefined();
    expect(centre.data.soilscape).toMatchObject({
      classNumber: 20,
      name: "Loamy and clayey floodplain soils with naturally high groundwater",
      texture: "Loamy and clayey",
      drainage: "Naturally wet",
      isSample: true,
      attribution: SOILSCAPES_SAMPLE_ATTRIBUTION,
    });
    for (const key of ["fertility", "landcover", "habitats", "carbon", "drainsTo", "waterProtection", "generalCropping"]) {
      expect(centre.data.soilscape[key], key).toEqual(expect.any(String));
    }
    expect((await q(SOILSCAPE, { x: 51.49, y: -1.03 })).data.soilscape).toMatchObject({ classNumber: 3, drainage: "Freely draining" });
    expect((await q(SOILSCAPE, { x: 51.43, y: -0.93 })).data.soilscape).toMatchObject({ classNumber: 6 });
    // Both parts of the floodplain MultiPolygon.
    expect((await q(SOILSCAPE, { x: 51.467, y: -0.93 })).data.soilscape).toMatchObject({ classNumber: 20 });
    expect((await q(SOILSCAPE, { x: 51.5074, y: -0.1278 })).data.soilscape).toBeNull();

    const layer = await q(LAYER, { south: 51.44, west: -1.0, north: 51.46, east: -0.95 });
    expect(layer.data.soilscapeLayer).toMatchObject({ type: "FeatureCollection", isSample: true, truncated: false });
    expect(layer.data.soilscapeLayer.features.map((f: any) => f.properties.class_number).sort()).toEqual([18, 20, 6].sort());
    expect(layer.data.soilscapeLayer.features[0].geometry.type).toMatch(/Polygon/);
  });

  it("fills a thing's soilscape fields when it is created or moved, and clears them outside the layer", async () => {
    const created = await q(CREATE_THING, { groupId, location: { x: READING.lat, y: READING.lon } }, token);
    expect(created.errors).toBeUndefined();
    const thing = created.data.createThing.thing;
    expect(thing).toMatchObject({ texture: "Loamy and clayey", drainage: "Naturally wet", fertility: "Moderate to high" });
    expect(thing.waterProtection).toMatch(/Floodplain/);

    const chalk = await q(MOVE_THING, { nodeId: thing.nodeId, location: { x: 51.49, y: -1.03 } }, token);
    expect(chalk.data.updateThing.thing).toMatchObject({ texture: "Loamy", drainage: "Freely draining", carbon: "Low" });

    const london = await q(MOVE_THING, { nodeId: thing.nodeId, location: { x: 51.5074, y: -0.1278 } }, token);
    expect(london.errors).toBeUndefined();
    const cleared = london.data.updateThing.thing;
    for (const key of [
      "texture",
      "drainage",
      "fertility",
      "landcover",
      "habitats",
      "carbon",
      "drainsTo",
      "waterProtection",
      "generalCropping",
    ]) {
      expect(cleared[key], key).toBeNull();
    }
    await q(MOVE_THING, { nodeId: thing.nodeId, location: { x: READING.lat, y: READING.lon } }, token);
  });

  it("import:soilscapes replaces the layer from a British National Grid file and refreshes things", async () => {
    const thing = (await q(CREATE_THING, { groupId, location: { x: READING.lat, y: READING.lon } }, token)).data.createThing.thing;
    expect(thing.texture).toBe("Loamy and clayey");
    const [e, n] = toBng(READING.lon, READING.lat);
    const file = writeGeoJson("soil-bng.geojson", {
      type: "FeatureCollection",
      crs: { type: "name", properties: { name: "urn:ogc:def:crs:EPSG::27700" } },
      features: [
        {
          type: "Feature",
          properties: {
            SOILSCAPE: "Freely draining floodplain soils",
            SS_CLASS: "12",
            TEXTURE: "Loamy",
            DRAINAGE: "Freely draining",
            FERTILITY: "Moderate",
            HABITATS: "Riverside meadows",
            CARBON: "Low",
            DRAINS_TO: "Groundwater",
            WATER_PROT: "Floodplain",
            GENERAL_CR: "Arable",
          },
          geometry: { type: "Polygon", coordinates: bngSquare(e - 1000, n - 1000, e + 1000, n + 1000) },
        },
        { type: "Feature", properties: { note: "not a polygon" }, geometry: { type: "Point", coordinates: [e, n] } },
      ],
    });
    const { stdout } = await importLayer("import-soilscapes", file);
    expect(stdout).toMatch(
      /Loaded 1 soilscape feature\(s\).*reprojected from British National Grid.*1 non-polygon or broken feature\(s\) skipped/,
    );

    expect((await q(SOILSCAPE, { x: READING.lat, y: READING.lon })).data.soilscape).toMatchObject({
      classNumber: 12,
      name: "Freely draining floodplain soils",
      texture: "Loamy",
      waterProtection: "Floodplain",
      generalCropping: "Arable",
      isSample: false,
      source: "soil-bng.geojson",
      attribution: expect.stringMatching(/Soilscapes © Cranfield University/),
    });
    // 1 km east is inside the square, 1.5 km east is not (reprojected correctly); the old layer is gone.
    expect((await q(SOILSCAPE, { x: READING.lat, y: READING.lon + 0.0125 })).data.soilscape?.classNumber).toBe(12);
    expect((await q(SOILSCAPE, { x: READING.lat, y: READING.lon + 0.0216 })).data.soilscape).toBeNull();
    expect((await q(SOILSCAPE, { x: 51.49, y: -1.03 })).data.soilscape).toBeNull();
    expect((await q(THING, { id: thing.id }, token)).data.thingById).toMatchObject({
      texture: "Loamy",
      drainage: "Freely draining",
      landcover: null,
    });
  });

  it("import:soilscapes reads WGS84 multipolygons with holes, and refuses a file that is not a FeatureCollection", async () => {
    const hole = [
      [-0.99, 51.45],
      [-0.97, 51.45],
      [-0.97, 51.46],
      [-0.99, 51.46],
      [-0.99, 51.45],
    ];
    const island = [
      [-0.985, 51.452],
      [-0.975, 51.452],
      [-0.975, 51.458],
      [-0.985, 51.458],
      [-0.985, 51.452],
    ];
    const file = writeGeoJson("soil-wgs84.geojson", {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { Class: 22, Name: "Loamy soils with naturally high groundwater", Texture: "Loamy", Drainage: "Naturally wet" },
          geometry: {
            type: "MultiPolygon",
            coordinates: [
              [
                [
                  [-1.0, 51.44],
                  [-0.96, 51.44],
                  [-0.96, 51.47],
                  [-1.0, 51.47],
                  [-1.0, 51.44],
                ],
                hole,
              ],
              [
                [
                  [-0.2, 51.5],
                  [-0.1, 51.5],
                  [-0.1, 51.52],
                  [-0.2, 51.52],
                  [-0.2, 51.5],
                ],
              ],
            ],
          },
        },
        // An island in the hole, loaded after the polygon around it.
        {
          type: "Feature",
          properties: { Class: 12, Name: "Freely draining floodplain soils" },
          geometry: { type: "Polygon", coordinates: [island] },
        },
      ],
    });
    const { stdout } = await importLayer("import-soilscapes", file, "--sample");
    expect(stdout).toMatch(/Loaded 2 soilscape feature\(s\)/);
    expect(stdout).not.toMatch(/reprojected/);
    expect((await q(SOILSCAPE, { x: 51.445, y: -0.99 })).data.soilscape).toMatchObject({ classNumber: 22, isSample: true });
    expect((await q(SOILSCAPE, { x: 51.5074, y: -0.1278 })).data.soilscape).toMatchObject({ classNumber: 22 });
    // In the hole: not the polygon around it; in the island: the island's class.
    expect((await q(SOILSCAPE, { x: READING.lat, y: READING.lon })).data.soilscape).toMatchObject({ classNumber: 12 });
    expect((await q(SOILSCAPE, { x: 51.459, y: -0.988 })).data.soilscape).toBeNull();
    const layer = await q(LAYER, { south: 51.44, west: -1.0, north: 51.47, east: -0.96 });
    expect(layer.data.soilscapeLayer.features[0].geometry.coordinates[0]).toHaveLength(2);

    const bad = writeGeoJson("bad.geojson", { type: "Feature", geometry: null });
    await expect(importLayer("import-soilscapes", bad)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/not a GeoJSON FeatureCollection/),
    });
    expect((await q(SOILSCAPE, { x: READING.lat, y: READING.lon })).data.soilscape).toMatchObject({ classNumber: 12 });
    await loadSeed();
  });
});

describe("B-Lines", () => {
  it("the sample corridors come back as GeoJSON near a point and in a box; in_bline answers for the assistant", async () => {
    const near = await q(BLINES, { x: READING.lat, y: READING.lon });
    expect(near.errors).toBeUndefined();
    const fc = near.data.bLines;
    expect(fc).toMatchObject({ type: "FeatureCollection", inBLine: true, isSample: true, attribution: BLINES_SAMPLE_ATTRIBUTION });
    expect(fc.features.map((f: any) => f.properties.name).sort()).toEqual(["Kennet to Chilterns link (sample)", "Thames Valley (sample)"]);
    const thames = fc.features.find((f: any) => f.properties.name === "Thames Valley (sample)");
    const [lon, lat] = thames.geometry.coordinates[0][0];
    expect(lon).toBeCloseTo(-1.21, 1);
    expect(lat).toBeCloseTo(51.44, 1);

    const box = await q(BLINES, { south: 51.36, west: -1.04, north: 51.38, east: -1.02 });
    expect(box.data.bLines.features.map((f: any) => f.properties.name)).toEqual(["Kennet to Chilterns link (sample)"]);
    expect(box.data.bLines.inBLine).toBeUndefined();
    const outside = await q(BLINES, { x: 51.5074, y: -0.1278, dist: 1 });
    expect(outside.data.bLines).toMatchObject({ features: [], inBLine: false });

    const sql = await owner((c) =>
      c.query("select app_hidden.in_bline(point($1, $2)) as inside, app_hidden.in_bline(point(51.5074, -0.1278)) as london", [
        READING.lat,
        READING.lon,
      ]),
    );
    expect(sql.rows[0]).toEqual({ inside: true, london: false });

    for (const [vars, message] of [
      [{}, "Give a point (x, y, and optionally dist) or a box (south, west, north, east)"],
      [
        { x: 51, y: 0, south: 50, west: 0, north: 52, east: 1 },
        "Give a point (x, y, and optionally dist) or a box (south, west, north, east)",
      ],
      [{ south: 52, west: 0, north: 51, east: 1 }, "The box's south edge must not be north of its north edge"],
      [{ x: 51, y: 0, dist: 51 }, "Distance must be between 0 and 50 km"],
    ] as const) {
      expect((await q(BLINES, vars)).errors?.[0], JSON.stringify(vars)).toMatchObject({ message, extensions: { code: "INVLD" } });
    }
  });

  it("import:blines replaces the corridors from a British National Grid file (guessed from metres)", async () => {
    const [e, n] = toBng(-0.5, 51.6);
    const file = writeGeoJson("blines.geojson", {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          properties: { B_LINE_NAME: "Chiltern Scarp", REGION: "South East" },
          geometry: { type: "Polygon", coordinates: bngSquare(e - 1500, n - 20000, e + 1500, n + 20000) },
        },
      ],
    });
    const { stdout } = await importLayer("import-blines", file);
    expect(stdout).toMatch(/Loaded 1 B-Lines feature\(s\).*reprojected from British National Grid/);
    const r = await q(BLINES, { x: 51.6, y: -0.5, dist: 0 });
    expect(r.data.bLines).toMatchObject({
      inBLine: true,
      isSample: false,
      features: [{ properties: { name: "Chiltern Scarp", region: "South East" } }],
    });
    expect((await q(BLINES, { x: 51.6, y: -0.45, dist: 0 })).data.bLines).toMatchObject({ inBLine: false, features: [] });
    expect((await q(BLINES, { x: READING.lat, y: READING.lon, dist: 0 })).data.bLines.inBLine).toBe(false);
    await loadSeed();
    expect((await q(BLINES, { x: READING.lat, y: READING.lon, dist: 0 })).data.bLines.inBLine).toBe(true);
  });
});

describe("refresh_environment job", () => {
  function fakeHelpers(pool: pg.Pool) {
    const logs: { level: string; message: string }[] = [];
    const logger = Object.fromEntries(
      ["debug", "info", "warn", "error"].map((level) => [level, (message: string) => logs.push({ level, message })]),
    );
    return {
      logs,
      helpers: {
        logger,
        withPgClient: async (fn: (client: pg.PoolClient) => Promise<unknown>) => {
          const client = await pool.connect();
          try {
            return await fn(client);
          } finally {
            client.release();
          }
        },
      } as any,
    };
  }
  const settings = () => ({
    eaApiUrl: `${replay.url}/ea`,
    openMeteoUrl: `${replay.url}/om`,
    timeoutMs: 3000,
    rainfallCacheMinutes: 15,
    weatherCacheMinutes: 60,
  });
  const cacheTimes = () =>
    owner(async (c) => ({
      forecast: (await c.query("select fetched_at from app_private.weather_forecasts where latitude = 51.5 and longitude = -1.0")).rows[0]
        ?.fetched_at as Date,
      reading: (await c.query("select max(fetched_at) as at from app_private.rainfall_readings where station_id = '271011TP'")).rows[0]
        ?.at as Date,
      station: (await c.query("select fetched_at from app_private.rainfall_stations where id = '271011TP'")).rows[0]?.fetched_at as Date,
    }));

  it("refreshes forecasts, stations and readings around things; a failing source leaves the cache as it is", async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    try {
      const before = await cacheTimes();
      expect(before.forecast).toBeInstanceOf(Date);
      const gridPoints = (
        await owner((c) =>
          c.query(
            "select count(distinct (round(location[0]::numeric, 1), round(location[1]::numeric, 1)))::int as n from app_public.things",
          ),
        )
      ).rows[0].n;
      expect(gridPoints).toBeGreaterThan(0);

      replay.requests = [];
      const ok = fakeHelpers(pool);
      const summary = await refreshEnvironment({ force: true }, ok.helpers, { settings: settings() });
      expect(summary).toMatchObject({
        gridPoints,
        forecasts: { refreshed: gridPoints, failed: 0 },
        stationSearches: { refreshed: gridPoints, failed: 0 },
        readings: { failed: 0, skipped: 0 },
      });
      expect(summary.readings.refreshed).toBeGreaterThanOrEqual(1);
      expect(upstream("/om")).toHaveLength(gridPoints);
      expect(upstream("/ea/id/stations/271011TP/readings")).toHaveLength(1);
      const after = await cacheTimes();
      expect(after.forecast.getTime()).toBeGreaterThan(before.forecast.getTime());
      expect(after.reading.getTime()).toBeGreaterThan(before.reading.getTime());
      expect(after.station.getTime()).toBeGreaterThan(before.station.getTime());
      expect(ok.logs.some((l) => l.level === "info" && /refresh_environment: \d+ grid point/.test(l.message))).toBe(true);

      // Within half the cache time, without force, nothing is asked again.
      replay.requests = [];
      const again = await refreshEnvironment({}, fakeHelpers(pool).helpers, { settings: settings() });
      expect(again).toMatchObject({
        forecasts: { refreshed: 0, skipped: gridPoints },
        stationSearches: { refreshed: 0, skipped: gridPoints },
        readings: { refreshed: 0, skipped: summary.readings.refreshed },
      });
      expect(replay.requests).toHaveLength(0);
      expect(await cacheTimes()).toEqual(after);

      replay.status = 500;
      const failing = fakeHelpers(pool);
      const down = await refreshEnvironment({ force: true }, failing.helpers, { settings: settings() });
      expect(down.forecasts).toMatchObject({ refreshed: 0, failed: gridPoints });
      expect(down.readings.refreshed).toBe(0);
      expect(
        failing.logs
          .filter((l) => l.level === "warn")
          .map((l) => l.message)
          .join("\n"),
      ).toMatch(/cache kept: .*HTTP 500/);
      expect(await cacheTimes()).toEqual(after);
    } finally {
      replay.status = 200;
      await pool.end();
    }
  });

  it("drops the demo's sample rainfall station once the EA answers, and keeps it while it does not", async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    const samples = () =>
      owner(
        async (c) =>
          (
            await c.query(`
      select (select count(*) from app_private.rainfall_stations where details->>'sample' = 'true')::int as stations,
             (select count(*) from app_private.rainfall_readings where station_id = 'DEMO-TEST')::int as readings,
             (select count(*) from app_private.rainfall_measures where station_id = 'DEMO-TEST')::int as measures`)
          ).rows[0],
      );
    try {
      await owner(async (c) => {
        await storeStations(c, [
          {
            id: "DEMO-TEST",
            label: "Sample",
            lat: READING.lat,
            long: READING.lon,
            easting: null,
            northing: null,
            details: { sample: "true" },
            measures: [
              {
                id: "DEMO-TEST-rainfall-t-15_min-mm",
                stationId: "DEMO-TEST",
                parameter: "rainfall",
                parameterName: null,
                period: 900,
                qualifier: null,
                unitName: "mm",
              },
            ],
          },
        ]);
        await storeReadings(c, [
          { measure: "DEMO-TEST-rainfall-t-15_min-mm", stationId: "DEMO-TEST", dateTime: new Date().toISOString(), value: 0.4 },
        ]);
      });
      expect(await samples()).toEqual({ stations: 1, readings: 1, measures: 1 });
      replay.status = 500;
      await refreshEnvironment({ force: true }, fakeHelpers(pool).helpers, { settings: settings() });
      expect(await samples()).toEqual({ stations: 1, readings: 1, measures: 1 });
      replay.status = 200;
      await refreshEnvironment({ force: true }, fakeHelpers(pool).helpers, { settings: settings() });
      expect(await samples()).toEqual({ stations: 0, readings: 0, measures: 0 });
      // Live stations stay.
      expect(
        (await owner((c) => c.query("select count(*)::int as n from app_private.rainfall_stations where id = '271011TP'"))).rows[0].n,
      ).toBe(1);
    } finally {
      replay.status = 200;
      await pool.end();
    }
  });

  it("is listed in the worker's crontab, hourly", () => {
    const crontab = readFileSync(path.join(rootDir, "worker/crontab"), "utf8");
    expect(crontab).toMatch(/^\d+ \* \* \* \*\s+refresh_environment\b/m);
  });
});

// The chat_reply task against a migrated database of its own (so the cached weather, rain gauges
// and map layers arranged here are the only ones near the thing): the rule-based assistant answers
// each common question naming the right figures; the language model path sends the context and the
// conversation to a local stand-in for an OpenAI-compatible /chat/completions and stores its
// answer; an error or a timeout stores a polite failure reply and the job still succeeds; a job run
// twice answers once.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";
import { readWorkerConfig } from "../config.ts";
import { runInWorkerContext } from "../context.ts";
import chatReply, { replyToChatMessage } from "../tasks/chat_reply.ts";
import { createLlmAssistant, createRulesAssistant } from "../assistant/assistant.ts";
import { LlmError } from "../assistant/llm.ts";
import { detectIntent } from "../assistant/rules.ts";
import { en as chatEn } from "../assistant/messages/en-GB.ts";
import { chatDe as chipsDe } from "../../web/src/lib/i18n/messages/chat.de.ts";

let url: string;
let pool: pg.Pool;
const ids = {
  ann: "a0000000-0000-4000-8000-000000000001",
  bob: "a0000000-0000-4000-8000-000000000002",
  cat: "a0000000-0000-4000-8000-000000000003",
  /** Reads the app in German (users.language). */
  dora: "a0000000-0000-4000-8000-000000000004",
  group: "b0000000-0000-4000-8000-000000000001",
  thing: "c0000000-0000-4000-8000-000000000001",
  bare: "c0000000-0000-4000-8000-000000000002",
  device: "d0000000-0000-4000-8000-000000000001",
};
// Reading, UK: the forecast grid point is (51.5, -1.0); the rain gauge is 2.1 km north.
const HERE = { lat: 51.4543, lon: -0.9781 };

const sql = async <T = any>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[];

const logs: string[] = [];
const helpers = (job?: { attempts: number; max_attempts: number }) =>
  ({
    logger: Object.fromEntries(["debug", "info", "warn", "error"].map((l) => [l, (m: string) => logs.push(`${l}: ${m}`)])),
    withPgClient: async <T>(fn: (c: pg.PoolClient) => Promise<T>) => {
      const c = await pool.connect();
      try {
        return await fn(c);
      } finally {
        c.release();
      }
    },
    job: job ?? { attempts: 1, max_attempts: 3 },
  }) as any;

/** A question as sendChatMessage stores it. */
async function ask(text: string, user = ids.ann, thing = ids.thing): Promise<string> {
  const [row] = await sql(
    `insert into app_public.chat_messages (thing_id, recipient_id, type_name, sender, message_text, status, metadata)
     values ($1::uuid, $2::uuid, 'user', (select name from app_public.users where id = $2::uuid), $3, 'pending', jsonb_build_object('thingId', $1::text))
     returning id`,
    [thing, user, text],
  );
  return row.id;
}

async function replies(questionId: string) {
  return sql<{ message_text: string; status: string; metadata: any; sender: string; recipient_id: string }>(
    "select message_text, status, metadata, sender, recipient_id from app_public.chat_messages where in_reply_to = $1",
    [questionId],
  );
}

/** Asks with the rule-based assistant and returns the stored reply's text. */
async function rulesAnswer(question: string, thing = ids.thing, user = ids.ann): Promise<string> {
  const id = await ask(question, user, thing);
  const result = await replyToChatMessage({ messageId: id }, helpers(), createRulesAssistant());
  expect(result).toMatchObject({ outcome: "stored", status: "answered" });
  const [reply] = await replies(id);
  return reply.message_text;
}

beforeAll(async () => {
  url = await createTestDatabase(inject("adminUrl"), "bk_chat");
  pool = new pg.Pool({ connectionString: url, max: 4 });
  await sql(
    `insert into app_public.users (id, name, username) values ($1, 'Ann Lee', 'annlee'), ($2, 'Bob Smith', 'bobsmith'), ($3, 'Cat Jones', 'catjones')`,
    [ids.ann, ids.bob, ids.cat],
  );
  await sql(`insert into app_public.users (id, name, username, language) values ($1, 'Dora Dietz', 'doradietz', 'de')`, [ids.dora]);
  await sql(`insert into app_public.groups (id, name, type) values ($1, 'Library Gardeners', 'GROWER')`, [ids.group]);
  // Map layers first, so the thing's soilscape columns are filled when it is created.
  const square = (d: number) => ({
    type: "Polygon",
    coordinates: [
      [
        [HERE.lon - d, HERE.lat - d],
        [HERE.lon + d, HERE.lat - d],
        [HERE.lon + d, HERE.lat + d],
        [HERE.lon - d, HERE.lat + d],
        [HERE.lon - d, HERE.lat - d],
      ],
    ],
  });
  await sql("select app_private.replace_map_layer('soilscapes', $1, 'test', 'Test soilscapes', true)", [
    JSON.stringify([
      {
        properties: {
          class_number: 6,
          name: "Freely draining slightly acid loamy soils",
          texture: "Loamy",
          drainage: "Freely draining",
          fertility: "Low",
          landcover: "Arable and grassland",
          habitats: "Neutral and acid pastures and deciduous woodlands",
          carbon: "Low",
          drains_to: "Groundwater and local rivers",
          water_protection: "Groundwater contamination with nitrate",
          general_cropping: "Arable and grassland",
        },
        geometry: square(0.01),
      },
    ]),
  ]);
  await sql("select app_private.replace_map_layer('b_lines', $1, 'test', 'Test B-Lines', true)", [
    JSON.stringify([{ properties: { name: "Thames" }, geometry: square(0.02) }]),
  ]);

  await sql(
    `insert into app_public.things (id, group_id, name, type, location, location_description, created_by)
             values ($1, $2, 'Rosie Planter', 'PLANTER', point($3, $4), 'By the library steps', $5),
                    ($6, $2, 'Bare Bench', 'BENCH', point(10, 10), null, $5)`,
    [ids.thing, ids.group, HERE.lat, HERE.lon, ids.ann, ids.bare],
  );
  await sql(`insert into app_public.thing_accesses (thing_id, user_id, is_owner, is_collaborator) values ($1, $2, true, true)`, [
    ids.thing,
    ids.ann,
  ]);
  await sql(
    `insert into app_public.devices (id, device_id, name, model, location, thing_id, battery, rssi, snr, last_sensor_data)
             values ($1, 'eui-70b3d57ed0001234', 'Soil probe 1', 'LSE01', point($2, $3), $4, 3.45, -97, 7.5, now() - interval '2 hours')`,
    [ids.device, HERE.lat, HERE.lon, ids.thing],
  );
  // A week drying out: 38% six days ago down to 14% now, one reading a day (each on its own UTC day).
  await sql(
    `insert into app_public.sensor_data (device_id, thing_id, created_at, f_cnt, data)
             select $1, $2, now() - interval '2 hours' - (d || ' days')::interval, d,
                    jsonb_build_object('water', 14 + d * 4, 'temperature', 9.5, 'conductivity', 420, 'battery', 3.45)
             from generate_series(0, 6) d`,
    [ids.device, ids.thing],
  );
  await sql(
    `update app_public.things set water = 14, temperature = 9.5, conductivity = 420, ph = 6.8,
             last_sensor_data = now() - interval '2 hours' where id = $1`,
    [ids.thing],
  );
  // Actions in the past: the timestamps trigger would stamp them now (this database is ours alone).
  await sql("alter table app_public.actions disable trigger _100_timestamps");
  await sql(
    `insert into app_public.actions (thing_id, type, comments, created_by, created_at) values
             ($1, 'UPKEEP', 'Pruned the lavender', $2, now() - interval '20 days'),
             ($1, 'WATERING', 'An old watering', $3, now() - interval '40 days'),
             ($1, 'WATERING', 'A full can', $3, now() - interval '3 days'),
             ($1, 'LITTER_CLEANUP', 'Picked up crisp packets', $2, now() - interval '5 days')`,
    [ids.thing, ids.ann, ids.bob],
  );
  await sql("alter table app_public.actions enable trigger _100_timestamps");
  await sql(
    `insert into app_public.tasks (thing_id, action_type, title, status, priority, due_date) values
             ($1, 'UPKEEP', 'Weed the bed', 'notStarted', 'high', current_date + 2),
             ($1, 'UPKEEP', 'Replace the mulch', 'inProgress', 'normal', current_date - 3),
             ($1, 'WATERING', 'Finished job', 'completed', 'low', current_date - 1)`,
    [ids.thing],
  );
  // Forecast: 6 mm in the next 24 hours, 2.4 mm the day after, 4 to 12 degrees.
  await sql(`insert into app_private.weather_forecasts (latitude, longitude, timezone, hourly, daily, fetched_at)
             values (51.5, -1.0, 'Europe/London',
               (select jsonb_agg(jsonb_build_object('time', date_trunc('hour', now()) + (n || ' hours')::interval,
                  'temperature', 4 + (n % 9), 'precipitation', case when n < 24 then 0.25 else 0.1 end, 'precipitationProbability', 70) order by n)
                from generate_series(0, 47) n),
               jsonb_build_array(
                 jsonb_build_object('date', to_char(now() at time zone 'Europe/London', 'YYYY-MM-DD'), 'precipitationSum', 5.5, 'temperatureMax', 12, 'temperatureMin', 4),
                 jsonb_build_object('date', to_char(now() at time zone 'Europe/London' + interval '1 day', 'YYYY-MM-DD'), 'precipitationSum', 2.9, 'temperatureMax', 11, 'temperatureMin', 5)),
               now() - interval '30 minutes')`);
  // The Reading rain gauge, 2.1 km north: 0.4 mm in the last 24 hours, 6 mm in the last 7 days.
  await sql(`insert into app_private.rainfall_stations (id, label, location) values ('E7050', 'Reading', point($1, $2))`, [
    HERE.lat + 0.0189,
    HERE.lon,
  ]);
  await sql(`insert into app_private.rainfall_measures (id, station_id, parameter, period, unit_name)
             values ('E7050-rainfall-tipping_bucket_raingauge-t-15_min-mm', 'E7050', 'rainfall', 900, 'mm')`);
  await sql(`insert into app_private.rainfall_readings (measure_id, station_id, date_time, value) values
             ('E7050-rainfall-tipping_bucket_raingauge-t-15_min-mm', 'E7050', now() - interval '3 hours', 0.2),
             ('E7050-rainfall-tipping_bucket_raingauge-t-15_min-mm', 'E7050', now() - interval '10 hours', 0.2),
             ('E7050-rainfall-tipping_bucket_raingauge-t-15_min-mm', 'E7050', now() - interval '3 days', 3.0),
             ('E7050-rainfall-tipping_bucket_raingauge-t-15_min-mm', 'E7050', now() - interval '5 days', 2.6)`);
});

afterAll(async () => {
  await pool?.end();
  if (url) await dropTestDatabase(inject("adminUrl"), url);
});

describe("the context", () => {
  it("gathers the thing's readings, trend, care, tasks, weather, rain, soil and devices", async () => {
    const [{ c }] = await sql("select app_private.chat_context($1) as c", [ids.thing]);
    expect(c.thing).toMatchObject({
      name: "Rosie Planter",
      type: "PLANTER",
      locationDescription: "By the library steps",
      groupName: "Library Gardeners",
      indicatorColour: "red",
    });
    expect(c.readings).toMatchObject({ water: 14, ph: 6.8, band: "dry", bandLimits: { dry: 20, needsWater: 30, good: 60 } });
    expect(c.trend).toHaveLength(7);
    expect(c.trend[0].water).toBe(38);
    expect(c.trend[6].water).toBe(14);
    expect(c.actions.map((a: any) => a.type)).toEqual(["WATERING", "LITTER_CLEANUP", "UPKEEP", "WATERING"]);
    expect(c.lastWatering).toMatchObject({ comments: "A full can", by: "Bob Smith" });
    expect(c.wateringsLast30Days).toBe(1);
    expect(c.openTasks.map((t: any) => [t.title, t.overdue])).toEqual([
      ["Replace the mulch", true],
      ["Weed the bed", false],
    ]);
    expect(c.forecast).toMatchObject({
      hours: 48,
      next24hPrecipitationMm: 6,
      next24to48hPrecipitationMm: 2.4,
      temperatureMin: 4,
      temperatureMax: 12,
    });
    expect(c.rainfall).toMatchObject({ station: "Reading", distanceKm: 2.1, last24hMm: 0.4, readings24h: 2, last7dMm: 6, readings7d: 4 });
    expect(c.soilscape).toMatchObject({
      name: "Freely draining slightly acid loamy soils",
      classNumber: 6,
      drainage: "Freely draining",
      isSample: true,
    });
    expect(c.inBLine).toBe(true);
    expect(c.devices).toMatchObject([{ name: "Soil probe 1", model: "LSE01", battery: 3.45, rssi: -97 }]);
  });
});

describe("the rule-based assistant", () => {
  it("recognises the common questions", () => {
    expect(detectIntent("Does it need water?")).toBe("needsWater");
    expect(detectIntent("Should I water it today?")).toBe("needsWater");
    expect(detectIntent("Is the soil too dry?")).toBe("needsWater");
    expect(detectIntent("Is it too wet?")).toBe("needsWater");
    expect(detectIntent("When was it last watered?")).toBe("lastWatered");
    expect(detectIntent("Who watered it recently?")).toBe("lastWatered");
    expect(detectIntent("Is the sensor working?")).toBe("sensor");
    expect(detectIntent("What's the battery like?")).toBe("sensor");
    expect(detectIntent("What does the soil mean?")).toBe("soil");
    expect(detectIntent("What should I do this week?")).toBe("week");
    expect(detectIntent("Will it rain tomorrow?")).toBe("weather");
    expect(detectIntent("Hello!")).toBe("summary");
  });

  it("does it need water: moisture against the dry band, rain fallen and forecast, last watering, advice", async () => {
    const text = await rulesAnswer("Does it need water?");
    expect(text).toContain("The soil moisture is 14% (dry is below 20%), measured 2 hours ago.");
    expect(text).toContain("Over the last 6 days its daily average went from 38% to 14%.");
    expect(text).toContain("0.4 mm of rain fell at Reading (2.1 km away) in the last 24 hours (6 mm in the last 7 days)");
    expect(text).toContain("6 mm of rain is forecast in the next 24 hours and 2.4 mm the day after");
    expect(text).toMatch(/it was last watered 3 days ago \(\w{3} \d{1,2} \w{3}, by Bob Smith\)/);
    expect(text).toContain("So water it today anyway, as the soil is dry now, and let the forecast rain top it up.");
  });

  it("when was it last watered: when, by whom, the note, how often", async () => {
    const text = await rulesAnswer("When was it last watered?");
    expect(text).toMatch(/^Rosie Planter was last watered 3 days ago, on \w{3} \d{1,2} \w{3}, by Bob Smith with the note "A full can"\./);
    expect(text).toContain("That is 1 watering recorded in the last 30 days.");
    expect(text).toContain("The soil moisture is 14%");
  });

  it("is the sensor working: last report, battery, signal; and what a silent, flat one looks like", async () => {
    const text = await rulesAnswer("Is the sensor working?");
    expect(text).toMatch(
      /Soil probe 1 \(LSE01\) last reported 2 hours ago \(.+\) with its battery at 3\.45 V and a signal of -97 dBm \(SNR 7\.5 dB\), so it is working\./,
    );
    expect(text).toContain("Rosie Planter received 7 readings on 7 of the last 7 days.");

    await sql("update app_public.devices set last_sensor_data = now() - interval '30 hours', battery = 2.8 where id = $1", [ids.device]);
    try {
      const broken = await rulesAnswer("Is the sensor working?");
      expect(broken).toContain("Soil probe 1 (LSE01) last reported 30 hours ago");
      expect(broken).toContain("that is more than 24 hours without a report, so check its battery, antenna and probe");
      expect(broken).toContain("the battery is low (below 3.00 V), so replace or recharge it soon");
    } finally {
      await sql("update app_public.devices set last_sensor_data = now() - interval '2 hours', battery = 3.45 where id = $1", [ids.device]);
    }
  });

  it("what does the soil mean: the soilscape class explained, with the probe's pH and conductivity", async () => {
    const text = await rulesAnswer("What does the soil mean?");
    expect(text).toContain(
      'Rosie Planter sits on the soilscape "Freely draining slightly acid loamy soils" (class 6): loamy texture, freely draining, low fertility and low carbon.',
    );
    expect(text).toContain("Freely draining soil lets water run through quickly");
    expect(text).toContain(
      "The probe measures a pH of 6.8 (about neutral, which suits most plants; 6.0 to 7.5 is the good range), measured 2 hours ago.",
    );
    expect(text).toContain("Conductivity is 420 µS/cm (in the usual 100 to 1500 range).");
    expect(text).toContain(
      "Water here drains to groundwater and local rivers, and the main risk is groundwater contamination with nitrate",
    );
    expect(text).toContain("illustrative sample layer");
  });

  it("what should I do this week: water, tasks by due date, weather, rain, sensor, pollinators", async () => {
    const text = await rulesAnswer("What should I do this week?");
    expect(text).toMatch(/^This week at Rosie Planter:\n/);
    expect(text).toContain("- Water: the soil moisture is 14% (dry), measured 2 hours ago, so water it today anyway");
    expect(text).toMatch(
      /- Tasks: 2 open: "Replace the mulch" \(overdue since \w{3} \d{1,2} \w{3}, normal priority\) and "Weed the bed" \(due \w{3} \d{1,2} \w{3}, high priority\)\./,
    );
    expect(text).not.toContain("Finished job");
    expect(text).toContain("- Weather: 8.4 mm of rain and 4°C to 12°C over the next 48 hours.");
    expect(text).toContain("- Rain so far: 0.4 mm of rain fell at Reading (2.1 km away) in the last 24 hours (6 mm in the last 7 days).");
    expect(text).toContain("- Sensor: Soil probe 1 reported 2 hours ago (battery 3.45 V), all fine.");
    expect(text).toContain("- Pollinators: it lies in a B-Lines corridor");
    expect(text).not.toContain("Upkeep:"); // a litter clean-up 5 days ago
  });

  it("will it rain: the forecast with its source and age, the rain already fallen", async () => {
    const text = await rulesAnswer("Will it rain tomorrow?");
    expect(text).toContain(
      "6 mm of rain is forecast in the next 24 hours and 2.4 mm the day after at Rosie Planter (Open-Meteo forecast, updated 30 minutes ago).",
    );
    expect(text).toContain("Temperatures will range from 4°C to 12°C over the next 48 hours.");
    expect(text).toContain("0.4 mm of rain fell at Reading (2.1 km away)");
  });

  it("anything else: a summary with the figures and what it can answer", async () => {
    const text = await rulesAnswer("Hello!");
    expect(text).toContain("Rosie Planter is a planter (By the library steps) looked after by Library Gardeners.");
    expect(text).toContain("The soil moisture is 14% (dry is below 20%), measured 2 hours ago.");
    expect(text).toContain("Its indicator is red.");
    expect(text).toContain("The last care action was watering 3 days ago.");
    expect(text).toContain("2 tasks are open, 1 overdue.");
    expect(text).toContain("You can ask me: does it need water");
  });

  it("answers every kind of question about a thing with no data at all, saying what it lacks", async () => {
    for (const q of [
      "Does it need water?",
      "When was it last watered?",
      "Is the sensor working?",
      "What does the soil mean?",
      "What should I do this week?",
      "Will it rain?",
      "Hi",
    ]) {
      const text = await rulesAnswer(q, ids.bare);
      expect(text.length, q).toBeGreaterThan(20);
      expect(text, q).not.toMatch(/undefined|NaN|null|\[object/);
    }
    expect(await rulesAnswer("Does it need water?", ids.bare)).toContain("Bare Bench has no soil moisture reading");
    expect(await rulesAnswer("Is the sensor working?", ids.bare)).toContain("Bare Bench has no sensor fitted.");
    expect(await rulesAnswer("What does the soil mean?", ids.bare)).toContain("I have no soilscape data for Bare Bench's location");
  });
});

// ---------------------------------------------------------------------------------------------
// The language model, behind a local stand-in for an OpenAI-compatible API

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: any;
}
let llm: Server;
let llmUrl: string;
let mode: "ok" | "error" | "hang" = "ok";
const seen: Seen[] = [];
const LLM_ANSWER =
  "The soil moisture is 14% (dry is below 20%), measured 2 hours ago; 0.4 mm of rain fell at Reading (2.1 km away) in the last 24 hours and 6 mm is forecast in the next 24 hours, so water it today.";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  llm = createServer(async (req, res) => {
    const body = await readBody(req);
    seen.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization, body: JSON.parse(body || "null") });
    if (mode === "hang") return; // never answers
    if (mode === "error") {
      res
        .writeHead(500, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "The server had an error", type: "server_error" } }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: "chatcmpl-1",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: "care-model-1-2026",
        choices: [{ index: 0, message: { role: "assistant", content: LLM_ANSWER }, finish_reason: "stop" }],
        usage: { prompt_tokens: 900, completion_tokens: 60, total_tokens: 960 },
      }),
    );
  });
  await new Promise<void>((r) => llm.listen(0, "127.0.0.1", r));
  llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1/`;
});

afterEach(() => {
  mode = "ok";
});

afterAll(async () => {
  llm?.closeAllConnections();
  await new Promise((r) => llm?.close(r));
});

/** Runs the task as the worker does: the default export, in a worker context configured from LLM_*. */
async function runTask(messageId: string, env: Record<string, string> = {}, job?: { attempts: number; max_attempts: number }) {
  const config = readWorkerConfig({
    LLM_BASE_URL: llmUrl,
    LLM_API_KEY: "sk-test-key",
    LLM_MODEL: "care-model-1",
    LLM_TIMEOUT_MS: "400",
    ...env,
  });
  await runInWorkerContext({ config, mailer: undefined as any }, () => chatReply({ messageId }, helpers(job)));
}

describe("the rule-based assistant in German (issue 25)", () => {
  /** The chat's suggested questions as a German reader's screen sends them. */
  const chips = {
    needsWater: chipsDe["chat.question.needsWater"],
    lastWatered: chipsDe["chat.question.lastWatered"],
    sensor: chipsDe["chat.question.sensor"],
    soil: chipsDe["chat.question.soil"],
    week: chipsDe["chat.question.week"],
  } as const;
  /** The English catalogue's sentences (no arguments, longer than 12 characters). */
  const englishSentences = Object.values(chatEn).filter((text) => !text.includes("{") && text.length > 12);

  it("recognises the suggested questions in German, and German asked in other words", () => {
    for (const [intent, question] of Object.entries(chips)) expect(detectIntent(question), question).toBe(intent);
    expect(detectIntent("Muss ich heute gießen?")).toBe("needsWater");
    expect(detectIntent("Ist der Boden zu trocken?")).toBe("needsWater");
    expect(detectIntent("Wer hat zuletzt gegossen?")).toBe("lastWatered");
    expect(detectIntent("Wie ist die Batterie?")).toBe("sensor");
    expect(detectIntent("Regnet es morgen?")).toBe("weather");
    expect(detectIntent("Hallo!")).toBe("summary");
    // The German words do not catch English ones ("planter" is not "planen").
    expect(detectIntent("How is the planter?")).toBe("summary");
  });

  it("answers a German reader in German, with German figures and no English sentence", async () => {
    const id = await ask(chips.needsWater, ids.dora);
    await replyToChatMessage({ messageId: id }, helpers(), createRulesAssistant());
    const [reply] = await replies(id);
    expect(reply.metadata).toMatchObject({ provider: "rules", intent: "needsWater", locale: "de" });
    expect(reply.message_text).toContain("Die Bodenfeuchte liegt bei 14 % (trocken ist unter 20 %), gemessen vor 2 Stunden.");
    expect(reply.message_text).toContain("In den letzten 6 Tagen ging der Tagesdurchschnitt von 38 % auf 14 %.");
    expect(reply.message_text).toContain(
      "An der Station Reading (2,1 km entfernt) fielen in den letzten 24 Stunden 0,4 mm Regen (6 mm in den letzten 7 Tagen)",
    );
    expect(reply.message_text).toContain("für die nächsten 24 Stunden sind 6 mm Regen vorhergesagt, für den Tag danach 2,4 mm");
    expect(reply.message_text).toContain("Also: gieß es heute trotzdem");
  });

  it("answers each suggested question and a greeting in German", async () => {
    const expected: Record<string, RegExp> = {
      needsWater: /Die Bodenfeuchte liegt bei 14 %/,
      lastWatered:
        /^Rosie Planter wurde zuletzt vor 3 Tagen gegossen, am .+, von Bob Smith, mit der Notiz „A full can“\. In den letzten 30 Tagen wurde 1 Mal Gießen eingetragen\./,
      sensor:
        /Soil probe 1 \(LSE01\) hat sich zuletzt vor 2 Stunden gemeldet \(.+\), mit der Batterie bei 3,45 V und einem Signal von -97 dBm \(SNR 7,5 dB\), es funktioniert also\./,
      soil: /Die Sonde misst einen pH-Wert von 6,8 \(etwa neutral, das mögen die meisten Pflanzen; 6,0 bis 7,5 ist der gute Bereich\), gemessen vor 2 Stunden\./,
      week: /^Diese Woche bei Rosie Planter:\n- Wasser: Die Bodenfeuchte liegt bei 14 % \(trocken\)[\s\S]*- Aufgaben: 2 offen: „Replace the mulch“ \(überfällig seit .+, normale Priorität\) und „Weed the bed“ \(fällig am .+, hohe Priorität\)\./,
      summary:
        /Rosie Planter ist ein Pflanzkübel \(By the library steps\), betreut von Library Gardeners\.[\s\S]*Seine Anzeige ist rot\.[\s\S]*Die letzte Pflegeaktion war Gießen vor 3 Tagen\.[\s\S]*2 Aufgaben sind offen, 1 davon überfällig\./,
    };
    for (const [intent, question] of Object.entries({ ...chips, summary: "Hallo!" })) {
      const text = await rulesAnswer(question, ids.thing, ids.dora);
      expect(text, question).toMatch(expected[intent]);
      expect(
        englishSentences.filter((sentence) => text.includes(sentence)),
        question,
      ).toEqual([]);
      expect(text, question).not.toMatch(/undefined|NaN|null|\[object| ago\b| hours\b/);
    }
  });

  it("answers in German a German question from someone whose account names no language", async () => {
    const text = await rulesAnswer(chips.lastWatered, ids.thing, ids.ann);
    expect(text).toMatch(/^Rosie Planter wurde zuletzt vor 3 Tagen gegossen/);
    // And English to English.
    expect(await rulesAnswer("When was it last watered?", ids.thing, ids.ann)).toMatch(/^Rosie Planter was last watered 3 days ago/);
  });

  it("apologises in German when the language model fails", async () => {
    const llm = createLlmAssistant(
      {
        complete: async () => {
          throw new LlmError("http", "HTTP 500");
        },
      },
      "care-model",
    );
    const id = await ask(chips.needsWater, ids.dora);
    await replyToChatMessage({ messageId: id }, helpers(), llm);
    const [reply] = await replies(id);
    expect(reply.message_text).toMatch(
      /^Entschuldige, ich konnte den KI-Assistenten gerade nicht erreichen \(er hat einen Fehler gemeldet\)\./,
    );
    expect(reply.message_text).toContain("Die Bodenfeuchte liegt bei 14 %");
  });
});

describe("the language model", () => {
  it("is sent the model, the key, the context with its figures and the conversation; its answer is stored", async () => {
    // An earlier exchange with the built-in assistant, and a failed reply, make up the history.
    const first = await ask("When was it last watered?", ids.cat);
    await replyToChatMessage({ messageId: first }, helpers(), createRulesAssistant());
    const failed = await ask("Anything else?", ids.cat);
    await sql("select app_private.store_chat_reply($1, 'Sorry, it failed', 'failed', '{}')", [failed]);
    const question = await ask("Does it need water?", ids.cat);

    seen.length = 0;
    await runTask(question);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({ method: "POST", path: "/v1/chat/completions", authorization: "Bearer sk-test-key" });
    expect(request.body.model).toBe("care-model-1");
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0].role).toBe("system");
    const system = messages[0].content;
    expect(system).toContain('You are talking with Cat Jones about "Rosie Planter"');
    expect(system).toContain("Name every figure you use");
    for (const figure of [
      '"soilMoisturePercent":14',
      '"hydrationBand":"dry"',
      '"measuredHoursAgo":2',
      '"station":"Reading"',
      '"distanceKm":2.1',
      '"last24hMm":0.4',
      '"last7DaysMm":6',
      '"rainNext24hMm":6',
      '"rainNext24to48hMm":2.4',
      '"airTemperatureMinC":4',
      '"title":"Weed the bed"',
      '"title":"Replace the mulch"',
      '"overdue":true',
      '"type":"WATERING"',
      '"comments":"A full can"',
      '"name":"Freely draining slightly acid loamy soils"',
      '"inBLinesPollinatorCorridor":true',
      '"batteryVolts":3.45',
      '"dailyAveragesLast7Days":[{"dayUtc"',
      '"soilMoisturePercent":38',
    ]) {
      expect(system, figure).toContain(figure);
    }
    // The conversation: the earlier question and its answer (not the failed reply), then the new question.
    const [, q1, a1, ...rest] = messages;
    expect(q1).toEqual({ role: "user", content: "When was it last watered?" });
    expect(a1.role).toBe("assistant");
    expect(a1.content).toMatch(/^Rosie Planter was last watered 3 days ago/);
    expect(rest).toEqual([
      { role: "user", content: "Anything else?" },
      { role: "user", content: "Does it need water?" },
    ]);

    const [reply] = await replies(question);
    expect(reply).toMatchObject({ message_text: LLM_ANSWER, status: "answered", sender: "Care assistant", recipient_id: ids.cat });
    expect(reply.metadata).toMatchObject({ provider: "llm", model: "care-model-1-2026", thingId: ids.thing, usage: { total_tokens: 960 } });
    const [q] = await sql("select status from app_public.chat_messages where id = $1", [question]);
    expect(q.status).toBe("answered");

    // A retried job asks nothing and stores nothing.
    await runTask(question);
    expect(seen).toHaveLength(1);
    expect(await replies(question)).toHaveLength(1);
  });

  it("sends no Authorization header when no key is set", async () => {
    const question = await ask("Hello", ids.bob);
    seen.length = 0;
    await runTask(question, { LLM_API_KEY: "" });
    expect(seen[0].authorization).toBeUndefined();
    expect((await replies(question))[0].status).toBe("answered");
  });

  it("an HTTP 500 stores a polite failure reply, with the built-in answer, and the job succeeds", async () => {
    mode = "error";
    const question = await ask("Does it need water?", ids.bob);
    seen.length = 0;
    await expect(runTask(question)).resolves.toBeUndefined();
    expect(seen).toHaveLength(1); // no retry
    const [reply] = await replies(question);
    expect(reply.status).toBe("failed");
    expect(reply.message_text).toMatch(
      /^Sorry, I could not reach the AI assistant just now \(it reported an error\)\. Please try again in a few minutes\./,
    );
    expect(reply.message_text).toContain("The soil moisture is 14% (dry is below 20%), measured 2 hours ago.");
    expect(reply.message_text).not.toContain("The server had an error");
    expect(reply.metadata).toMatchObject({ provider: "llm", error: "http", fallback: "rules", intent: "needsWater" });
    const [q] = await sql("select status from app_public.chat_messages where id = $1", [question]);
    expect(q.status).toBe("failed");
    expect(logs.some((l) => l.includes("HTTP 500: The server had an error"))).toBe(true);
    // Retried: the failure reply stands, the service is not asked again.
    await runTask(question);
    expect(seen).toHaveLength(1);
    expect(await replies(question)).toHaveLength(1);
  });

  it("a timeout (LLM_TIMEOUT_MS) stores the polite failure reply too, without hanging", async () => {
    mode = "hang";
    const question = await ask("What should I do this week?", ids.bob);
    // The service never answers: the task returns only because LLM_TIMEOUT_MS gave up on it.
    await runTask(question, { LLM_TIMEOUT_MS: "300" });
    const [reply] = await replies(question);
    expect(reply.status).toBe("failed");
    expect(reply.message_text).toMatch(/^Sorry, I could not reach the AI assistant just now \(it did not answer in time\)\./);
    expect(reply.message_text).toContain("This week at Rosie Planter:");
    expect(reply.metadata).toMatchObject({ error: "timeout" });
  });

  it("an unreachable service is a failure reply as well", async () => {
    const question = await ask("Is the sensor working?", ids.bob);
    await runTask(question, { LLM_BASE_URL: "http://127.0.0.1:9/v1" });
    const [reply] = await replies(question);
    expect(reply).toMatchObject({ status: "failed", metadata: { error: "network" } });
    expect(reply.message_text).toContain("(it could not be reached)");
  });
});

describe("the job", () => {
  it("without LLM settings uses the built-in assistant", async () => {
    const question = await ask("Does it need water?", ids.bob);
    const config = readWorkerConfig({});
    seen.length = 0;
    await runInWorkerContext({ config, mailer: undefined as any }, () => chatReply({ messageId: question }, helpers()));
    expect(seen).toHaveLength(0);
    expect((await replies(question))[0]).toMatchObject({ status: "answered", metadata: { provider: "rules", intent: "needsWater" } });
  });

  it("ignores a question that is gone or a bad payload", async () => {
    expect(await replyToChatMessage({ messageId: "e0000000-0000-4000-8000-000000000000" }, helpers(), createRulesAssistant())).toEqual({
      outcome: "no-question",
    });
    expect(await replyToChatMessage({ messageId: 42 }, helpers(), createRulesAssistant())).toEqual({ outcome: "no-question" });
  });

  it("a database failure is retried, and the last attempt still answers with an apology", async () => {
    const question = await ask("Does it need water?", ids.bob);
    const failingOnce = (job: { attempts: number; max_attempts: number }) => {
      const h = helpers(job);
      let calls = 0;
      const real = h.withPgClient;
      h.withPgClient = (fn: any) => (++calls === 1 ? Promise.reject(new Error("connection lost")) : real(fn));
      return h;
    };
    await expect(
      replyToChatMessage({ messageId: question }, failingOnce({ attempts: 1, max_attempts: 3 }), createRulesAssistant()),
    ).rejects.toThrow("connection lost");
    expect(await replies(question)).toHaveLength(0);
    expect(
      await replyToChatMessage({ messageId: question }, failingOnce({ attempts: 3, max_attempts: 3 }), createRulesAssistant()),
    ).toMatchObject({ outcome: "stored", status: "failed" });
    const [reply] = await replies(question);
    expect(reply.message_text).toMatch(/^Sorry, something went wrong while I was reading the data/);
  });

  it("stores one reply even when two runs race", async () => {
    const question = await ask("Does it need water?", ids.bob);
    const results = await Promise.all([1, 2, 3].map(() => replyToChatMessage({ messageId: question }, helpers(), createRulesAssistant())));
    expect(results.filter((r) => r.outcome === "stored")).toHaveLength(1);
    expect(await replies(question)).toHaveLength(1);
  });
});

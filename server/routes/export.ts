// Open data export (issue 12): public things as GeoJSON, and a thing's readings and care actions
// as CSV. Each runs under the caller's own role and claims (bearer token, or a guest), so
// row-level security decides what is exported exactly as it does for the API.
//
// Licence and attribution (issue 26, OPEN_DATA_LICENCE*): every export answers with an HTTP
// `Link: <licence>; rel="license"` (RFC 8288; "license" is RFC 4946's relation). The GeoJSON
// carries `license` and `attribution` members as well. A CSV stays as readers expect it (the
// header row first, nothing else in the file): its licence and attribution are in a CSVW metadata
// document (W3C "Metadata Vocabulary for Tabular Data"), named by `Link: rel="describedby"` and
// found at the file's address + "-metadata.json", where CSVW processors look for it.
import express, { type Router } from "express";
import type pg from "pg";
import { stringify } from "csv-stringify/sync";
import { claimsFromAuthorization, pgSettingsFor } from "../auth/request-context.ts";
import type { InvalidTokenError, TokenSettings } from "../auth/tokens.ts";
import type { OpenDataLicence } from "../config.ts";
import type { ReadRouting } from "../replica/read-routing.ts";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("export");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * CSV through csv-stringify (RFC 4180: every field holding a comma, quote or line break is quoted,
 * quotes doubled), with OWASP's CSV-injection defence: a text cell starting with = + - @ tab or CR
 * (or their full-width forms) gets a leading single quote, so no spreadsheet evaluates user text
 * (`escape_formulas`). Only strings are neutralised: a JavaScript number (a reading's -3.5) is a
 * number in the file too, and dates are written as ISO 8601 UTC.
 */
export function toCsv(header: string[], rows: unknown[][]): string {
  return stringify([header, ...rows], {
    escape_formulas: true,
    record_delimiter: "windows",
    // With "\r\n" records csv-stringify would leave a lone "\n" or "\r" unquoted, which spreadsheets
    // read as a new row (where the next line's text could be a formula): quote those, and tabs,
    // which some importers take for a separator.
    quote_record_delimiter: true,
    quoted_match: /\t/,
    cast: { date: (d: Date) => d.toISOString() },
  });
}

/** The columns of each CSV export, in order, with their CSVW datatypes. */
/** The inventory attributes (issue 26) in the things exports, as app_hidden.thing_attributes_json names them. */
const ATTRIBUTE_COLUMNS: [key: string, column: string, datatype: string][] = [
  ["speciesId", "species_id", "string"],
  ["speciesBotanicalName", "species_botanical_name", "string"],
  ["speciesCommonName", "species_common_name", "string"],
  ["plantingYear", "planting_year", "integer"],
  ["trunkGirthCm", "trunk_girth_cm", "integer"],
  ["heightClass", "height_class", "string"],
  ["volumeLitres", "volume_litres", "number"],
  ["soilAreaM2", "soil_area_m2", "number"],
  ["floweringPlants", "flowering_plants", "string"],
  ["floweringSeasons", "flowering_seasons", "string"],
];

const CSV_COLUMNS: Record<"readings" | "actions" | "things", [name: string, datatype: string][]> = {
  readings: [
    ["time_utc", "datetime"],
    ["device", "string"],
    ...["water", "temperature", "conductivity", "ph", "battery", "rssi", "snr"].map((k): [string, string] => [k, "number"]),
  ],
  // litres last (issue 21), so readers of the first four columns are unaffected.
  actions: [
    ["time_utc", "datetime"],
    ["type", "string"],
    ["comments", "string"],
    ["recorded_by", "string"],
    ["litres", "number"],
  ],
  // The public things as a table (issue 26): the GeoJSON's properties with the point as two columns.
  things: [
    ["id", "string"],
    ["name", "string"],
    ["type", "string"],
    ["latitude", "number"],
    ["longitude", "number"],
    ["location_description", "string"],
    ["water_need", "string"],
    ["created_utc", "datetime"],
    ...ATTRIBUTE_COLUMNS.map(([, column, datatype]): [string, string] => [column, datatype]),
  ],
};

const CSV_TITLES = {
  readings: "A thing's sensor readings",
  actions: "A thing's care actions",
  things: "The public things and their inventory attributes",
};

/** The CSVW metadata of a CSV export: its columns, licence and attribution. */
export function csvMetadata(fileName: string, what: "readings" | "actions" | "things", licence: OpenDataLicence) {
  return {
    "@context": "http://www.w3.org/ns/csvw",
    url: fileName,
    "dc:title": CSV_TITLES[what],
    "dc:license": { "@id": licence.url },
    "dc:rights": `${licence.id}; attribution: ${licence.attribution}`,
    "dc:creator": licence.attribution,
    tableSchema: { columns: CSV_COLUMNS[what].map(([name, datatype]) => ({ name, titles: name, datatype })) },
  };
}

export function exportRouter(pool: pg.Pool, reads: ReadRouting | undefined, tokens: TokenSettings, licence: OpenDataLicence): Router {
  const router = express.Router();
  const licenceLink = `<${licence.url}>; rel="license"; title="${licence.id}"`;

  async function asCaller<T>(req: express.Request, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const claims = await claimsFromAuthorization(tokens, req.headers.authorization);
    const settings = pgSettingsFor(claims);
    // Exports may be seconds stale: on the read replica when there is one (docs/scaling.md), unless
    // the caller has just written something the replica has not replayed yet.
    const source = reads ? await reads.poolFor({ req, userId: claims?.user_id ?? null }) : pool;
    const client = await source.connect();
    try {
      await client.query("begin");
      for (const [key, value] of Object.entries(settings)) await client.query("select set_config($1, $2, true)", [key, value]);
      return await fn(client);
    } finally {
      await client.query("rollback").catch(() => {});
      client.release();
    }
  }

  const handle =
    (fn: (req: express.Request, res: express.Response) => Promise<void>) => async (req: express.Request, res: express.Response) => {
      try {
        await fn(req, res);
      } catch (e) {
        // (SafeError resets the prototype, so instanceof cannot tell a token error; its status can.)
        if ((e as InvalidTokenError)?.statusCode === 401) {
          res.status(401).json({ error: (e as Error).message });
          return;
        }
        log.error({ err: e }, "export failed");
        res.status(500).json({ error: "The export failed" });
      }
    };

  const publicThings = (c: pg.PoolClient) =>
    c
      .query(`select t.id, t.name, t.type, t.location, t.location_description, t.indicator_colour, t.water, t.last_sensor_data,
                    t.water_need, t.created_at, app_hidden.thing_attributes_json(t) as attributes
             from app_public.things t where t.is_public order by t.name, t.id`)
      .then((r) => r.rows);

  router.get(
    "/export/things.geojson",
    handle(async (req, res) => {
      const features = await asCaller(req, publicThings);
      res
        .type("application/geo+json")
        .set("Content-Disposition", 'attachment; filename="public-things.geojson"')
        .set("Link", licenceLink)
        .send(
          JSON.stringify({
            type: "FeatureCollection",
            // Foreign members (RFC 7946 section 6.1): the licence and the credit reusers must give.
            license: { id: licence.id, url: licence.url },
            attribution: licence.attribution,
            features: features.map((t) => ({
              type: "Feature",
              id: t.id,
              // GeoJSON is [longitude, latitude]; a stored point is (latitude, longitude).
              geometry: { type: "Point", coordinates: [t.location.y, t.location.x] },
              properties: {
                name: t.name,
                type: t.type,
                locationDescription: t.location_description,
                indicatorColour: t.indicator_colour,
                water: t.water,
                lastReading: t.last_sensor_data,
                // The inventory attributes (issue 26), every key on every feature (null where not set).
                ...t.attributes,
              },
            })),
          }),
        );
    }),
  );

  router.get(
    "/export/things.csv",
    handle(async (req, res) => {
      const rows = await asCaller(req, publicThings);
      const csv = toCsv(
        CSV_COLUMNS.things.map(([name]) => name),
        rows.map((t) => [
          t.id,
          t.name,
          t.type,
          t.location.x,
          t.location.y,
          t.location_description,
          t.water_need,
          t.created_at,
          ...ATTRIBUTE_COLUMNS.map(([key]) => t.attributes[key]),
        ]),
      );
      res
        .type("text/csv")
        .set("Content-Disposition", 'attachment; filename="public-things.csv"')
        .set("Link", `${licenceLink}, <things.csv-metadata.json>; rel="describedby"; type="application/csvm+json"`)
        .send(csv);
    }),
  );

  router.get("/export/things.csv-metadata.json", (_req, res) => {
    res
      .type("application/csvm+json")
      .set("Link", licenceLink)
      .send(JSON.stringify(csvMetadata("things.csv", "things", licence)));
  });

  router.get(
    "/export/things/:id/:what.csv",
    handle(async (req, res) => {
      const { id, what } = req.params as { id: string; what: string };
      if (!UUID.test(id) || (what !== "readings" && what !== "actions")) {
        res.status(404).json({ error: "Not found" });
        return;
      }
      const result = await asCaller(req, async (c) => {
        const thing = (await c.query("select name from app_public.things where id = $1", [id])).rows[0];
        if (!thing) return null;
        if (what === "readings") {
          const rows = (
            await c.query(
              `select s.created_at, d.device_id, s.data from app_public.sensor_data s left join app_public.devices d on d.id = s.device_id
           where s.thing_id = $1 order by s.created_at desc limit 100000`,
              [id],
            )
          ).rows;
          const keys = CSV_COLUMNS.readings.slice(2).map(([name]) => name);
          return toCsv(
            CSV_COLUMNS.readings.map(([name]) => name),
            rows.map((r) => [r.created_at, r.device_id, ...keys.map((k) => r.data?.[k])]),
          );
        }
        const rows = (
          await c.query(
            `select a.created_at, a.type, a.comments, u.username, a.litres from app_public.actions a
         left join app_public.users u on u.id = a.created_by where a.thing_id = $1 order by a.created_at desc`,
            [id],
          )
        ).rows;
        return toCsv(
          CSV_COLUMNS.actions.map(([name]) => name),
          rows.map((r) => [r.created_at, r.type, r.comments, r.username, r.litres]),
        );
      });
      if (result === null) {
        res.status(404).json({ error: "Thing not found" });
        return;
      }
      res
        .type("text/csv")
        .set("Content-Disposition", `attachment; filename="thing-${id}-${what}.csv"`)
        .set("Link", `${licenceLink}, <${what}.csv-metadata.json>; rel="describedby"; type="application/csvm+json"`)
        .send(result);
    }),
  );

  // The CSVW metadata of a CSV export (the same for every thing: it reads nothing, so it reveals
  // nothing about the thing either).
  router.get("/export/things/:id/:what.csv-metadata.json", (req, res) => {
    const { id, what } = req.params as { id: string; what: string };
    if (!UUID.test(id) || (what !== "readings" && what !== "actions")) {
      res.status(404).json({ error: "Not found" });
      return;
    }
    res
      .type("application/csvm+json")
      .set("Link", licenceLink)
      .send(JSON.stringify(csvMetadata(`${what}.csv`, what, licence)));
  });

  return router;
}

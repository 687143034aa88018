// Open data that tools load (issue 26): the public things as OGC API - Features, Part 1 (Core and
// GeoJSON), so QGIS, GDAL/ogr2ogr and other GIS clients read them straight from /ogc. The rules
// (what is published, bbox, paging bounds) are SQL in the database (app_hidden.ogc_*, migration
// 20261125003000); this file reads the query string, runs them as bk_anonymous (open data is
// the same for everyone: a token changes nothing) and adds the links.
import express, { type Router } from "express";
import type pg from "pg";
import { withRole } from "../images/db.ts";
import { pgSettingsFor } from "../auth/request-context.ts";
import type { OpenDataLicence } from "../config.ts";
import type { ReadRouting } from "../replica/read-routing.ts";
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("ogc");

const CORE = "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core";
const GEOJSON = "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson";
const OAS30 = "http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30";
const CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Features per page when `limit` is not given, and the most a page may hold (also checked in SQL). */
export const OGC_DEFAULT_LIMIT = 100;
export const OGC_MAX_LIMIT = 1000;

const JSON_TYPE = "application/json";
const GEOJSON_TYPE = "application/geo+json";
const OPENAPI_TYPE = "application/vnd.oai.openapi+json;version=3.0";

/** A request OGC API Features calls invalid: answered 400 with OGC's exception body. */
class BadParameter extends Error {}

/** Query parameters each resource knows; any other is refused (OGC /req/core/query-param-unknown). */
const KNOWN_PARAMETERS = {
  plain: new Set(["f"]),
  items: new Set(["f", "bbox", "limit", "offset", "datetime"]),
};

type Query = Record<string, string>;

function readQuery(req: express.Request, known: Set<string>): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(req.query)) {
    if (!known.has(name)) throw new BadParameter(`Unknown query parameter "${name}" (known here: ${[...known].join(", ")})`);
    if (typeof value !== "string") throw new BadParameter(`The query parameter "${name}" must be given once`);
    query[name] = value;
  }
  // Only JSON (GeoJSON for features) is offered; f=json asks for it by name.
  if (query.f !== undefined && query.f !== "json") throw new BadParameter(`f must be "json" (the only format offered), not "${query.f}"`);
  return query;
}

/** A whole number of at most 9 digits (PostgreSQL's integer holds it), or BadParameter. */
function wholeNumber(value: string | undefined, name: string, fallback: number, rule: string): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new BadParameter(`${name} must be ${rule}`);
  return Number(value);
}

/** bbox: minLon,minLat,maxLon,maxLat (or 6 numbers with heights, which are ignored); ranges are checked in SQL. */
function readBbox(value: string | undefined): [number, number, number, number] | [null, null, null, null] {
  if (value === undefined) return [null, null, null, null];
  const parts = value.split(",");
  const numbers = parts.map((p) => (p.trim() === "" ? NaN : Number(p)));
  if ((numbers.length !== 4 && numbers.length !== 6) || numbers.some((n) => !Number.isFinite(n))) {
    throw new BadParameter("bbox must be four numbers: minimum longitude, minimum latitude, maximum longitude, maximum latitude");
  }
  return numbers.length === 4 ? [numbers[0], numbers[1], numbers[2], numbers[3]] : [numbers[0], numbers[1], numbers[3], numbers[4]];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * datetime (RFC 3339): an instant, or an interval "start/end" with ".." or nothing for an open
 * end. A date alone is the whole of that day (UTC). Matched against the things' createdAt.
 */
function readDatetime(value: string | undefined): [string | null, string | null] {
  if (value === undefined) return [null, null];
  const bound = (text: string, end: boolean): string | null => {
    if (text === ".." || text === "") return null;
    if (DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))) return end ? `${text}T23:59:59.999999Z` : `${text}T00:00:00Z`;
    if (DATE_TIME.test(text) && !Number.isNaN(Date.parse(text))) return text;
    throw new BadParameter("datetime must be an RFC 3339 date-time or date, or an interval start/end (.. for an open end)");
  };
  const parts = value.split("/");
  if (parts.length === 1) {
    if (value === ".." || value === "") throw new BadParameter("datetime must be an RFC 3339 date-time or date, or an interval start/end");
    return [bound(value, false), bound(value, true)];
  }
  if (parts.length !== 2 || (parts[0] === ".." && parts[1] === "..") || (parts[0] === "" && parts[1] === "")) {
    throw new BadParameter("datetime must be an RFC 3339 date-time or date, or an interval start/end (.. for an open end)");
  }
  return [bound(parts[0], false), bound(parts[1], true)];
}

export function ogcRouter(pool: pg.Pool, reads: ReadRouting | undefined, licence: OpenDataLicence): Router {
  // Open data may be seconds stale: on the read replica when there is one (docs/scaling.md),
  // unless this browser has just written (its fence cookie).
  const readPool = async (req: express.Request) => (reads ? reads.poolFor({ req }) : pool);
  const router = express.Router();
  // A guest's settings (role bk_anonymous, no claims), whatever the request carries.
  const anonymous = pgSettingsFor(null);

  // The links carry the address the client used (several hosts serve the app, BRAND_HOSTS), as
  // express reads it: X-Forwarded-Proto and -Host count only from proxies TRUST_PROXY names.
  const origin = (req: express.Request) => `${req.protocol}://${req.host}`;
  const licenceLink = { href: licence.url, rel: "license", type: "text/html", title: licence.id };

  const handle =
    (fn: (req: express.Request, res: express.Response) => Promise<void>) => async (req: express.Request, res: express.Response) => {
      // Open data: any site may read it from a browser (nothing here depends on who asks).
      res.set("Access-Control-Allow-Origin", "*");
      res.set("Link", `<${licence.url}>; rel="license"; title="${licence.id}"`);
      try {
        await fn(req, res);
      } catch (e) {
        const invalid = e instanceof BadParameter || (e as { code?: string })?.code === "INVLD";
        if (invalid) {
          const description = (e as Error).message;
          res.status(400).json({ code: "InvalidParameterValue", description, error: description });
          return;
        }
        log.error({ err: e }, "OGC API request failed");
        res.status(500).json({ code: "ServerError", description: "The request failed", error: "The request failed" });
      }
    };

  const sendJson = (res: express.Response, body: unknown, type = JSON_TYPE) => {
    res.type(type).send(JSON.stringify(body));
  };

  router.get(
    "/ogc",
    handle(async (req, res) => {
      readQuery(req, KNOWN_PARAMETERS.plain);
      const base = `${origin(req)}/ogc`;
      sendJson(res, {
        title: "Steward open data",
        description: `Public things people look after, as OGC API - Features. Licence: ${licence.id}. Attribution: ${licence.attribution}.`,
        attribution: licence.attribution,
        links: [
          { href: base, rel: "self", type: JSON_TYPE, title: "This document" },
          { href: `${base}/api`, rel: "service-desc", type: OPENAPI_TYPE, title: "The API definition (OpenAPI 3.0)" },
          { href: `${base}/conformance`, rel: "conformance", type: JSON_TYPE, title: "Conformance classes" },
          { href: `${base}/collections`, rel: "data", type: JSON_TYPE, title: "Collections" },
          licenceLink,
        ],
      });
    }),
  );

  router.get(
    "/ogc/conformance",
    handle(async (req, res) => {
      readQuery(req, KNOWN_PARAMETERS.plain);
      sendJson(res, { conformsTo: [CORE, GEOJSON, OAS30] });
    }),
  );

  router.get(
    "/ogc/api",
    handle(async (req, res) => {
      readQuery(req, KNOWN_PARAMETERS.plain);
      res.type(OPENAPI_TYPE).send(JSON.stringify(openApi(`${origin(req)}/ogc`)));
    }),
  );

  async function thingsCollection(req: express.Request) {
    const extent = await withRole(
      await readPool(req),
      anonymous,
      async (c) => (await c.query("select app_hidden.ogc_things_extent() as extent")).rows[0].extent,
    );
    const base = `${origin(req)}/ogc/collections/things`;
    return {
      id: "things",
      title: "Things",
      description:
        "Public things people look after (planters, trees, bee cafes, benches...): where they are, their name and type, and whether they need water.",
      attribution: licence.attribution,
      itemType: "feature",
      crs: [CRS84],
      ...(extent ? { extent } : {}),
      links: [
        { href: base, rel: "self", type: JSON_TYPE, title: "This collection" },
        { href: `${base}/items`, rel: "items", type: GEOJSON_TYPE, title: "The things" },
        licenceLink,
      ],
    };
  }

  router.get(
    "/ogc/collections",
    handle(async (req, res) => {
      readQuery(req, KNOWN_PARAMETERS.plain);
      const base = `${origin(req)}/ogc/collections`;
      sendJson(res, {
        links: [{ href: base, rel: "self", type: JSON_TYPE, title: "The collections" }, licenceLink],
        collections: [await thingsCollection(req)],
      });
    }),
  );

  router.get(
    "/ogc/collections/things",
    handle(async (req, res) => {
      readQuery(req, KNOWN_PARAMETERS.plain);
      sendJson(res, await thingsCollection(req));
    }),
  );

  /** GeoJSON as application/geo+json, unless the client asks for application/json alone. */
  const featureType = (req: express.Request) => (req.accepts([GEOJSON_TYPE, JSON_TYPE]) === JSON_TYPE ? JSON_TYPE : GEOJSON_TYPE);

  router.get(
    "/ogc/collections/things/items",
    handle(async (req, res) => {
      const query = readQuery(req, KNOWN_PARAMETERS.items);
      const limit = wholeNumber(query.limit, "limit", OGC_DEFAULT_LIMIT, `a whole number from 1 to ${OGC_MAX_LIMIT}`);
      const offset = wholeNumber(query.offset, "offset", 0, "a whole number, 0 or more");
      const [west, south, east, north] = readBbox(query.bbox);
      const [from, to] = readDatetime(query.datetime);
      const pages = `${origin(req)}/things/`;
      const page = await withRole(
        await readPool(req),
        anonymous,
        async (c) =>
          (
            await c.query("select app_hidden.ogc_things($1, $2, $3, $4, $5, $6, $7, $8, $9) as page", [
              west,
              south,
              east,
              north,
              from,
              to,
              limit,
              offset,
              pages,
            ])
          ).rows[0].page,
      );

      const base = `${origin(req)}/ogc/collections/things/items`;
      const at = (newOffset: number | undefined) => {
        const params = new URLSearchParams(query);
        params.delete("offset");
        params.set("limit", String(limit));
        if (newOffset) params.set("offset", String(newOffset));
        return `${base}?${params}`;
      };
      const type = featureType(req);
      const links: object[] = [
        { href: at(offset), rel: "self", type, title: "This page" },
        { href: `${origin(req)}/ogc/collections/things`, rel: "collection", type: JSON_TYPE, title: "The collection" },
        licenceLink,
      ];
      if (offset + page.numberReturned < page.numberMatched)
        links.push({ href: at(offset + limit), rel: "next", type, title: "Next page" });
      if (offset > 0) links.push({ href: at(Math.max(0, offset - limit)), rel: "prev", type, title: "Previous page" });
      sendJson(res, { ...page, links }, type);
    }),
  );

  router.get(
    "/ogc/collections/things/items/:id",
    handle(async (req, res) => {
      readQuery(req, KNOWN_PARAMETERS.plain);
      const id = req.params.id as string;
      const feature = UUID.test(id)
        ? await withRole(
            await readPool(req),
            anonymous,
            async (c) => (await c.query("select app_hidden.ogc_thing($1, $2) as feature", [id, `${origin(req)}/things/`])).rows[0].feature,
          )
        : null;
      if (!feature) {
        // Unknown, or not public: the same answer, so a private thing's id reveals nothing.
        res.status(404).json({ code: "NotFound", description: "No such public thing", error: "No such public thing" });
        return;
      }
      const type = featureType(req);
      const base = `${origin(req)}/ogc/collections/things`;
      feature.links = [
        { href: `${base}/items/${id}`, rel: "self", type, title: "This feature" },
        { href: base, rel: "collection", type: JSON_TYPE, title: "The collection" },
        licenceLink,
        ...feature.links,
      ];
      sendJson(res, feature, type);
    }),
  );

  // Anything else under /ogc is not part of the API (rather than the SPA's index page).
  router.use("/ogc", (_req, res) => {
    res.set("Access-Control-Allow-Origin", "*");
    res.status(404).json({ code: "NotFound", description: "Not part of this API", error: "Not part of this API" });
  });

  return router;
}

/**
 * The API definition (OpenAPI 3.0), short: the paths and parameters, so clients such as GDAL learn
 * the page size limits from it.
 */
function openApi(base: string) {
  const f = { name: "f", in: "query", required: false, schema: { type: "string", enum: ["json"] } };
  const json = (description: string) => ({ description, content: { [JSON_TYPE]: { schema: { type: "object" } } } });
  const geojson = (description: string) => ({ description, content: { [GEOJSON_TYPE]: { schema: { type: "object" } } } });
  const error = { description: "Invalid parameter", content: { [JSON_TYPE]: { schema: { type: "object" } } } };
  return {
    openapi: "3.0.3",
    info: { title: "Steward open data", version: "1.0.0", description: "Public things as OGC API - Features (Core, GeoJSON)." },
    servers: [{ url: base }],
    paths: {
      "/": { get: { operationId: "getLandingPage", parameters: [f], responses: { 200: json("Landing page"), 400: error } } },
      "/conformance": {
        get: { operationId: "getConformance", parameters: [f], responses: { 200: json("Conformance classes"), 400: error } },
      },
      "/collections": { get: { operationId: "getCollections", parameters: [f], responses: { 200: json("Collections"), 400: error } } },
      "/collections/things": {
        get: { operationId: "describeThings", parameters: [f], responses: { 200: json("The things collection"), 400: error } },
      },
      "/collections/things/items": {
        get: {
          operationId: "getThings",
          parameters: [
            f,
            {
              name: "limit",
              in: "query",
              required: false,
              style: "form",
              explode: false,
              schema: { type: "integer", minimum: 1, maximum: OGC_MAX_LIMIT, default: OGC_DEFAULT_LIMIT },
            },
            { name: "offset", in: "query", required: false, schema: { type: "integer", minimum: 0, default: 0 } },
            {
              name: "bbox",
              in: "query",
              required: false,
              style: "form",
              explode: false,
              schema: { type: "array", minItems: 4, maxItems: 6, items: { type: "number" } },
            },
            { name: "datetime", in: "query", required: false, style: "form", explode: false, schema: { type: "string" } },
          ],
          responses: { 200: geojson("A page of things"), 400: error },
        },
      },
      "/collections/things/items/{featureId}": {
        get: {
          operationId: "getThing",
          parameters: [f, { name: "featureId", in: "path", required: true, schema: { type: "string" } }],
          responses: { 200: geojson("A thing"), 400: error, 404: { description: "No such public thing" } },
        },
      },
    },
  };
}

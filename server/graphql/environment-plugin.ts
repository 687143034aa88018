// Environmental data (spec sections 2, 3, 7, 9): rainfall from the Environment Agency, weather
// forecasts from Open-Meteo, soilscape classes and the soilscapes and B-Lines map layers.
//
// Rainfall and weather are fetched by the server and cached in PostgreSQL (domain/environment, server/environment/service.ts):
// each answer says when it was fetched, whether it came live or from the cache, and whether it is
// stale (the source failed and an older copy is shown). Each such field runs as three plan steps:
// a short transaction reading the cache, the request to the source outside any transaction, and a
// short transaction storing the answer or falling back to the cache.
import { extendSchema, gql } from "postgraphile/utils";
import { lambda, SafeError, type FieldArgs } from "postgraphile/grafast";
import { sideEffectWithPgClient, sideEffectWithPgClientTransaction, type PgExecutor } from "postgraphile/@dataplan/pg";
import { createRainfallProvider } from "../../domain/environment/rainfall.ts";
import { createWeatherProvider } from "../../domain/environment/weather.ts";
import {
  fetchLive,
  freshAnswer,
  makeSources,
  NotFoundError,
  parseArgs,
  settle,
  UnavailableError,
  type Answer,
  type CachedSource,
  type Outcome,
} from "../environment/service.ts";
import type { EnvironmentSettings } from "../../domain/environment/settings.ts";
import * as v from "../../domain/environment/validate.ts";

/** A field's arguments as fieldArgs.getRaw() gives them (by name; checked by domain/environment/validate.ts). */
type RawArgs = Record<string, unknown> | null | undefined;

/** Our own errors become SafeErrors the client sees (INVLD, NTFND, UNAVL); anything else is masked. */
async function guard<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof v.InputError) throw new SafeError(e.message, { code: "INVLD" });
    if (e instanceof NotFoundError) throw new SafeError(e.message, { code: "NTFND" });
    if (e instanceof UnavailableError) throw new SafeError(e.message, { code: "UNAVL" });
    throw e;
  }
}

function cachedField<A, L, T>(executor: PgExecutor, spec: CachedSource<A, L, T>, parse: (raw: Record<string, unknown>) => A) {
  return (_$parent: unknown, fieldArgs: FieldArgs) => {
    const $args = lambda(fieldArgs.getRaw(), (raw: RawArgs) => guard(() => parse(raw ?? {})));
    const $fresh = sideEffectWithPgClientTransaction(executor, $args, (client, args: A) => freshAnswer(client, spec, args));
    const $outcome = lambda([$args, $fresh], ([args, fresh]: readonly [A, Answer<T> | null]) =>
      fresh ? Promise.resolve(null) : guard(() => fetchLive(spec, args)),
    );
    return sideEffectWithPgClientTransaction(
      executor,
      [$args, $fresh, $outcome],
      (client, [args, fresh, outcome]: readonly [A, Answer<T> | null, Outcome<L> | null]) =>
        guard(() => settle(client, spec, args, fresh, outcome)),
    );
  };
}

/** app_hidden.soilscape_class_at's jsonb (the soilscapes layer's attributes), as the API names them. */
function soilscapeOut(value: unknown) {
  if (!value) return null;
  const j = value as Record<string, unknown>;
  return {
    classNumber: typeof j.class_number === "number" ? j.class_number : null,
    name: j.name ?? "Unnamed soilscape",
    texture: j.texture ?? null,
    drainage: j.drainage ?? null,
    fertility: j.fertility ?? null,
    landcover: j.landcover ?? null,
    habitats: j.habitats ?? null,
    carbon: j.carbon ?? null,
    drainsTo: j.drains_to ?? null,
    waterProtection: j.water_protection ?? null,
    generalCropping: j.general_cropping ?? null,
    attribution: j.attribution ?? "",
    isSample: j.isSample === true,
    source: j.source ?? null,
  };
}

const LAYER_FEATURE_LIMIT = 500;
const DEFAULT_BLINES_DISTANCE_KM = 5;

function bLinesArgs(raw: Record<string, unknown>) {
  const given = (k: string) => raw[k] !== null && raw[k] !== undefined;
  const point = given("x") || given("y");
  const box = ["south", "west", "north", "east"].some(given);
  if (point === box) throw new v.InputError("Give a point (x, y, and optionally dist) or a box (south, west, north, east)");
  if (box) return { box: v.box(raw), point: null };
  const lat = v.latitude(raw.x);
  const lon = v.longitude(raw.y);
  const dist = given("dist") ? (raw.dist as number) : DEFAULT_BLINES_DISTANCE_KM;
  if (typeof dist !== "number" || !Number.isFinite(dist) || dist < 0 || dist > v.MAX_DISTANCE_KM) {
    throw new v.InputError(`Distance must be between 0 and ${v.MAX_DISTANCE_KM} km`);
  }
  return { box: v.boxAround(lat, lon, dist), point: { lat, lon } };
}

export function makeEnvironmentPlugin(settings: EnvironmentSettings) {
  const sources = makeSources(settings, createRainfallProvider(settings), createWeatherProvider(settings));
  return extendSchema((build) => {
    const executor = build.input.pgRegistry.pgExecutors.main;
    return {
      typeDefs: gql`
        "A rainfall measure of a station: the EA's 15-minute tipping-bucket totals in mm, usually."
        type RainfallMeasure {
          "The measure's notation, e.g. E7050-rainfall-tipping_bucket_raingauge-t-15_min-mm."
          id: String!
          stationId: String!
          parameter: String
          parameterName: String
          "Seconds per reading (900: 15 minutes)."
          period: Int
          qualifier: String
          unitName: String
        }
        "An Environment Agency rainfall station."
        type RainfallStation {
          "The station reference, e.g. E7050."
          id: String!
          stationReference: String!
          label: String
          "Latitude."
          lat: Float!
          "Longitude."
          long: Float!
          easting: Float
          northing: Float
          town: String
          riverName: String
          catchmentName: String
          "Distance in km from the point asked about."
          distance: Float
          measures: [RainfallMeasure!]!
        }
        "One rainfall reading: mm in the measure's period, ending at dateTime."
        type RainfallReading {
          dateTime: Datetime!
          "mm"
          value: Float
          "The measure's id."
          measure: String!
          stationId: String!
        }
        type RainfallStations {
          stations: [RainfallStation!]!
          "When the source gave this answer."
          fetchedAt: Datetime!
          "True when the source could not be reached and an older cached answer is shown."
          stale: Boolean!
          "live (asked the source just now) or cache."
          source: String!
          "What to tell the user about a stale answer; null otherwise."
          notice: String
          "Credit line to show with the data."
          attribution: String!
          licence: String
        }
        type RainfallMeasures {
          measures: [RainfallMeasure!]!
          fetchedAt: Datetime!
          stale: Boolean!
          source: String!
          notice: String
          attribution: String!
          licence: String
        }
        type RainfallReadings {
          "Newest first."
          readings: [RainfallReading!]!
          fetchedAt: Datetime!
          stale: Boolean!
          source: String!
          notice: String
          attribution: String!
          licence: String
        }
        "A station's details for /rainfall/{id}."
        type RainfallStationDetails {
          id: String!
          stationReference: String!
          label: String
          lat: Float!
          long: Float!
          easting: Float
          northing: Float
          town: String
          riverName: String
          catchmentName: String
          measures: [RainfallMeasure!]!
          "The newest reading known (gauges report once or twice a day, so it can be hours old)."
          latestReading: RainfallReading
          "mm over the last 24 hours (15-minute measure); null when there is no reading in that time."
          last24hTotal: Float
          last24hReadings: Int!
          "The readings of the last 24 hours, newest first."
          readings: [RainfallReading!]!
          fetchedAt: Datetime!
          stale: Boolean!
          source: String!
          notice: String
          attribution: String!
          licence: String
        }
        type HourlyWeather {
          "The hour's start (UTC)."
          time: Datetime!
          "The same hour in the forecast's time zone, YYYY-MM-DDTHH:MM."
          localTime: String!
          "degrees C"
          temperature: Float
          "mm"
          precipitation: Float
          "percent"
          precipitationProbability: Int
        }
        type DailyWeather {
          "YYYY-MM-DD in the forecast's time zone."
          date: String!
          "mm"
          precipitationSum: Float
          temperatureMax: Float
          temperatureMin: Float
        }
        "An Open-Meteo forecast for the 0.1 degree grid point nearest the place asked about."
        type WeatherForecast {
          latitude: Float!
          longitude: Float!
          timezone: String
          elevation: Float
          hourly: [HourlyWeather!]!
          daily: [DailyWeather!]!
          fetchedAt: Datetime!
          stale: Boolean!
          source: String!
          notice: String
          attribution: String!
          licence: String
        }
        "The soilscape class at a place (Cranfield University's Soilscapes classes)."
        type Soilscape {
          "1 to 27."
          classNumber: Int
          name: String!
          texture: String
          drainage: String
          fertility: String
          landcover: String
          habitats: String
          carbon: String
          drainsTo: String
          waterProtection: String
          generalCropping: String
          attribution: String!
          "True when the loaded layer is an illustrative sample, not survey data."
          isSample: Boolean!
          source: String
        }
        extend type Query {
          "EA rainfall stations within dist km (default 10, at most 50) of a point (x latitude, y longitude), nearest first."
          rainfallStations(x: Float!, y: Float!, dist: Float): RainfallStations
          "A station's rainfall measures."
          rainfallMeasures(stationId: String!): RainfallMeasures
          """
          Rainfall readings of a station or of one measure, newest first: the latest, today's, one
          date's, or a date range's (dates YYYY-MM-DD); _limit 1 to 10000 (default 500).
          """
          rainfallReadings(
            stationId: String
            measureId: String
            latest: Boolean
            today: Boolean
            date: String
            startdate: String
            enddate: String
            _limit: Int
          ): RainfallReadings
          "One rainfall station with its latest reading and the last 24 hours' total."
          rainfallStation(id: String!): RainfallStationDetails
          "The hourly and daily forecast at a place."
          nearestWeatherForecasts(latitude: Float!, longitude: Float!): WeatherForecast
          "The soilscape class at a point (x latitude, y longitude); null where the layer has none."
          soilscape(x: Float!, y: Float!): Soilscape
          "Soilscape polygons overlapping a box, as a GeoJSON FeatureCollection (at most 500 features)."
          soilscapeLayer(south: Float!, west: Float!, north: Float!, east: Float!): JSON
          """
          B-Lines pollinator corridors as a GeoJSON FeatureCollection: those within dist km (default 5)
          of a point (x latitude, y longitude; inBLine then says whether the point is in one), or
          those overlapping a box (south, west, north, east). At most 500 features.
          """
          bLines(x: Float, y: Float, dist: Float, south: Float, west: Float, north: Float, east: Float): JSON
        }
      `,
      objects: {
        Query: {
          plans: {
            rainfallStations: cachedField(executor, sources.rainfallStations, parseArgs.rainfallStations),
            rainfallMeasures: cachedField(executor, sources.rainfallMeasures, parseArgs.rainfallMeasures),
            rainfallReadings: cachedField(executor, sources.rainfallReadings, parseArgs.rainfallReadings),
            rainfallStation: cachedField(executor, sources.rainfallStation, parseArgs.rainfallStation),
            nearestWeatherForecasts: cachedField(executor, sources.weather, parseArgs.weather),
            soilscape(_, fieldArgs) {
              const $args = lambda(fieldArgs.getRaw(), (raw: RawArgs) =>
                guard(() => ({ lat: v.latitude(raw?.x), lon: v.longitude(raw?.y) })),
              );
              return sideEffectWithPgClient(executor, $args, async (client, a: { lat: number; lon: number }) => {
                const { rows } = await client.query<{ j: unknown }>({
                  text: "select app_hidden.soilscape_class_at(point($1, $2)) as j",
                  values: [a.lat, a.lon],
                });
                return soilscapeOut(rows[0]?.j);
              });
            },
            soilscapeLayer(_, fieldArgs) {
              const $box = lambda(fieldArgs.getRaw(), (raw: RawArgs) => guard(() => v.box(raw ?? {})));
              return sideEffectWithPgClient(executor, $box, async (client, b: v.Box) => {
                const { rows } = await client.query<{ j: unknown }>({
                  text: "select app_hidden.map_layer_geojson('soilscapes', $1, $2, $3, $4, $5) as j",
                  values: [b.south, b.west, b.north, b.east, LAYER_FEATURE_LIMIT],
                });
                return rows[0]?.j ?? null;
              });
            },
            bLines(_, fieldArgs) {
              const $args = lambda(fieldArgs.getRaw(), (raw: RawArgs) => guard(() => bLinesArgs(raw ?? {})));
              return sideEffectWithPgClient(executor, $args, async (client, a: ReturnType<typeof bLinesArgs>) => {
                const { rows } = await client.query<{ j: Record<string, unknown> }>({
                  text: "select app_hidden.map_layer_geojson('b_lines', $1, $2, $3, $4, $5) as j",
                  values: [a.box.south, a.box.west, a.box.north, a.box.east, LAYER_FEATURE_LIMIT],
                });
                const collection = rows[0]?.j ?? null;
                if (!collection || !a.point) return collection;
                const inside = await client.query<{ inside: boolean }>({
                  text: "select app_hidden.in_bline(point($1, $2)) as inside",
                  values: [a.point.lat, a.point.lon],
                });
                return { ...collection, inBLine: inside.rows[0]?.inside === true };
              });
            },
          },
        },
      },
    };
  }, "EnvironmentPlugin");
}

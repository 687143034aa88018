// Input rules of the environmental fields. An InputError's message is shown to the user as it is
// (the API sends it with code INVLD).
import { idFromUri } from "./http.ts";
import type { ReadingsQuery } from "./rainfall.ts";

export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}

function finite(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

export function latitude(value: unknown): number {
  if (value === null || value === undefined) throw new InputError("Latitude is required");
  if (!finite(value) || value < -90 || value > 90) throw new InputError("Latitude must be between -90 and 90");
  return value;
}

export function longitude(value: unknown): number {
  if (value === null || value === undefined) throw new InputError("Longitude is required");
  if (!finite(value) || value < -180 || value > 180) throw new InputError("Longitude must be between -180 and 180");
  return value;
}

export const DEFAULT_DISTANCE_KM = 10;
export const MAX_DISTANCE_KM = 50;

export function distanceKm(value: unknown): number {
  if (value === null || value === undefined) return DEFAULT_DISTANCE_KM;
  if (!finite(value) || value <= 0 || value > MAX_DISTANCE_KM) throw new InputError(`Distance must be between 0 and ${MAX_DISTANCE_KM} km`);
  return value;
}

export const DEFAULT_READINGS_LIMIT = 500;
export const MAX_READINGS_LIMIT = 10_000;

export function readingsLimit(value: unknown): number {
  if (value === null || value === undefined) return DEFAULT_READINGS_LIMIT;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_READINGS_LIMIT) {
    throw new InputError(`Limit must be between 1 and ${MAX_READINGS_LIMIT}`);
  }
  return value as number;
}

/** A calendar date written YYYY-MM-DD, or null. */
export function isoDate(value: unknown, name: string): string | null {
  if (value === null || value === undefined || value === "") return null;
  const s = String(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
  if (!m || !d || d.getUTCFullYear() !== +m[1] || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) {
    throw new InputError(`${name} must be a date written YYYY-MM-DD`);
  }
  return s;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;

/** A station or measure id, given bare or as the API's URI. */
export function sourceId(value: unknown, what: "Station" | "Measure", required: boolean): string | null {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) {
    if (required) throw new InputError(`${what} id is required`);
    return null;
  }
  const text = typeof value === "string" ? value.trim() : "";
  const id = /^https?:\/\//i.test(text) ? idFromUri(text) : text;
  if (!id || !ID.test(id)) throw new InputError(`${what} id is not valid`);
  return id;
}

export function readingsQuery(args: Record<string, unknown>): ReadingsQuery {
  const stationId = sourceId(args.stationId, "Station", false);
  const measureId = sourceId(args.measureId, "Measure", false);
  if (!stationId && !measureId) throw new InputError("Give a stationId or a measureId");
  const latest = args.latest === true;
  const today = args.today === true;
  const date = isoDate(args.date, "date");
  const startdate = isoDate(args.startdate, "startdate");
  const enddate = isoDate(args.enddate, "enddate");
  if (enddate && !startdate) throw new InputError("An enddate needs a startdate");
  if (startdate && enddate && startdate > enddate) throw new InputError("The startdate must not be after the enddate");
  const modes = [latest, today, date !== null, startdate !== null].filter(Boolean).length;
  if (modes > 1) throw new InputError("Use only one of latest, today, date, or startdate with enddate");
  return {
    stationId,
    measureId,
    latest,
    today,
    date,
    startdate,
    enddate: startdate ? (enddate ?? startdate) : null,
    limit: readingsLimit(args._limit),
  };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The UTC window [from, to) a readings query covers (null: unbounded), for answers from the cache. */
export function readingsWindow(q: ReadingsQuery, now = new Date()): { from: string | null; to: string | null } {
  const day = (d: string) => `${d}T00:00:00Z`;
  if (q.today) {
    const today = now.toISOString().slice(0, 10);
    return { from: day(today), to: day(nextDay(today)) };
  }
  if (q.date) return { from: day(q.date), to: day(nextDay(q.date)) };
  if (q.startdate) return { from: day(q.startdate), to: day(nextDay(q.enddate ?? q.startdate)) };
  return { from: null, to: null };
}

/** A stable key for a readings request (what was asked, not when). */
export function readingsKey(q: ReadingsQuery, now = new Date()): string {
  const target = q.measureId ? `measure:${q.measureId}` : `station:${q.stationId}`;
  const mode = q.latest
    ? "latest"
    : q.today
      ? `today:${now.toISOString().slice(0, 10)}`
      : q.date
        ? `date:${q.date}`
        : q.startdate
          ? `range:${q.startdate}:${q.enddate}`
          : "recent";
  return `${target}|${mode}|${q.latest ? "" : q.limit}`;
}

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

export function box(args: Record<string, unknown>): Box {
  const south = latitude(args.south);
  const north = latitude(args.north);
  const west = longitude(args.west);
  const east = longitude(args.east);
  if (south > north) throw new InputError("The box's south edge must not be north of its north edge");
  if (west > east) throw new InputError("The box's west edge must not be east of its east edge");
  return { south, west, north, east };
}

/** The box reaching distKm around a point. */
export function boxAround(lat: number, lon: number, distKm: number): Box {
  const dLat = distKm / 110.574;
  const dLon = distKm / (111.32 * Math.max(Math.cos((Math.min(Math.abs(lat) + dLat, 89.9) * Math.PI) / 180), 0.001));
  return {
    south: Math.max(-90, lat - dLat),
    north: Math.min(90, lat + dLat),
    west: Math.max(-180, lon - dLon),
    east: Math.min(180, lon + dLon),
  };
}

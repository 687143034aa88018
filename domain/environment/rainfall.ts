// Rainfall from the Environment Agency flood-monitoring API (real-time data API, Beta; Open
// Government Licence). A small provider interface, its HTTP implementation, and parsers that take
// whatever the API sends (single values as arrays, measures as URIs or objects) to plain records.
//
//   stations near a point  GET {root}/id/stations?parameter=rainfall&lat=..&long=..&dist=<km>
//   one station            GET {root}/id/stations/{id}
//   its measures           GET {root}/id/stations/{id}/measures
//   readings               GET {root}/id/stations/{id}/readings?...  or  {root}/id/measures/{id}/readings?...
//                          with latest | today | date=YYYY-MM-DD | startdate=..&enddate=.., _sorted, _limit
import { getJson, idFromUri, list, num, obj, one, str, UpstreamError } from "./http.ts";

export interface RainfallMeasure {
  id: string;
  stationId: string;
  parameter: string | null;
  parameterName: string | null;
  period: number | null;
  qualifier: string | null;
  unitName: string | null;
}

export interface RainfallStation {
  id: string;
  label: string | null;
  lat: number;
  long: number;
  easting: number | null;
  northing: number | null;
  details: Record<string, string>;
  measures: RainfallMeasure[];
}

export interface RainfallReading {
  /** The measure's id (notation). */
  measure: string;
  stationId: string;
  /** ISO 8601, UTC. */
  dateTime: string;
  /** mm in the measure's period (15 minutes for tipping-bucket gauges). */
  value: number | null;
}

export interface ReadingsQuery {
  stationId: string | null;
  measureId: string | null;
  latest: boolean;
  today: boolean;
  date: string | null;
  startdate: string | null;
  enddate: string | null;
  limit: number;
}

export interface RainfallProvider {
  stationsNear(lat: number, long: number, distKm: number): Promise<RainfallStation[]>;
  /** null when the EA does not know the station. */
  station(id: string): Promise<{ station: RainfallStation; latestReadings: RainfallReading[] } | null>;
  measures(stationId: string): Promise<RainfallMeasure[]>;
  readings(query: ReadingsQuery): Promise<RainfallReading[]>;
}

/** The station a measure belongs to, from its notation ({station}-rainfall-...). */
export function stationOfMeasure(measureId: string): string {
  const i = measureId.indexOf("-rainfall");
  if (i > 0) return measureId.slice(0, i);
  const dash = measureId.indexOf("-");
  return dash > 0 ? measureId.slice(0, dash) : measureId;
}

export function parseMeasure(raw: unknown, stationId: string | null): RainfallMeasure | null {
  const o = obj(raw);
  const id = o ? (str(o.notation) ?? idFromUri(o["@id"])) : idFromUri(raw);
  if (!id) return null;
  const station = (o && (idFromUri(o.station) ?? str(o.stationReference))) ?? stationId ?? stationOfMeasure(id);
  return {
    id,
    stationId: station,
    parameter: o ? str(o.parameter) : null,
    parameterName: o ? str(o.parameterName) : null,
    period: o ? num(o.period) : null,
    qualifier: o ? str(o.qualifier) : null,
    unitName: o ? str(o.unitName) : null,
  };
}

const DETAIL_FIELDS = ["town", "riverName", "catchmentName", "dateOpened", "gridReference"] as const;

export function parseStation(raw: unknown): RainfallStation | null {
  const o = obj(raw);
  if (!o) return null;
  const id = str(o.stationReference) ?? str(o.notation) ?? idFromUri(o["@id"]);
  const lat = num(o.lat);
  const long = num(o.long);
  if (!id || lat === null || long === null || Math.abs(lat) > 90 || Math.abs(long) > 180) return null;
  const details: Record<string, string> = {};
  for (const field of DETAIL_FIELDS) {
    const v = str(o[field]);
    if (v) details[field] = v;
  }
  const status = idFromUri(o.status);
  if (status) details.status = status;
  const measures = list(o.measures)
    .map((m) => parseMeasure(m, id))
    .filter((m): m is RainfallMeasure => m !== null && (m.parameter === null || m.parameter === "rainfall"));
  return { id, label: str(o.label), lat, long, easting: num(o.easting), northing: num(o.northing), details, measures };
}

export function parseReading(raw: unknown, stationId: string | null, measureId: string | null): RainfallReading | null {
  const o = obj(raw);
  if (!o) return null;
  const measure = idFromUri(o.measure) ?? idFromUri(obj(o.measure)?.["@id"]) ?? measureId;
  const dateTime = str(o.dateTime);
  if (!measure || !dateTime) return null;
  const at = new Date(dateTime);
  if (Number.isNaN(at.getTime())) return null;
  return { measure, stationId: stationId ?? stationOfMeasure(measure), dateTime: at.toISOString(), value: num(o.value) };
}

function items(json: unknown): unknown[] {
  return list(obj(json)?.items);
}

export function parseStations(json: unknown): RainfallStation[] {
  return items(json)
    .map(parseStation)
    .filter((s): s is RainfallStation => s !== null);
}

export function parseMeasures(json: unknown, stationId: string): RainfallMeasure[] {
  return items(json)
    .map((m) => parseMeasure(m, stationId))
    .filter((m): m is RainfallMeasure => m !== null && (m.parameter === null || m.parameter === "rainfall"));
}

export function parseReadings(json: unknown, stationId: string | null, measureId: string | null): RainfallReading[] {
  const seen = new Set<string>();
  const out: RainfallReading[] = [];
  for (const raw of items(json)) {
    const r = parseReading(raw, stationId, measureId);
    if (!r) continue;
    const key = `${r.measure}|${r.dateTime}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out.sort((a, b) => (a.dateTime < b.dateTime ? 1 : a.dateTime > b.dateTime ? -1 : a.measure.localeCompare(b.measure)));
}

/** The query string of a readings request (flags like `latest` are sent bare, as the API documents them). */
export function readingsQueryString(q: ReadingsQuery): string {
  const parts: string[] = [];
  if (q.latest) parts.push("latest");
  else if (q.today) parts.push("today");
  else if (q.date) parts.push(`date=${q.date}`);
  else if (q.startdate) parts.push(`startdate=${q.startdate}`, `enddate=${q.enddate ?? q.startdate}`);
  parts.push("_sorted");
  if (!q.latest) parts.push(`_limit=${q.limit}`);
  return parts.join("&");
}

export class EaRainfallProvider implements RainfallProvider {
  constructor(
    private readonly root: string,
    private readonly timeoutMs: number,
  ) {}

  private get(path: string): Promise<unknown> {
    return getJson(`${this.root}${path}`, this.timeoutMs);
  }

  async stationsNear(lat: number, long: number, distKm: number): Promise<RainfallStation[]> {
    return parseStations(await this.get(`/id/stations?parameter=rainfall&lat=${lat}&long=${long}&dist=${distKm}`));
  }

  async station(id: string) {
    let json: unknown;
    try {
      json = await this.get(`/id/stations/${encodeURIComponent(id)}`);
    } catch (e) {
      if (e instanceof UpstreamError && e.status === 404) return null;
      throw e;
    }
    const raw = one(obj(json)?.items);
    const station = parseStation(raw);
    if (!station) return null;
    // The station document carries each measure's latest reading.
    const latestReadings = list(obj(raw)?.measures)
      .map((m) => {
        const measure = parseMeasure(m, station.id);
        const latest = obj(m)?.latestReading;
        return measure && latest ? parseReading(latest, station.id, measure.id) : null;
      })
      .filter((r): r is RainfallReading => r !== null);
    return { station, latestReadings };
  }

  async measures(stationId: string): Promise<RainfallMeasure[]> {
    return parseMeasures(await this.get(`/id/stations/${encodeURIComponent(stationId)}/measures`), stationId);
  }

  async readings(q: ReadingsQuery): Promise<RainfallReading[]> {
    const path = q.measureId
      ? `/id/measures/${encodeURIComponent(q.measureId)}/readings`
      : `/id/stations/${encodeURIComponent(q.stationId ?? "")}/readings`;
    const json = await this.get(`${path}?${readingsQueryString(q)}`);
    return parseReadings(json, q.measureId ? null : q.stationId, q.measureId);
  }
}

/** Used when EA_API_URL=off: every request fails, so answers come from the cache. */
export class OfflineRainfallProvider implements RainfallProvider {
  private fail(): never {
    throw new UpstreamError("the Environment Agency API is switched off (EA_API_URL=off)");
  }
  async stationsNear(): Promise<RainfallStation[]> {
    this.fail();
  }
  async station(): Promise<null> {
    this.fail();
  }
  async measures(): Promise<RainfallMeasure[]> {
    this.fail();
  }
  async readings(): Promise<RainfallReading[]> {
    this.fail();
  }
}

export function createRainfallProvider(settings: { eaApiUrl: string; timeoutMs: number }): RainfallProvider {
  return settings.eaApiUrl ? new EaRainfallProvider(settings.eaApiUrl, settings.timeoutMs) : new OfflineRainfallProvider();
}

// Reading an import file in the browser (issue 26): a CSV file (csv-parse) or GeoJSON features,
// into rows for importThings: the file's values as text under our column names, with the row's
// number in the file (the header is row 1 of a CSV; features count from 1). Only the syntax is
// checked here; every value is checked by the database (app_public.import_things), so a dry run
// reports exactly what the import would do. Then the rows are cut into batches that fit the
// GraphQL body limit.
import { parse } from "csv-parse/browser/esm/sync";

export const IMPORT_COLUMNS = [
  "externalId",
  "name",
  "type",
  "description",
  "locationDescription",
  "isPublic",
  "latitude",
  "longitude",
  "species",
  "plantingYear",
  "trunkGirthCm",
  "heightClass",
  "volumeLitres",
  "soilAreaM2",
  "floweringPlants",
  "floweringSeasons",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * Header names (lower case, letters and digits only) and the column each means: ours, and those of
 * common tree registers (English councils' exports, German Baumkataster columns).
 */
const ALIASES: Record<string, ImportColumn> = {
  externalid: "externalId",
  id: "externalId",
  ref: "externalId",
  reference: "externalId",
  assetid: "externalId",
  treeid: "externalId",
  treeref: "externalId",
  siteid: "externalId",
  gisid: "externalId",
  baumnr: "externalId",
  baumnummer: "externalId",
  name: "name",
  title: "name",
  type: "type",
  thingtype: "type",
  description: "description",
  notes: "description",
  comments: "description",
  bemerkung: "description",
  locationdescription: "locationDescription",
  location: "locationDescription",
  address: "locationDescription",
  street: "locationDescription",
  strasse: "locationDescription",
  straße: "locationDescription",
  standort: "locationDescription",
  ispublic: "isPublic",
  public: "isPublic",
  latitude: "latitude",
  lat: "latitude",
  breite: "latitude",
  longitude: "longitude",
  lon: "longitude",
  lng: "longitude",
  long: "longitude",
  laenge: "longitude",
  länge: "longitude",
  species: "species",
  speciesname: "species",
  botanicalname: "species",
  latinname: "species",
  taxon: "species",
  commonname: "species",
  artbot: "species",
  art: "species",
  baumart: "species",
  artdtsch: "species",
  plantingyear: "plantingYear",
  yearplanted: "plantingYear",
  planted: "plantingYear",
  pflanzjahr: "plantingYear",
  trunkgirthcm: "trunkGirthCm",
  trunkgirth: "trunkGirthCm",
  girthcm: "trunkGirthCm",
  girth: "trunkGirthCm",
  circumference: "trunkGirthCm",
  stammumfang: "trunkGirthCm",
  stammumfg: "trunkGirthCm",
  heightclass: "heightClass",
  height: "heightClass",
  heightm: "heightClass",
  baumhoehe: "heightClass",
  baumhöhe: "heightClass",
  volumelitres: "volumeLitres",
  volumeliters: "volumeLitres",
  volume: "volumeLitres",
  volumel: "volumeLitres",
  soilaream2: "soilAreaM2",
  soilarea: "soilAreaM2",
  area: "soilAreaM2",
  aream2: "soilAreaM2",
  floweringplants: "floweringPlants",
  plants: "floweringPlants",
  flowers: "floweringPlants",
  floweringseasons: "floweringSeasons",
  floweringseason: "floweringSeasons",
  seasons: "floweringSeasons",
  season: "floweringSeasons",
};

export const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** Limits the page checks before reading: bigger files are refused with these messages. */
export const IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 50_000 } as const;
export const IMPORT_MESSAGES = {
  tooBig: "The file is larger than 10 MB: split it into smaller files",
  tooManyRows: "The file has more than 50000 rows: split it into smaller files",
  empty: "The file has no rows to import",
  noExternalId: "The file needs an id column (external id, id, ref or tree id): it is how a re-import finds what it imported before",
  notGeoJson: "The file is not a GeoJSON FeatureCollection",
  badJson: "The file is not valid JSON",
} as const;

export type ImportProblem = keyof typeof IMPORT_MESSAGES | "badCsv";

export type ImportRow = { row: number } & Partial<Record<ImportColumn, string>> & { geometry?: unknown };

export interface ReadFile {
  rows: ImportRow[];
  /** Columns the file has that no field takes (ignored). */
  unused: string[];
}

/** Why a file cannot be read: `problem` names the message (the page says it in the reader's language), `detail` the parser's words. */
export class ImportFileError extends Error {
  constructor(
    readonly problem: ImportProblem,
    readonly detail = "",
  ) {
    super(problem === "badCsv" ? `The file is not valid CSV: ${detail}` : IMPORT_MESSAGES[problem]);
  }
}

function mapColumns(headers: string[]): { map: (ImportColumn | null)[]; unused: string[] } {
  const seen = new Set<ImportColumn>();
  const map = headers.map((h) => {
    const column = ALIASES[headerKey(h)] ?? null;
    // The first column of a meaning wins ("Art bot." before "Art dtsch.").
    if (!column || seen.has(column)) return null;
    seen.add(column);
    return column;
  });
  return { map, unused: headers.filter((h, i) => map[i] === null && h.trim() !== "") };
}

/** A CSV file with a header row (comma or semicolon separated; a UTF-8 byte order mark is skipped). */
export function readCsv(text: string): ReadFile {
  const firstLine = text.slice(0, text.indexOf("\n") === -1 ? undefined : text.indexOf("\n"));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new ImportFileError("badCsv", (error as Error).message);
  }
  if (records.length < 2) throw new ImportFileError("empty");
  if (records.length - 1 > IMPORT_LIMITS.maxRows) throw new ImportFileError("tooManyRows");
  const { map, unused } = mapColumns(records[0]);
  if (!map.includes("externalId")) throw new ImportFileError("noExternalId");
  const rows = records.slice(1).map((record, i) => {
    const row: ImportRow = { row: i + 2 };
    map.forEach((column, c) => {
      if (column) row[column] = record[c] ?? "";
    });
    return row;
  });
  return { rows, unused };
}

/** A GeoJSON FeatureCollection (or a list of features): properties by the same names, the geometry as it is. */
export function readGeoJson(text: string): ReadFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportFileError("badJson");
  }
  const features = Array.isArray(json) ? json : (json as { type?: string; features?: unknown })?.features;
  if (!Array.isArray(features)) throw new ImportFileError("notGeoJson");
  if (features.length === 0) throw new ImportFileError("empty");
  if (features.length > IMPORT_LIMITS.maxRows) throw new ImportFileError("tooManyRows");
  const headers = [...new Set(features.flatMap((f) => Object.keys((f as { properties?: object })?.properties ?? {})))];
  const { map, unused } = mapColumns(headers);
  const rows = features.map((feature, i) => {
    const f = (feature ?? {}) as { id?: unknown; properties?: Record<string, unknown>; geometry?: unknown };
    const row: ImportRow = { row: i + 1, geometry: f.geometry ?? null };
    headers.forEach((h, c) => {
      const column = map[c];
      const value = f.properties?.[h];
      if (column && value !== undefined)
        row[column] = value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
    });
    // A feature's own id stands in for a missing id property.
    if (row.externalId === undefined && (typeof f.id === "string" || typeof f.id === "number")) row.externalId = String(f.id);
    return row;
  });
  if (!rows.some((r) => r.externalId !== undefined)) throw new ImportFileError("noExternalId");
  return { rows, unused };
}

export function readImportFile(name: string, text: string): ReadFile {
  const looksJson = /\.(geo)?json$/i.test(name) || /^\s*[[{]/.test(text);
  return looksJson ? readGeoJson(text) : readCsv(text);
}

/** Batches of at most `maxRows` rows and about `maxBytes` of JSON each (a larger row goes alone). */
export function batchesOf(rows: readonly ImportRow[], maxRows = 500, maxBytes = 40_000): ImportRow[][] {
  const batches: ImportRow[][] = [];
  let current: ImportRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = new TextEncoder().encode(JSON.stringify(row)).length + 1;
    if (current.length > 0 && (current.length >= maxRows || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

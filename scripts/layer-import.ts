// The command behind `npm run import:soilscapes -- <file.geojson>` and `npm run import:blines -- <file.geojson>`.
//
//   --sample               mark the layer as an illustrative sample (shown with the answers)
//   --source <text>        where the data came from (default: the file name)
//   --attribution <text>   credit line shown with the layer (default: the publisher's)
//   --crs 27700|4326       the file's coordinates, when neither its `crs` member nor the numbers tell
//   --sql                  print the SQL that loads the layer instead of loading it (db/seed/050_environment.sql
//                          is made this way from the samples in data/)
//
// The database is DATABASE_URL; without it, the embedded one `npm start` runs (it must be running).
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import "../server/config.ts";
import { readSettings } from "../domain/config/read.ts";
import {
  LayerError,
  layerSql,
  prepareLayer,
  replaceLayer,
  type Crs,
  type LayerName,
  type PreparedLayer,
} from "../domain/environment/layers.ts";
import { BLINES_SAMPLE_ATTRIBUTION, SOILSCAPES_SAMPLE_ATTRIBUTION } from "../domain/environment/settings.ts";

const USAGE = (command: string) =>
  `Usage: npm run ${command} -- <file.geojson> [--sample] [--source <text>] [--attribution <text>] [--crs 27700|4326] [--sql]`;

export interface ImportArgs {
  file: string;
  sample: boolean;
  sql: boolean;
  source?: string;
  attribution?: string;
  crs?: Crs;
}

export function parseImportArgs(argv: string[]): ImportArgs | string {
  let file: string | undefined;
  const out: Partial<ImportArgs> = { sample: false, sql: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--sample") out.sample = true;
    else if (a === "--sql") out.sql = true;
    else if (a === "--source" || a === "--attribution") {
      const value = argv[++i];
      if (!value) return `${a} needs a value`;
      out[a === "--source" ? "source" : "attribution"] = value;
    } else if (a === "--crs") {
      const value = argv[++i] ?? "";
      if (/27700/.test(value)) out.crs = "EPSG:27700";
      else if (/4326|wgs84/i.test(value)) out.crs = "EPSG:4326";
      else return "--crs must be 27700 or 4326";
    } else if (a.startsWith("--")) return `Unknown option ${a}`;
    else if (file) return "Give one file";
    else file = a;
  }
  if (!file) return "Give the GeoJSON file to import";
  return { ...out, file } as ImportArgs;
}

/** DATABASE_URL, else the running embedded database's (both checked by the settings schema). */
function databaseUrl(): string {
  const s = readSettings(process.env, ["DATABASE_URL", "EMBEDDED_PG_PORT"]);
  return s.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${s.EMBEDDED_PG_PORT}/steward`;
}

export async function runLayerImport(layer: LayerName, command: string, argv: string[]): Promise<number> {
  const args = parseImportArgs(argv);
  if (typeof args === "string") {
    console.error(`${args}\n${USAGE(command)}`);
    return 2;
  }
  let collection: unknown;
  try {
    collection = JSON.parse(fs.readFileSync(args.file, "utf8"));
  } catch (e) {
    console.error(`Could not read ${args.file}: ${e instanceof Error ? e.message : e}`);
    return 1;
  }
  let prepared: PreparedLayer;
  try {
    prepared = prepareLayer(layer, collection, args.crs);
  } catch (e) {
    if (e instanceof LayerError) {
      console.error(`${args.file}: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const attribution =
    args.attribution ?? (args.sample ? (layer === "soilscapes" ? SOILSCAPES_SAMPLE_ATTRIBUTION : BLINES_SAMPLE_ATTRIBUTION) : undefined);
  const source = args.source ?? path.basename(args.file);
  if (args.sql) {
    process.stdout.write(layerSql(layer, prepared.features, { source, attribution, isSample: args.sample }));
    return 0;
  }
  let url: string;
  try {
    url = databaseUrl();
  } catch (e) {
    console.error(`Configuration: ${e instanceof Error ? e.message : e}`);
    return 1;
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (e) {
    console.error(
      `Could not connect to the database (${e instanceof Error ? e.message : e}). Set DATABASE_URL, or start the app with \`npm start\` first.`,
    );
    return 1;
  }
  try {
    const count = await replaceLayer(client, layer, prepared.features, {
      source,
      attribution,
      isSample: args.sample,
    });
    const reprojected = prepared.crs === "EPSG:27700" ? ", reprojected from British National Grid (EPSG:27700)" : "";
    const skipped = prepared.skipped ? `; ${prepared.skipped} non-polygon or broken feature(s) skipped` : "";
    console.log(
      `Loaded ${count} ${layer === "soilscapes" ? "soilscape" : "B-Lines"} feature(s) from ${args.file}${reprojected}${skipped}. The previous layer was replaced.`,
    );
    return 0;
  } finally {
    await client.end();
  }
}

// `npm run import:soilscapes -- <file.geojson> [--sample] [--source ..] [--attribution ..] [--crs 27700|4326]`:
// replaces the soilscape layer (a GeoJSON FeatureCollection of Soilscapes polygons, WGS84 or
// British National Grid) in one transaction and refreshes the soilscape fields of every thing.
// See scripts/layer-import.ts.
import { runLayerImport } from "./layer-import.ts";

process.exitCode = await runLayerImport("soilscapes", "import:soilscapes", process.argv.slice(2));

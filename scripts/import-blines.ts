// `npm run import:blines -- <file.geojson> [--sample] [--source ..] [--attribution ..] [--crs 27700|4326]`:
// replaces the B-Lines layer (Natural England's regional corridor polygons, usually British
// National Grid EPSG:27700) in one transaction. See scripts/layer-import.ts.
import { runLayerImport } from "./layer-import.ts";

process.exitCode = await runLayerImport("b_lines", "import:blines", process.argv.slice(2));

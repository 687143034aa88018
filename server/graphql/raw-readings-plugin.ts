// Readings' `data` (SensorDatum.data, JSON) goes from PostgreSQL's text to the HTTP answer as it
// is, instead of being parsed into objects and written out again: a chart asks for up to 10,000
// readings at once, and the parse and the re-stringify were a quarter of the server's time for
// such an answer (bench/api.ts compares allSensorData with the same SQL run directly).
//
// Grafast builds HTTP answers as JSON text (string-output-plugin.ts) and writes a JSON scalar
// with its `stringifyJSON`, which has no way to take text as it is; installRawJsonOutput() lets it
// write a RawJsonText's text unchanged. Correctness does not depend on that hook: a RawJsonText
// anywhere else (websocket answers, a Grafast that no longer has the hook) is written through
// toJSON(), which parses it, so the answer is the same JSON either way, only slower.
import { createRequire } from "node:module";
import path from "node:path";
import { wrapPlans } from "postgraphile/utils";
import { TYPES, type PgCodec, type PgSelectSingleStep } from "postgraphile/@dataplan/pg";
import { sql } from "postgraphile/pg-sql2";

/** JSON text from PostgreSQL, already valid JSON (jsonb's output), kept as text. */
export class RawJsonText {
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/**
 * Reads jsonb's text output into a RawJsonText (PostgreSQL's JSON output is always valid JSON).
 * Only ever used to read, never to send values to PostgreSQL, hence text's other parts as they are.
 */
const rawJsonCodec = { ...TYPES.text, name: "rawJsonText", fromPg: (text: string) => new RawJsonText(text) } as unknown as PgCodec;

let installed: boolean | null = null;

/**
 * Teaches Grafast's JSON writer (grafast/dist/tamedevilUtils.js `stringifyJSON`, which its output
 * plans look up on every call) to write a RawJsonText's text as it is. Returns whether the hook
 * is in place; the test suite checks it is, so an upgrade that moves it is noticed.
 */
export function installRawJsonOutput(): boolean {
  if (installed !== null) return installed;
  try {
    const require = createRequire(import.meta.url);
    const utils = require(path.join(path.dirname(require.resolve("grafast")), "tamedevilUtils.js"));
    const original = utils.stringifyJSON;
    if (typeof original !== "function") {
      installed = false;
      return installed;
    }
    utils.stringifyJSON = (value: unknown) => (value instanceof RawJsonText ? value.text : original(value));
    installed = true;
  } catch {
    installed = false;
  }
  return installed;
}

export const RawReadingsPlugin = wrapPlans(
  {
    SensorDatum: {
      // The column as jsonb's text output (what the JSON codec would have parsed), kept as text.
      data: (_plan, $reading) => {
        const $row = $reading as PgSelectSingleStep;
        return $row.select(sql`${$row.getClassStep().alias}.data::text`, rawJsonCodec);
      },
    },
  },
  { name: "RawReadingsPlugin" },
);

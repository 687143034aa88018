// COPY FROM STDIN for the bench seed (pg-copy-streams): rows come from a generator as lines of
// PostgreSQL's text format and go out in chunks of about 1 MB, with the stream's backpressure, so
// ten million readings never sit in memory at once.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** A value in COPY's text format: null as \N; the seed's own text never holds tabs or backslashes. */
export const cell = (v: string | number | boolean | null | undefined): string => {
  if (v === null || v === undefined) return "\\N";
  const s = String(v);
  if (/[\t\n\r\\]/.test(s)) throw new Error(`COPY text must not hold tabs, newlines or backslashes: ${s.slice(0, 40)}`);
  return s;
};

/** Streams the rows (each an array of cells) into table(columns); returns how many. */
export async function copyRows(client: pg.Client, table: string, columns: string[], rows: Iterable<unknown[]>): Promise<number> {
  let count = 0;
  function* chunks() {
    let chunk = "";
    for (const row of rows) {
      chunk += row.map((v) => cell(v as string)).join("\t") + "\n";
      count++;
      if (chunk.length > 1 << 20) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  const sink = client.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`));
  await pipeline(Readable.from(chunks()), sink);
  return count;
}

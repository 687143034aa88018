// Running an import batch by batch (issue 26): each batch is one importThings call, so the page
// can show a progress bar; the results are added up into the report. A batch the server refuses
// as a whole (too large, rate limited, a lost connection) marks its rows rejected with that
// message and the run goes on, so the report still accounts for every row.
import type { ImportRow } from "./import-file.ts";

export type Outcome = "CREATED" | "UPDATED" | "UNCHANGED" | "REJECTED";

export interface RowResult {
  rowNumber: number;
  externalId: string | null;
  outcome: Outcome;
  message: string | null;
  thingId: string | null;
}

export interface ImportReport {
  results: RowResult[];
  counts: Record<Outcome, number>;
}

/** Sends one batch; resolves with its results, or rejects with a message for the whole batch. */
export type SendBatch = (rows: ImportRow[]) => Promise<RowResult[]>;

export function reportOf(results: RowResult[]): ImportReport {
  const counts: Record<Outcome, number> = { CREATED: 0, UPDATED: 0, UNCHANGED: 0, REJECTED: 0 };
  for (const r of results) counts[r.outcome] += 1;
  return { results, counts };
}

export async function runImport(
  batches: readonly ImportRow[][],
  send: SendBatch,
  onProgress: (done: number, total: number) => void,
  signal?: { cancelled: boolean },
): Promise<ImportReport> {
  const total = batches.reduce((n, b) => n + b.length, 0);
  const results: RowResult[] = [];
  let done = 0;
  onProgress(0, total);
  for (const batch of batches) {
    if (signal?.cancelled) break;
    try {
      results.push(...(await send(batch)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      for (const row of batch) {
        results.push({ rowNumber: row.row, externalId: row.externalId?.trim() || null, outcome: "REJECTED", message, thingId: null });
      }
    }
    done += batch.length;
    onProgress(done, total);
  }
  return reportOf(results);
}

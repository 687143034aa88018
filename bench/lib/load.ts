// Closed-loop load: N clients, each sending its next request as soon as the last one answered,
// for a fixed time. Every request's latency is kept; a thrown error counts as a failure (the
// first few messages are kept for the report).
import { summarize, type LatencySummary } from "./stats.ts";

export interface LoadResult extends LatencySummary {
  seconds: number;
  throughput: number;
  errors: number;
  errorSamples: string[];
}

export async function closedLoop(options: {
  clients: number;
  seconds: number;
  /** Unrecorded seconds first, so connection set-up and first-run planning are not counted. */
  warmupSeconds?: number;
  task: (client: number, iteration: number) => Promise<void>;
}): Promise<LoadResult> {
  const run = async (seconds: number, record: boolean) => {
    const latencies: number[] = [];
    const errorSamples: string[] = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: options.clients }, async (_, client) => {
        for (let i = 0; performance.now() < deadline; i++) {
          const t = performance.now();
          try {
            await options.task(client, i);
            if (record) latencies.push(performance.now() - t);
          } catch (e) {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(e instanceof Error ? e.message : String(e));
          }
        }
      }),
    );
    return { latencies, errors, errorSamples, seconds: (performance.now() - started) / 1000 };
  };
  if (options.warmupSeconds) await run(options.warmupSeconds, false);
  const r = await run(options.seconds, true);
  return { ...summarize(r.latencies), seconds: r.seconds, throughput: r.latencies.length / r.seconds, errors: r.errors, errorSamples: r.errorSamples };
}

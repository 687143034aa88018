// Load from N clients for a fixed time; every request's latency is kept and a thrown error counts
// as a failure (the first few messages are kept for the report).
//  - closed loop (no `intervalMs`): each client sends its next request as soon as the last one
//    answered, so the figures are those of a saturated server (latency = clients / throughput);
//  - paced (`intervalMs`): each client starts a request every intervalMs (a person clicking
//    through the app), or at once if the last one took longer, so the figures are the latency
//    people see while that many are active, below saturation.
import { summarize, type LatencySummary } from "./stats.ts";

export interface LoadResult extends LatencySummary {
  seconds: number;
  throughput: number;
  errors: number;
  errorSamples: string[];
}

export interface LoadOptions {
  clients: number;
  seconds: number;
  /** Unrecorded seconds first, so connection set-up and first-run planning are not counted. */
  warmupSeconds?: number;
  /** Paced: one request per client every this many ms (clients start spread over one interval). */
  intervalMs?: number;
  task: (client: number, iteration: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { intervalMs } = options;
  const run = async (seconds: number, record: boolean) => {
    const latencies: number[] = [];
    const errorSamples: string[] = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: options.clients }, async (_, client) => {
        let next = started + (intervalMs ? (intervalMs * client) / options.clients : 0);
        for (let i = 0; ; i++) {
          if (intervalMs) {
            const wait = next - performance.now();
            if (wait > 0) await sleep(wait);
            next += intervalMs;
          }
          if (performance.now() >= deadline) break;
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
  return {
    ...summarize(r.latencies),
    seconds: r.seconds,
    throughput: r.latencies.length / r.seconds,
    errors: r.errors,
    errorSamples: r.errorSamples,
  };
}

/** Closed loop: see the top of this file. */
export const closedLoop = (options: Omit<LoadOptions, "intervalMs">) => runLoad(options);

// Task sensor_rollups (worker/crontab, every 5 minutes): sums the device-hours the ingest path
// marked (app_private.sensor_rollup_hours_pending) afresh from their readings into the hourly
// rollups, and their days from their hours into the daily ones. Kept off the ingest path because
// upserting each device's wide hourly row with every batch cost ingestion 10-20 % on a quiet
// machine; charts stay exact meanwhile (sensor_rollups() reads a marked hour from its readings).
// docs/decisions.md, "Sensor history for years".
import type { Task } from "graphile-worker";

/** Device-hours per call, each call its own short transaction (an ingest waits for the marks it shares). */
export const BATCH = 5_000;
/** At most this many calls a run (a million device-hours); the next run goes on. */
const MAX_CALLS = 200;

/** Sums marked device-hours until none is left (or MAX_CALLS); answers how many. */
export async function rollUpMarkedHours(query: (sql: string, values: unknown[]) => Promise<{ rows: { n: number }[] }>): Promise<number> {
  let summed = 0;
  for (let call = 0; call < MAX_CALLS; call++) {
    const { rows } = await query("select app_private.roll_up_sensor_hours($1) as n", [BATCH]);
    summed += rows[0].n;
    if (rows[0].n < BATCH) break;
  }
  return summed;
}

const sensorRollups: Task = async (_payload, helpers) => {
  const summed = await rollUpMarkedHours((sql, values) => helpers.query<{ n: number }>(sql, values));
  if (summed > 0) helpers.logger.info(`sensor_rollups: ${summed} device-hours summed`);
};

export default sensorRollups;

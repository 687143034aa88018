// Task sensor_rollups_daily (worker/crontab, every 5 minutes): sums the device-days the ingest path
// marked (app_private.sensor_rollup_days_pending) from their hourly rollups into the daily ones.
// Kept off the ingest path because rewriting a day's wide row with every batch cost ingestion
// 10-15 % on a quiet machine; charts stay exact meanwhile (sensor_rollups() reads a marked day
// from its hours). docs/decisions.md, "Sensor history for years".
import type { Task } from "graphile-worker";

/** Device-days per call, each call its own short transaction (an ingest waits for the marks it shares). */
export const BATCH = 5_000;
/** At most this many calls a run (a million device-days); the next run goes on. */
const MAX_CALLS = 200;

const sensorRollupsDaily: Task = async (_payload, helpers) => {
  let summed = 0;
  for (let call = 0; call < MAX_CALLS; call++) {
    const { rows } = await helpers.query<{ n: number }>("select app_private.roll_up_sensor_days($1) as n", [BATCH]);
    summed += rows[0].n;
    if (rows[0].n < BATCH) break;
  }
  if (summed > 0) helpers.logger.info(`sensor_rollups_daily: ${summed} device-days summed`);
};

export default sensorRollupsDaily;

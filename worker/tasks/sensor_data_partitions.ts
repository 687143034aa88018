// Task sensor_data_partitions (worker/crontab, nightly): keeps sensor_data's monthly partitions.
// Creates this month's and the next MONTHS_AHEAD months' ahead of time, so ingestion never has to
// create one under load (it still would, ensure_sensor_data_partition); and drops every partition
// whose whole month is older than SENSOR_DATA_RETENTION_DAYS (400 by default). The hourly and
// daily rollups keep those readings' summaries (docs/decisions.md, "Sensor history for years").
//
// A partition is first detached CONCURRENTLY: a plain DETACH or DROP takes an ACCESS EXCLUSIVE
// lock on sensor_data, which would queue every uplink (and every chart) behind it. CONCURRENTLY
// cannot run inside a transaction, so each statement here is its own (helpers.query autocommits).
// A detach cut short (worker killed) leaves the partition "detach pending"; the next run
// finishes it with FINALIZE.
import type { Task } from "graphile-worker";
import { workerContext } from "../context.ts";
import { rollUpMarkedHours } from "./sensor_rollups.ts";

export const MONTHS_AHEAD = 2;

/** Partition names come from the database; only ever sensor_data_YYYY_MM (checked again here). */
const PARTITION_NAME = /^sensor_data_\d{4}_\d{2}$/;

const sensorDataPartitions: Task = async (_payload, helpers) => {
  const days = workerContext().config.checks.sensorDataRetentionDays;
  const created = (
    await helpers.query<{ name: string }>("select name from app_private.prepare_sensor_data_partitions($1) as name", [MONTHS_AHEAD])
  ).rows.map((r) => r.name);
  const expired = (
    await helpers.query<{ name: string; detach_pending: boolean }>(
      "select name, detach_pending from app_private.expired_sensor_data_partitions(make_interval(days => $1))",
      [days],
    )
  ).rows;
  const dropped: string[] = [];
  // Hours the ingest marked but the sensor_rollups job has not summed yet are summed from their
  // readings first: once a month's partition is gone, its sums are all that is left of it.
  if (expired.length) await rollUpMarkedHours((sql, values) => helpers.query<{ n: number }>(sql, values));
  for (const { name, detach_pending: pending } of expired) {
    if (!PARTITION_NAME.test(name)) throw new Error(`Unexpected partition name ${name}`);
    const partition = `app_partitions."${name}"`;
    await helpers.query(`alter table app_public.sensor_data detach partition ${partition} ${pending ? "finalize" : "concurrently"}`);
    await helpers.query(`drop table ${partition}`);
    dropped.push(name);
  }
  helpers.logger.info(
    `sensor_data_partitions: created ${created.length ? created.join(", ") : "none"}; ` +
      `dropped ${dropped.length ? dropped.join(", ") : "none"} (readings kept ${days} days)`,
  );
};

export default sensorDataPartitions;

// Task hourly_checks: works out every thing's water need again (the water-balance model,
// app_private.refresh_water_need: new weather, rain, a day gone by; only changed rows are written),
// turns stale indicators grey, raises dry alerts for things that need water (held back, with the
// reason, after rain or a recent watering), and opens or closes "check device" tasks.
// The water need comes first so the alerts read this hour's state; refresh_environment (crontab,
// at :17) fills the weather it reads, and a run that misses it catches up on the next.
// It schedules its own next run (HOURLY_JOB_INTERVAL_MS) under one job key, so there is always
// exactly one pending; startWorker queues the first run HOURLY_JOB_INITIAL_DELAY_MS after start.
import type { Task } from "graphile-worker";
import { workerContext } from "../context.ts";

export const HOURLY_JOB_KEY = "hourly_checks";

const hourlyChecks: Task = async (_payload, helpers) => {
  const { checks } = workerContext().config;
  try {
    const result = await helpers.withPgClient(async (client) => {
      const one = async (sql: string, values: unknown[] = []) => Number((await client.query(sql, values)).rows[0].n);
      return {
        waterNeed: await one("select app_private.refresh_water_need() as n"),
        greyed: await one("select app_private.refresh_stale_indicators() as n"),
        alerts: await one("select app_private.check_dry_alerts($1, $2) as n", [checks.rainMm, checks.windowHours]),
        deviceTasks: await one("select app_private.check_device_health($1, $2) as n", [checks.deviceSilentHours, checks.lowBatteryVolts]),
      };
    });
    helpers.logger.info(
      `hourly_checks: ${result.waterNeed} water need(s) changed, ${result.greyed} indicator(s) greyed, ${result.alerts} dry alert(s) sent, ` +
        `${result.deviceTasks} device task(s) opened`,
    );
  } finally {
    // Even after a failure the next run is booked; the failure itself is retried by graphile-worker.
    await helpers.addJob("hourly_checks", {}, { jobKey: HOURLY_JOB_KEY, runAt: new Date(Date.now() + checks.intervalMs) });
  }
};

export default hourlyChecks;

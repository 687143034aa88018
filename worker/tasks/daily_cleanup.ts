// Task daily_cleanup (worker/crontab, nightly): enforces the retention of navigation analytics
// (NAVIGATION_RETENTION_DAYS, 30 by default) and drops sign-in failures older than a day, reset
// failures and notice e-mail counts older than an hour and rejected uplinks older than 90 days.
// prune_navigation_events deletes the raw events and sessions past the retention and makes the
// rollups forget who visited on the days now closed; the daily rollups themselves (counts per day,
// route and pattern, no personal data) are kept (docs/decisions.md, "Analytics rollups").
import type { Task } from "graphile-worker";
import { workerContext } from "../context.ts";

const dailyCleanup: Task = async (_payload, helpers) => {
  const days = workerContext().config.checks.navigationRetentionDays;
  const { rows } = await helpers.query("select app_private.prune_navigation_events(make_interval(days => $1)) as n", [days]);
  await helpers.query("delete from app_private.sign_in_failures where failed_at < now() - interval '1 day'");
  // Failed passphrase resets (per user and address) count for an hour.
  await helpers.query("delete from app_private.reset_failures where failed_at < now() - interval '1 hour'");
  // Notice e-mail counts past the hour they limit, and rejected uplinks after 90 days (issue #20).
  await helpers.query("delete from app_private.notice_emails where sent_at <= now() - interval '1 hour'");
  await helpers.query("delete from app_private.rejected_uplinks where stored_at < now() - interval '90 days'");
  helpers.logger.info(`daily_cleanup: ${rows[0].n} navigation event(s) older than ${days} days removed`);
};

export default dailyCleanup;

// Task daily_digest (worker/crontab, every morning): queues one summary e-mail for each user with
// notificationDaily on — their things' state, tasks assigned to them and due soon, and the
// activity in their groups over the last 24 hours. At most one a day per user, even if the
// crontab fires twice (app_private.user_digests).
import type { Task } from "graphile-worker";

const dailyDigest: Task = async (_payload, helpers) => {
  const { rows } = await helpers.query("select app_private.queue_daily_digests() as n");
  helpers.logger.info(`daily_digest: ${rows[0].n} digest(s) queued`);
};

export default dailyDigest;

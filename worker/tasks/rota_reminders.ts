// Task rota_reminders (worker/crontab, every morning): tells each person on a group's watering
// rota today (UK date, after swaps) that it is their day, with the group's things that need water
// first, once per group and day (app_private.notify_rota_duties, through app_hidden.notify_user,
// so their preferences, quiet hours, push and the daily cap apply).
import type { Task } from "graphile-worker";

const rotaReminders: Task = async (_payload, helpers) => {
  const { rows } = await helpers.query("select app_private.notify_rota_duties() as n");
  helpers.logger.info(`rota_reminders: ${rows[0].n} reminder(s)`);
};

export default rotaReminders;

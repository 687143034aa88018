// Task tasks_due_tomorrow (worker/crontab, every afternoon): tells each person a task assigned to
// them is due tomorrow, once per task and due date (app_private.notify_tasks_due_tomorrow, through
// app_hidden.notify_user, so their preferences, quiet hours and the daily cap apply).
import type { Task } from "graphile-worker";

const tasksDueTomorrow: Task = async (_payload, helpers) => {
  const { rows } = await helpers.query("select app_private.notify_tasks_due_tomorrow() as n");
  helpers.logger.info(`tasks_due_tomorrow: ${rows[0].n} reminder(s)`);
};

export default tasksDueTomorrow;

// Task send_downlink: pushes one pump/LED downlink to The Things Stack. Queued by
// app_public.device_down_push (deviceDownPush) with { downlinkId }, on one queue per device so
// switches arrive in the order asked (at most 6 attempts, graphile-worker's backoff between them).
//
//   - a downlink that is gone or already settled is left alone (a job run twice sends once);
//   - accepted or simulated: app_private.complete_downlink stores SENT/SIMULATED and the device's
//     and its thing's ledState in one transaction (the thing's update notifies thingUpdated);
//   - refused for good (a 4xx other than 408/429): FAILED at once, the requester is notified;
//   - anything else (unreachable, 5xx, 429): the attempt and its error are recorded and the job
//     throws so graphile-worker retries it; the last attempt marks it FAILED and notifies.
import type { JobHelpers, Task } from "graphile-worker";
import { workerContext } from "../context.ts";
import { DownlinkError, pushDownlink, type DownlinkResult, type DownlinkSettings } from "../providers/ttn-downlink.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type DownlinkOutcome = "sent" | "simulated" | "failed" | "retrying" | "settled" | "bad-payload";

type Helpers = Pick<JobHelpers, "withPgClient" | "logger"> & { job?: Pick<JobHelpers["job"], "attempts" | "max_attempts"> };

interface Pending {
  id: string;
  end_device_id: string;
  message: string;
}

export async function sendDownlink(
  payload: unknown,
  helpers: Helpers,
  settings: DownlinkSettings,
  push: typeof pushDownlink = pushDownlink,
): Promise<DownlinkOutcome> {
  const downlinkId = (payload as { downlinkId?: unknown } | null)?.downlinkId;
  if (typeof downlinkId !== "string" || !UUID.test(downlinkId)) {
    // Retrying cannot mend a bad payload.
    helpers.logger.error(`send_downlink: payload without a valid downlinkId: ${JSON.stringify(payload)}`);
    return "bad-payload";
  }
  const pending = await helpers.withPgClient(async (client) => {
    const { rows } = await client.query<Pending>("select id, end_device_id, message from app_private.downlink_to_send($1)", [downlinkId]);
    return rows[0];
  });
  if (!pending) {
    helpers.logger.info(`send_downlink: ${downlinkId} is gone or already settled`);
    return "settled";
  }

  let result: DownlinkResult;
  try {
    result = await push(settings, pending.end_device_id, pending.message);
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    const retryable = !(e instanceof DownlinkError) || e.retryable;
    // graphile-worker counts this run in job.attempts already.
    const final = !retryable || (helpers.job ? helpers.job.attempts >= helpers.job.max_attempts : true);
    await helpers.withPgClient((client) =>
      client.query("select app_private.record_downlink_failure($1, $2, $3)", [pending.id, error, final]),
    );
    if (final) {
      helpers.logger.warn(`send_downlink: ${pending.end_device_id} <- "${pending.message}" failed: ${error}`);
      return "failed";
    }
    throw new Error(`send_downlink: ${pending.end_device_id} <- "${pending.message}": ${error}; will retry`);
  }

  await helpers.withPgClient((client) => client.query("select app_private.complete_downlink($1, $2)", [pending.id, result.simulated]));
  helpers.logger.info(`send_downlink: ${pending.end_device_id} <- "${pending.message}" ${result.simulated ? "simulated" : "sent"}`);
  return result.simulated ? "simulated" : "sent";
}

const task: Task = async (payload, helpers) => {
  await sendDownlink(payload, helpers, workerContext().config.downlink);
};

export default task;

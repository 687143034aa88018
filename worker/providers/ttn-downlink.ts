// Downlinks to The Things Stack (fixtures/README.md): the pump/LED of a The Things Uno is
// switched by a message on port 1, "1" on and "0" off, pushed through the application's webhook
// API. Without a configured application the downlink is simulated (logged, and reported as
// simulated) so a local installation still works.
import { componentLogger } from "../../domain/logger.ts";

const log = componentLogger("downlink");

export interface DownlinkSettings {
  /** e.g. https://eu1.cloud.thethings.network */
  apiUrl: string;
  applicationId: string;
  webhookId: string;
  apiKey: string;
}

export interface DownlinkResult {
  simulated: boolean;
}

/** Why a downlink did not go through; `retryable` when trying again later may help. */
export class DownlinkError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export function downlinkConfigured(s: DownlinkSettings): boolean {
  return Boolean(s.apiUrl && s.applicationId && s.webhookId && s.apiKey);
}

/** Too many requests and server-side trouble pass; any other refusal will be refused again. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export async function pushDownlink(s: DownlinkSettings, endDeviceId: string, message: string, timeoutMs = 10_000): Promise<DownlinkResult> {
  if (!downlinkConfigured(s)) {
    log.info(`simulated: ${endDeviceId} <- "${message}" (set TTN_API_URL, TTN_APPLICATION_ID, TTN_WEBHOOK_ID and TTN_API_KEY to send it)`);
    return { simulated: true };
  }
  const path = ["api/v3/as/applications", s.applicationId, "webhooks", s.webhookId, "devices", endDeviceId, "down/push"]
    .map((p, i) => (i % 2 === 1 ? encodeURIComponent(p) : p))
    .join("/");
  const url = `${s.apiUrl.replace(/\/$/, "")}/${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${s.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        downlinks: [{ f_port: 1, frm_payload: Buffer.from(message, "utf8").toString("base64"), priority: "NORMAL" }],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new DownlinkError(`The Things Stack could not be reached (${e instanceof Error ? e.message : e})`, true);
  }
  await response.body?.cancel().catch(() => {});
  if (!response.ok) {
    throw new DownlinkError(`The Things Stack refused the downlink (HTTP ${response.status})`, retryableStatus(response.status));
  }
  return { simulated: false };
}

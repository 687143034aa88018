// Task send_push: delivers one notice as a Web Push message (issue 25), encrypted for each
// browser (aes128gcm, RFC 8291) and signed with our VAPID key (RFC 8292) by web-push.
// app_hidden.notify_user queues it when a person's preferences allow push and they have a
// subscribed browser; quiet hours delay it (run_at).
//
// Payload: { userId, kind, notificationId, title, body, linkPath } queues one job per browser
// ({ ..., subscriptionId }), so a browser whose push service is briefly down is retried on its
// own (graphile-worker's backoff, at most PER_BROWSER_ATTEMPTS) without repeating the others.
// A push service's 404 or 410 means the subscription is gone: the row is deleted. A success is
// recorded in last_success_at.
//
// What the service worker receives (web/public/sw.js): JSON { title, body, url, tag, kind }.
import type { Task } from "graphile-worker";
import webpush from "web-push";
import { workerContext } from "../context.ts";
import { endpointAllowed } from "../config.ts";
import { renderNotice } from "../../shared/i18n/notices/all-languages.ts";
import { isLocale, DEFAULT_LOCALE } from "../../shared/i18n/locales.ts";

export const PER_BROWSER_ATTEMPTS = 5;
/** How long one push service may take to answer, ms. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface SendPushPayload {
  userId: string;
  kind: string | null;
  notificationId: string | null;
  title: string;
  body: string;
  linkPath: string | null;
  /** The notice's text in the shared catalogue (shared/i18n/notices) and its data, when it has one. */
  textKey?: string | null;
  textValues?: unknown;
  subscriptionId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseSendPushPayload(payload: unknown): SendPushPayload {
  const p = (payload ?? {}) as Record<string, unknown>;
  if (typeof p.userId !== "string" || !UUID.test(p.userId)) throw new Error("send_push: userId must be a user's id");
  if (typeof p.title !== "string" || typeof p.body !== "string") throw new Error("send_push: title and body must be text");
  if (p.linkPath != null && (typeof p.linkPath !== "string" || !p.linkPath.startsWith("/") || p.linkPath.startsWith("//"))) {
    throw new Error("send_push: linkPath must be a path on the app");
  }
  if (p.subscriptionId !== undefined && (typeof p.subscriptionId !== "string" || !UUID.test(p.subscriptionId))) {
    throw new Error("send_push: subscriptionId must be a subscription's id");
  }
  return {
    userId: p.userId,
    kind: typeof p.kind === "string" ? p.kind : null,
    notificationId: typeof p.notificationId === "string" ? p.notificationId : null,
    title: p.title,
    body: p.body,
    linkPath: (p.linkPath as string | null | undefined) ?? null,
    textKey: typeof p.textKey === "string" ? p.textKey : null,
    textValues: p.textValues ?? null,
    ...(p.subscriptionId ? { subscriptionId: p.subscriptionId as string } : {}),
  };
}

/** The message a browser decrypts and shows. */
export function pushMessage(p: SendPushPayload): string {
  return JSON.stringify({
    title: p.title,
    body: p.body,
    url: p.linkPath ?? "/",
    // One notification per notice; a later one about the same thing replaces nothing else.
    tag: p.notificationId ?? `${p.kind ?? "notice"}:${p.title}`,
    kind: p.kind,
  });
}

interface SubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const sendPush: Task = async (raw, helpers) => {
  const { config } = workerContext();
  const payload = parseSendPushPayload(raw);

  if (!payload.subscriptionId) {
    const { rows } = await helpers.query<{ id: string }>(
      "select id from app_public.push_subscriptions where user_id = $1 and (expires_at is null or expires_at > now())",
      [payload.userId],
    );
    if (rows.length === 1) {
      payload.subscriptionId = rows[0].id;
    } else {
      for (const row of rows) {
        await helpers.addJob("send_push", { ...payload, subscriptionId: row.id }, { maxAttempts: PER_BROWSER_ATTEMPTS });
      }
      helpers.logger.debug(`send_push: ${rows.length} browser(s) of ${payload.userId}`);
      return;
    }
  }

  const { rows } = await helpers.query<SubscriptionRow>(
    "select id, endpoint, p256dh, auth from app_public.push_subscriptions where id = $1 and user_id = $2",
    [payload.subscriptionId, payload.userId],
  );
  const sub = rows[0];
  if (!sub) return; // removed meanwhile
  if (!endpointAllowed(sub.endpoint, config.push.endpointHosts)) {
    helpers.logger.warn(`send_push: ${new URL(sub.endpoint).origin} is not an allowed push service (PUSH_ENDPOINT_HOSTS); not sent`);
    return;
  }
  // web-push encrypts and signs; the request itself goes by fetch, which also speaks plain HTTP to
  // a push service listed as http://host:port (tests; PUSH_ENDPOINT_HOSTS).
  // In the recipient's language (users.language, else British English) when the notice has a key;
  // the stored English otherwise.
  if (payload.textKey) {
    const { rows: people } = await helpers.query<{ language: string | null }>("select language from app_public.users where id = $1", [
      payload.userId,
    ]);
    const language = people[0]?.language;
    const written = renderNotice(isLocale(language) ? language : DEFAULT_LOCALE, payload.textKey, payload.textValues);
    if (written) {
      payload.title = written.title.slice(0, 200);
      payload.body = written.body.slice(0, 1000);
    }
  }
  if (!config.push.vapid)
    throw new Error("send_push: no VAPID keys (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or start the worker with startWorker)");
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    pushMessage(payload),
    {
      vapidDetails: config.push.vapid,
      TTL: config.push.ttlSeconds,
      urgency: payload.kind === "water" ? "high" : "normal",
      contentEncoding: "aes128gcm",
    },
  );
  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "error",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    // No answer: retried by graphile-worker.
    throw new Error(`send_push: ${new URL(sub.endpoint).origin} did not answer: ${(error as Error).message}`, { cause: error });
  }
  if (status === 404 || status === 410) {
    await helpers.query("delete from app_public.push_subscriptions where id = $1", [sub.id]);
    helpers.logger.info(`send_push: the push service answered ${status}; subscription ${sub.id} removed`);
    return;
  }
  if (status < 200 || status > 299) {
    // 429, 5xx and the rest are retried by graphile-worker.
    throw new Error(`send_push: ${new URL(sub.endpoint).origin} answered ${status}`);
  }
  await helpers.query("update app_public.push_subscriptions set last_success_at = now() where id = $1", [sub.id]);
  helpers.logger.debug(`send_push: delivered to subscription ${sub.id}`);
};

export default sendPush;

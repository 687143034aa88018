// Task send_email: renders one of the templates in worker/mail/templates and delivers it.
// Payload: { to, template, domainName, variables } (see worker/mail/render.ts).
// A bad payload or unknown template throws EmailPayloadError; a failed delivery throws too, so
// graphile-worker records last_error and retries with its backoff.
// Each job's message has a Message-ID made from the job, the same on every attempt: a job run
// again after its worker died (worker/liveness.ts) leaves one copy in the outbox, and a copy an
// SMTP server received twice can be recognised as one message.
// A notice e-mail's payload also names { unsubscribe: { userId, kind } }: the message then carries
// a one-click unsubscribe (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058) to a link signed
// with UNSUBSCRIBE_SECRET that turns that kind's e-mails off without signing in (the server's
// /unsubscribe route), and the template gets it as the variable unsubscribeUrl.
import type { Job, Task } from "graphile-worker";
import { workerContext } from "../context.ts";
import { buildEmail } from "../mail/render.ts";
import { UNSUBSCRIBE_KINDS, unsubscribeQuery, type UnsubscribeKind } from "../../domain/notice-keys.ts";

/** `<job id.created (ms).send_email@sender's domain>`: unique across databases re-created later. */
export function jobMessageId(job: Pick<Job, "id" | "created_at">, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? "localhost";
  return `<${job.id}.${new Date(job.created_at).getTime()}.send_email@${domain}>`;
}

/** The signed one-click link of a payload's { unsubscribe: { userId, kind } }, or null. */
export function unsubscribeUrl(payload: unknown, publicUrl: string, secret: string): string | null {
  const u = (payload as { unsubscribe?: { userId?: unknown; kind?: unknown } } | null)?.unsubscribe;
  if (!u || typeof u.userId !== "string" || typeof u.kind !== "string") return null;
  if (!(UNSUBSCRIBE_KINDS as readonly string[]).includes(u.kind)) return null;
  return `${publicUrl}/unsubscribe?${unsubscribeQuery(secret, u.userId.toLowerCase(), u.kind as UnsubscribeKind)}`;
}

const sendEmail: Task = async (payload, helpers) => {
  const { config, mailer } = workerContext();
  const unsubscribe = config.unsubscribeSecret ? unsubscribeUrl(payload, config.publicUrl, config.unsubscribeSecret) : null;
  const withLink = unsubscribe && typeof payload === "object" && payload !== null
    ? { ...payload, variables: { ...((payload as { variables?: object }).variables ?? {}), unsubscribeUrl: unsubscribe } }
    : payload;
  const email = buildEmail(withLink, { publicUrl: config.publicUrl, brandHosts: config.brandHosts });
  const sent = await mailer.send({
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    links: email.links,
    fromName: email.brand.name,
    template: email.template,
    ...(helpers.job ? { messageId: jobMessageId(helpers.job, config.mailFrom) } : {}),
    ...(unsubscribe
      ? { headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
      : {}),
  });
  helpers.logger.debug(`send_email: ${email.template} to ${email.to} delivered by ${sent.transport} (${sent.messageId})`);
};

export default sendEmail;

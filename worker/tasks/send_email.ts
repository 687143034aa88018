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
// The e-mail is written in the recipient's language: the payload's "locale" when the queueing SQL
// knows it, else the language of the account whose verified address it is (users.language),
// else British English (an invitee without an account, or someone who follows their browser).
import type { Job, JobHelpers, Task } from "graphile-worker";
import { workerContext } from "../context.ts";
import { buildEmail } from "../mail/render.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales.ts";
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

/** The language to write to `payload`'s recipient in. */
export async function recipientLocale(payload: unknown, helpers: Pick<JobHelpers, "withPgClient">): Promise<Locale> {
  const p = payload as { to?: unknown; locale?: unknown } | null;
  if (isLocale(p?.locale)) return p.locale;
  const to = p?.to;
  if (typeof to !== "string") return DEFAULT_LOCALE;
  const { rows } = await helpers.withPgClient((client) =>
    client.query<{ language: string | null }>(
      `select u.language from app_public.user_emails e join app_public.users u on u.id = e.user_id
        where e.email = $1 and e.is_verified order by e.is_primary desc limit 1`,
      [to.trim()],
    ),
  );
  return isLocale(rows[0]?.language) ? rows[0].language : DEFAULT_LOCALE;
}

const sendEmail: Task = async (payload, helpers) => {
  const { config, mailer } = workerContext();
  const unsubscribe = config.unsubscribeSecret ? unsubscribeUrl(payload, config.publicUrl, config.unsubscribeSecret) : null;
  const withLink =
    unsubscribe && typeof payload === "object" && payload !== null
      ? { ...payload, variables: { ...((payload as { variables?: object }).variables ?? {}), unsubscribeUrl: unsubscribe } }
      : payload;
  const locale = await recipientLocale(payload, helpers);
  const email = buildEmail(withLink, { publicUrl: config.publicUrl, brandHosts: config.brandHosts, locale });
  const sent = await mailer.send({
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    links: email.links,
    fromName: email.brand.name,
    template: email.template,
    ...(helpers.job ? { messageId: jobMessageId(helpers.job, config.mailFrom) } : {}),
    ...(unsubscribe ? { headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
  });
  helpers.logger.debug(`send_email: ${email.template} to ${email.to} delivered by ${sent.transport} (${sent.messageId})`);
};

export default sendEmail;

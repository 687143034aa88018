// Task send_email: renders one of the templates in worker/mail/templates and delivers it.
// Payload: { to, template, domainName, variables } (see worker/mail/render.ts).
// A bad payload or unknown template throws EmailPayloadError; a failed delivery throws too, so
// graphile-worker records last_error and retries with its backoff.
// Each job's message has a Message-ID made from the job, the same on every attempt: a job run
// again after its worker died (worker/liveness.ts) leaves one copy in the outbox, and a copy an
// SMTP server received twice can be recognised as one message.
import type { Job, Task } from "graphile-worker";
import { workerContext } from "../context.ts";
import { buildEmail } from "../mail/render.ts";

/** `<job id.created (ms).send_email@sender's domain>`: unique across databases re-created later. */
export function jobMessageId(job: Pick<Job, "id" | "created_at">, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? "localhost";
  return `<${job.id}.${new Date(job.created_at).getTime()}.send_email@${domain}>`;
}

const sendEmail: Task = async (payload, helpers) => {
  const { config, mailer } = workerContext();
  const email = buildEmail(payload, { publicUrl: config.publicUrl, brandHosts: config.brandHosts });
  const sent = await mailer.send({
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    links: email.links,
    fromName: email.brand.name,
    template: email.template,
    ...(helpers.job ? { messageId: jobMessageId(helpers.job, config.mailFrom) } : {}),
  });
  helpers.logger.debug(`send_email: ${email.template} to ${email.to} delivered by ${sent.transport} (${sent.messageId})`);
};

export default sendEmail;

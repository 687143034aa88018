// Task send_email: renders one of the templates in worker/mail/templates and delivers it.
// Payload: { to, template, domainName, variables } (see worker/mail/render.ts).
// A bad payload or unknown template throws EmailPayloadError; a failed delivery throws too, so
// graphile-worker records last_error and retries with its backoff.
import type { Task } from "graphile-worker";
import { workerContext } from "../context.ts";
import { buildEmail } from "../mail/render.ts";

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
  });
  helpers.logger.debug(`send_email: ${email.template} to ${email.to} delivered by ${sent.transport} (${sent.messageId})`);
};

export default sendEmail;

// The send_email job contract and the step from a payload to a finished e-mail.
//
// SQL queues it with:
//   perform graphile_worker.add_job('send_email', json_build_object(
//     'to', 'a@b.c', 'template', 'verify_email', 'domainName', <host or null>,
//     'variables', json_build_object('name', ..., 'userEmailId', ..., 'token', ...)));
import { brandForDomain, type Brand } from "./brand.ts";
import { composeEmail, EmailPayloadError, type RenderedEmail, type TemplateContext } from "./compose.ts";
import { templateNames, templates } from "./templates/index.ts";
import { mailTranslator } from "./messages/index.ts";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales.ts";

export interface SendEmailPayload {
  to: string;
  template: string;
  domainName: string | null;
  variables: Record<string, unknown>;
}

/** One address, no display name, no list, no line breaks. Deliberately simple; the database checks the real rules. */
const SINGLE_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function parseSendEmailPayload(payload: unknown): SendEmailPayload {
  if (!isPlainObject(payload)) {
    throw new EmailPayloadError(`send_email: the payload must be a JSON object with "to", "template", "domainName" and "variables"`);
  }
  const { to, template, domainName, variables } = payload;
  if (typeof to !== "string" || to.trim().length > 255 || !SINGLE_ADDRESS.test(to.trim())) {
    throw new EmailPayloadError(`send_email: "to" must be one e-mail address (got ${JSON.stringify(to) ?? "nothing"})`);
  }
  if (typeof template !== "string" || !template) {
    throw new EmailPayloadError(`send_email: "template" must be the name of a template (one of ${templateNames.join(", ")})`);
  }
  if (!Object.hasOwn(templates, template)) {
    throw new EmailPayloadError(`send_email: unknown template "${template}" (known: ${templateNames.join(", ")})`);
  }
  if (domainName !== undefined && domainName !== null && typeof domainName !== "string") {
    throw new EmailPayloadError(`send_email: "domainName" must be a host name or null`);
  }
  if (variables !== undefined && variables !== null && !isPlainObject(variables)) {
    throw new EmailPayloadError(`send_email: "variables" must be a JSON object`);
  }
  return {
    to: to.trim(),
    template,
    domainName: typeof domainName === "string" && domainName.trim() ? domainName.trim() : null,
    variables: variables ?? {},
  };
}

export interface BuiltEmail extends RenderedEmail {
  to: string;
  template: string;
  brand: Brand;
}

/** Checks a send_email payload and renders its e-mail; throws EmailPayloadError with a clear message. */
export function buildEmail(payload: unknown, opts: { publicUrl: string; brandHosts?: readonly string[]; locale?: Locale }): BuiltEmail {
  const p = parseSendEmailPayload(payload);
  const template = templates[p.template];
  const brand = brandForDomain(p.domainName, opts.brandHosts);
  let vars: unknown;
  try {
    vars = template.parse(p.variables);
  } catch (e) {
    if (e instanceof EmailPayloadError) throw new EmailPayloadError(`send_email: ${e.message}`);
    throw e;
  }
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const translate = mailTranslator(locale);
  const context: TemplateContext = {
    brand,
    publicUrl: opts.publicUrl,
    locale,
    t: (key, values) => translate(key, { product: brand.name, brand: brand.id, ...values }),
  };
  const rendered = composeEmail(template.describe(vars, context), context);
  return { ...rendered, to: p.to, template: p.template, brand };
}

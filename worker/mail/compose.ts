// Builds both parts of an e-mail from one small description, so the plain-text and HTML versions
// always say the same thing. Every piece of text is escaped here, once, for the HTML part.
import type { Brand } from "./brand.ts";
import type { Locale } from "../../shared/i18n/locales.ts";
import type { MessageValues } from "../../shared/i18n/translate.ts";
import type { MailKey } from "./messages/index.ts";

/** A job payload the worker cannot turn into an e-mail. */
export class EmailPayloadError extends Error {
  override name = "EmailPayloadError";
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Absolute links in the message, in order (for the outbox sidecar and the log). */
  links: string[];
}

export interface TemplateContext {
  brand: Brand;
  /** Absolute, no trailing slash (see config.ts). */
  publicUrl: string;
  /** The recipient's language. */
  locale: Locale;
  /** A text of worker/mail/messages in the recipient's language; {product} and {brand} are filled in. */
  t: (key: MailKey, values?: MessageValues) => string;
}

export type Block =
  /** A paragraph. */
  | { p: string }
  /** A call to action: a button in HTML, "label:\nurl" in text. */
  | { action: { label: string; url: string } }
  /** A quieter paragraph (why you got this e-mail, what to do if it wasn't you). */
  | { note: string }
  /** A heading over the blocks that follow. */
  | { heading: string }
  /** A bulleted list. */
  | { list: string[] }
  /** A quiet closing line with a link, e.g. where to change e-mail preferences. */
  | { footer: { text: string; label: string; url: string } };

export interface EmailDescription {
  subject: string;
  /** Name to greet; falls back to a plain "Hello,". */
  greetName?: string | null;
  blocks: Block[];
}

export interface EmailTemplate<V = unknown> {
  name: string;
  /** Checks and normalises the payload's `variables`; throws EmailPayloadError. */
  parse(variables: Record<string, unknown>): V;
  describe(vars: V, ctx: TemplateContext): EmailDescription;
}

export function defineTemplate<V>(template: EmailTemplate<V>): EmailTemplate<V> {
  return template;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Collapses whitespace (incl. line breaks) so a value is safe inside one line, e.g. a subject. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** `${publicUrl}${path}?k=v...` with the values URL-encoded. */
export function appLink(publicUrl: string, path: string, params: Record<string, string> = {}): string {
  const url = new URL(publicUrl + path);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export function composeEmail(
  description: EmailDescription,
  { brand, locale, t }: Pick<TemplateContext, "brand" | "locale" | "t">,
): RenderedEmail {
  const subject = oneLine(description.subject);
  const greetName = description.greetName ? oneLine(description.greetName) : "";
  const greeting = greetName ? t("mail.helloNamed", { name: greetName }) : t("mail.hello");
  const links: string[] = [];

  const textParts: string[] = [greeting];
  const htmlParts: string[] = [`<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>`];

  for (const block of description.blocks) {
    if ("p" in block) {
      textParts.push(block.p);
      htmlParts.push(`<p style="margin:0 0 16px">${escapeHtml(block.p)}</p>`);
    } else if ("note" in block) {
      textParts.push(block.note);
      htmlParts.push(`<p style="margin:0 0 16px;font-size:13px;color:#5b5b5b">${escapeHtml(block.note)}</p>`);
    } else if ("heading" in block) {
      textParts.push(`${block.heading}\n${"-".repeat(block.heading.length)}`);
      htmlParts.push(`<h2 style="margin:24px 0 8px;font-size:16px;color:${brand.colour}">${escapeHtml(block.heading)}</h2>`);
    } else if ("footer" in block) {
      const { text, label, url } = block.footer;
      links.push(url);
      textParts.push(`${text} ${label}: ${url}`);
      htmlParts.push(
        `<p style="margin:24px 0 0;font-size:13px;color:#5b5b5b">${escapeHtml(text)} ` +
          `<a href="${escapeHtml(url)}" style="color:${brand.colour}">${escapeHtml(label)}</a></p>`,
      );
    } else if ("list" in block) {
      textParts.push(block.list.map((item) => `- ${item}`).join("\n"));
      htmlParts.push(
        `<ul style="margin:0 0 16px;padding-left:20px">${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`,
      );
    } else {
      const { label, url } = block.action;
      links.push(url);
      textParts.push(`${label}:\n${url}`);
      const href = escapeHtml(url);
      htmlParts.push(
        `<p style="margin:24px 0">` +
          `<a href="${href}" style="display:inline-block;background:${brand.colour};color:#ffffff;` +
          `padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:13px;color:#5b5b5b">${escapeHtml(t("mail.buttonFallback"))}<br>` +
          `<a href="${href}" style="color:${brand.colour};word-break:break-all">${href}</a></p>`,
      );
    }
  }

  textParts.push(`-- \n${brand.name}`);
  const text = textParts.join("\n\n") + "\n";

  const html =
    `<!DOCTYPE html>\n<html lang="${locale}">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<title>${escapeHtml(subject)}</title>\n</head>\n` +
    `<body style="margin:0;padding:0;background:#f3f5f3">\n` +
    `<div style="max-width:560px;margin:0 auto;padding:24px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#222222">\n` +
    `<div style="font-size:20px;font-weight:bold;color:${brand.colour};margin:0 0 24px">${escapeHtml(brand.name)}</div>\n` +
    `<div style="background:#ffffff;border-radius:6px;padding:24px">\n` +
    htmlParts.join("\n") +
    `\n<p style="margin:24px 0 0">${escapeHtml(brand.name)}</p>\n</div>\n</div>\n</body>\n</html>\n`;

  return { subject, text, html, links };
}

// ---- reading template variables ----

function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  return `a ${Array.isArray(value) ? "list" : typeof value}`;
}

/** A non-empty string (trimmed). */
export function requireString(vars: Record<string, unknown>, key: string, template: string): string {
  const value = vars[key];
  if (typeof value === "string" && value.trim()) return value.trim();
  throw new EmailPayloadError(`template "${template}": variable "${key}" must be a non-empty string (it is ${describeValue(value)})`);
}

/** An identifier: a non-empty string or a whole number, returned as a string. */
export function requireId(vars: Record<string, unknown>, key: string, template: string): string {
  const value = vars[key];
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value === "string" && value.trim()) return value.trim();
  throw new EmailPayloadError(
    `template "${template}": variable "${key}" must be an id (string or whole number; it is ${describeValue(value)})`,
  );
}

/** A string that may be absent, null or blank (then null). */
export function optionalString(vars: Record<string, unknown>, key: string, template: string): string | null {
  const value = vars[key];
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value.trim() || null;
  throw new EmailPayloadError(`template "${template}": variable "${key}" must be a string when given (it is ${describeValue(value)})`);
}

export function requireOneOf<T extends string>(vars: Record<string, unknown>, key: string, allowed: readonly T[], template: string): T {
  const value = vars[key];
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  throw new EmailPayloadError(
    `template "${template}": variable "${key}" must be one of ${allowed.map((a) => `"${a}"`).join(", ")} (it is ${
      typeof value === "string" ? JSON.stringify(value) : describeValue(value)
    })`,
  );
}

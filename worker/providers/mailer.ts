// E-mail delivery. Two implementations of one small interface:
//   - SMTP (nodemailer) when SMTP_URL is set, e.g. Mailpit from docker-compose or a real relay;
//   - the outbox otherwise: each message becomes a complete MIME file (.eml) plus a .json sidecar in
//     MAIL_OUTBOX_DIR, and its subject, recipient and links are logged so a local user can follow them.
import nodemailer from "nodemailer";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { componentLogger } from "../../domain/logger.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Absolute links in the message (shown in the log and the outbox sidecar). */
  links: string[];
  /** Sender name shown when MAIL_FROM is a bare address (the branding's name). */
  fromName?: string;
  /** Template name, for file names and logs. */
  template?: string;
  /**
   * A Message-ID that stays the same when the job sending this message runs again (`<...@...>`).
   * The outbox keeps one copy per Message-ID; over SMTP a copy sent twice (the worker died after
   * the server took it but before the job was marked done) carries the same id, which mail
   * stores use to drop the duplicate. Unset: a random one.
   */
  messageId?: string;
  /** Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  transport: "smtp" | "outbox";
  /** Outbox only: the .eml file written. */
  file?: string;
  /** SMTP only: the server's final answer. */
  response?: string;
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  /** Resolves once the message is accepted (SMTP) or written (outbox); rejects otherwise. */
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): Promise<void>;
}

/** Where a mailer says what it did: one line per message at info, its links at debug. */
export type MailLog = (message: string, level?: "info" | "debug") => void;

/** The default: the one logger (domain/logger.ts), component "mail". */
function loggerMailLog(): MailLog {
  const log = componentLogger("mail");
  return (message, level = "info") => (level === "debug" ? log.debug(message) : log.info(message));
}

export interface MailerOptions {
  smtpUrl?: string;
  /** MAIL_FROM: "addr@host" or "Name <addr@host>". */
  from: string;
  outboxDir: string;
  log?: MailLog;
}

/** The SMTP transport when smtpUrl is set, else the outbox. */
export function createMailer(opts: MailerOptions): Mailer {
  return opts.smtpUrl ? createSmtpMailer(opts.smtpUrl, opts) : createOutboxMailer(opts);
}

function fromHeader(from: string, fromName: string | undefined): string | { name: string; address: string } {
  if (from.includes("<") || !fromName) return from;
  return { name: fromName, address: from };
}

function message(mail: OutgoingMail, from: string) {
  return {
    from: fromHeader(from, mail.fromName),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

/** Hides the password of an SMTP URL for logs and errors. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(invalid URL)";
  }
}

export function createSmtpMailer(smtpUrl: string, opts: { from: string; log?: MailLog }): Mailer {
  const log = opts.log ?? loggerMailLog();
  // Bounded waits, so a stuck server fails the job (and graphile-worker retries it) instead of holding it
  // for nodemailer's default 10 minutes. Options in the URL's query (e.g. ?pool=true) still apply.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const where = redactUrl(smtpUrl);
  return {
    kind: "smtp",
    async send(mail) {
      let info: { messageId: string; response: string; rejected?: unknown[] };
      try {
        info = await transport.sendMail(message(mail, opts.from));
      } catch (error) {
        // nodemailer's SMTP errors carry the server's answer.
        const e = error as { responseCode?: unknown; response?: unknown; message?: unknown } | null | undefined;
        const detail = [e?.responseCode, e?.response ?? e?.message].filter(Boolean).join(" ");
        throw new Error(`SMTP delivery to ${mail.to} via ${where} failed: ${detail || String(e)}`, { cause: e });
      }
      if (Array.isArray(info.rejected) && info.rejected.length > 0) {
        throw new Error(`SMTP server ${where} rejected recipient ${mail.to}: ${info.response}`);
      }
      log(`mail sent to ${mail.to}: "${mail.subject}" (${info.messageId})`);
      return { messageId: info.messageId, transport: "smtp", response: info.response };
    },
    async close() {
      transport.close();
    },
  };
}

/** The file-name suffix of a message with a stable Message-ID (64 bits of its hash). */
function messageIdTag(messageId: string): string {
  return createHash("sha256").update(messageId).digest("hex").slice(0, 16);
}

function fileStem(mail: OutgoingMail): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const tag = (mail.template ?? "mail").replace(/[^a-z0-9_-]/gi, "").slice(0, 40) || "mail";
  const suffix = mail.messageId ? messageIdTag(mail.messageId) : randomBytes(4).toString("hex");
  return `${stamp}-${tag}-${suffix}`;
}

/** The sidecar of a message already in the outbox under this Message-ID, if any. */
async function findInOutbox(dir: string, messageId: string): Promise<OutboxRecord | undefined> {
  const ending = `-${messageIdTag(messageId)}.json`;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith(ending)) continue;
    const record = JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxRecord;
    if (record.messageId === messageId) return record;
  }
  return undefined;
}

/** Shape of the .json sidecar next to each .eml in the outbox. */
export interface OutboxRecord {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  template: string | null;
  messageId: string;
  eml: string;
  createdAt: string;
}

export function createOutboxMailer(opts: { from: string; outboxDir: string; log?: MailLog }): Mailer {
  const log = opts.log ?? loggerMailLog();
  const dir = path.resolve(opts.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(mail) {
      // A job that runs again after its worker died must not leave a second copy: the sidecar,
      // written last, says the message is complete.
      if (mail.messageId) {
        const existing = await findInOutbox(dir, mail.messageId);
        if (existing) {
          log(`[mail] ${existing.eml} already holds ${mail.messageId}; not written again`);
          return { messageId: existing.messageId, transport: "outbox", file: path.join(dir, existing.eml) };
        }
      }
      const info = await transport.sendMail(message(mail, opts.from));
      const raw = info.message as Buffer;
      await mkdir(dir, { recursive: true });
      const stem = fileStem(mail);
      const emlFile = path.join(dir, `${stem}.eml`);
      await writeFile(emlFile, raw);
      const from = fromHeader(opts.from, mail.fromName);
      const record: OutboxRecord = {
        to: mail.to,
        from: typeof from === "string" ? from : `${from.name} <${from.address}>`,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: mail.links,
        template: mail.template ?? null,
        messageId: info.messageId,
        eml: path.basename(emlFile),
        createdAt: new Date().toISOString(),
      };
      // The sidecar appears whole (write, then rename), after the .eml: a reader polling for .json files
      // never sees a partial one.
      const jsonFile = path.join(dir, `${stem}.json`);
      await writeFile(`${jsonFile}.tmp`, JSON.stringify(record, null, 2) + "\n");
      await rename(`${jsonFile}.tmp`, jsonFile);
      // One line per message; its links (handy to click through in development) at debug.
      const shown = path.relative(process.cwd(), emlFile);
      log(`To: ${mail.to}  Subject: ${mail.subject}  saved: ${shown.startsWith("..") ? emlFile : shown}`);
      for (const link of mail.links) log(`link: ${link}`, "debug");
      return { messageId: info.messageId, transport: "outbox", file: emlFile };
    },
    async close() {
      transport.close();
    },
  };
}

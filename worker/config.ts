// Everything the worker reads from the environment, read in one place.
//
//   DATABASE_URL        PostgreSQL connection string (required by worker/main.ts; `npm start` passes its own)
//   WORKER_CONCURRENCY  jobs run at once by this process (default 4)
//   SMTP_URL            e.g. smtp://user:pass@mail.example.org:587 or smtp://localhost:1025 (Mailpit);
//                       unset: e-mails go to the outbox folder and the log instead
//   MAIL_FROM           sender address, bare ("no-reply@example.org": the branding's name is shown as the
//                       sender's name) or with a name ("Steward <no-reply@example.org>"); default no-reply@localhost
//   MAIL_OUTBOX_DIR     where the outbox keeps .eml/.json files when SMTP_URL is unset (default ./.data/outbox)
//   PUBLIC_URL          the address users open the app at, for links in e-mails (default http://localhost:3000)
//   BRAND_HOSTS         extra host names served with the bee branding, comma-separated (as for the server)
import path from "node:path";
import { parseBrandHosts } from "./mail/brand.ts";

export interface WorkerConfig {
  databaseUrl: string | undefined;
  concurrency: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absolute path. */
  outboxDir: string;
  /** Absolute http(s) URL without a trailing slash; may carry a path prefix. */
  publicUrl: string;
  /** Extra bee-branding host patterns (BRAND_HOSTS). */
  brandHosts: string[];
}

export const WORKER_ENV_VARIABLES = [
  "DATABASE_URL",
  "WORKER_CONCURRENCY",
  "SMTP_URL",
  "MAIL_FROM",
  "MAIL_OUTBOX_DIR",
  "PUBLIC_URL",
  "BRAND_HOSTS",
] as const;

export const DEFAULTS = {
  concurrency: 4,
  mailFrom: "no-reply@localhost",
  outboxDir: "./.data/outbox",
  publicUrl: "http://localhost:3000",
};

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

export function parseConcurrency(value: string | number | undefined): number {
  if (value === undefined || value === "") return DEFAULTS.concurrency;
  const n = typeof value === "number" ? value : Number(value.trim());
  if (!Number.isInteger(n) || n < 1 || n > 100) {
    throw new Error(`WORKER_CONCURRENCY must be a whole number from 1 to 100, got "${value}"`);
  }
  return n;
}

export function normalizePublicUrl(value: string | undefined): string {
  const raw = nonEmpty(value) ?? DEFAULTS.publicUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.search || url.hash) {
    throw new Error(`PUBLIC_URL must not carry a query or fragment, got "${raw}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

export function validateSmtpUrl(value: string | undefined): string | undefined {
  const raw = nonEmpty(value);
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("SMTP_URL must be a URL such as smtp://host:1025 or smtps://user:pass@host:465");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//..."`);
  }
  return raw;
}

/** Reads the worker's settings from an environment (process.env by default); throws on invalid values. */
export function readWorkerConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): WorkerConfig {
  return {
    databaseUrl: nonEmpty(env.DATABASE_URL),
    concurrency: parseConcurrency(nonEmpty(env.WORKER_CONCURRENCY)),
    smtpUrl: validateSmtpUrl(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? DEFAULTS.mailFrom,
    outboxDir: path.resolve(cwd, nonEmpty(env.MAIL_OUTBOX_DIR) ?? DEFAULTS.outboxDir),
    publicUrl: normalizePublicUrl(env.PUBLIC_URL),
    brandHosts: parseBrandHosts(env.BRAND_HOSTS),
  };
}

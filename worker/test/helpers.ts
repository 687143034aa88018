// Test helpers for the worker: a real SMTP server on 127.0.0.1, a throw-away jobs database, polling.
import { inject } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import { Logger, runMigrations } from "graphile-worker";
import { createTestDatabase, dropTestDatabase } from "../../test/database.ts";

/** A graphile-worker logger that prints nothing (failing jobs are expected in these tests). */
export const silentLogger = new Logger(() => () => {});

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** RCPT TO attempts, accepted or not. */
  rcptAttempts: string[];
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a random local port. `rejectRcpt` answers 550 to every recipient. */
export async function startSmtpServer(opts: { rejectRcpt?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const rcptAttempts: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      rcptAttempts.push(address.address);
      if (opts.rejectRcpt) {
        const err = new Error("5.1.1 Mailbox unavailable") as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              rcptTo: session.envelope.rcptTo.map((r) => r.address),
              raw,
              parsed,
            });
            callback();
          },
          (e) => callback(e),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rcptAttempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it returns a truthy value; fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T> | T, what: string, timeoutMs = 8000, everyMs = 50): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A database of its own holding only graphile-worker's schema. The shared test database is used by other
 * test files at the same time; a runner started there would take (and deliver) the jobs their tests queue.
 */
export async function createJobsDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject("adminUrl");
  // The app's tables too: send_email reads the recipient's language from them.
  const url = await createTestDatabase(adminUrl, "bk_worker");
  await runMigrations({ connectionString: url, logger: silentLogger });
  return { url, drop: () => dropTestDatabase(adminUrl, url) };
}

export async function makeTempDir(prefix = "bk-outbox-"): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

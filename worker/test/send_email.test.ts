// The send_email task end to end: a job queued by SQL, picked up by a runner from startWorker, delivered
// over real SMTP or into the outbox; failures leave last_error on the job for graphile-worker's retry.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { startWorker, type WorkerHandle } from "../run.ts";
import { createOutboxMailer, type OutboxRecord } from "../providers/mailer.ts";
import { createJobsDatabase, makeTempDir, silentLogger, startSmtpServer, waitFor } from "./helpers.ts";

let db: { url: string; drop(): Promise<void> };
let pool: pg.Pool;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  db = await createJobsDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 3 });
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  // Failed jobs wait for their retry; don't let a later test's runner pick them up.
  await pool.query("delete from graphile_worker._private_jobs");
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

interface JobRow {
  id: string;
  task_identifier: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: Date | null;
  run_at: Date;
}

async function queueEmail(payload: Record<string, unknown>): Promise<string> {
  const { rows } = await pool.query<{ id: string }>("select (graphile_worker.add_job('send_email', $1::json)).id::text as id", [
    JSON.stringify(payload),
  ]);
  return rows[0].id;
}

async function job(id: string): Promise<JobRow | undefined> {
  const { rows } = await pool.query<JobRow>(
    "select id::text, task_identifier, attempts, max_attempts, last_error, locked_at, run_at from graphile_worker.jobs where id = $1",
    [id],
  );
  return rows[0];
}

/** Waits until the job's first attempt has failed, then returns it. */
async function failedAttempt(id: string): Promise<JobRow> {
  return waitFor(async () => {
    const row = await job(id);
    return row && row.attempts >= 1 && row.last_error && !row.locked_at ? row : undefined;
  }, `job ${id} to fail once`);
}

async function start(env: NodeJS.ProcessEnv, mailLog: (m: string) => void = () => {}): Promise<WorkerHandle> {
  const worker = await startWorker({ databaseUrl: db.url, env, logger: silentLogger, mailLog, concurrency: 2, scheduleChecks: false });
  cleanups.push(() => worker.stop());
  return worker;
}

const verifyPayload = {
  to: "ann@example.org",
  template: "verify_email",
  domainName: null,
  variables: { name: "Ann Lee", userEmailId: "7f0c2a8e-1d1b-4c59-9a43-0d8b1f0e2c11", token: "s3cret-token" },
};
const verifyLink = "https://steward.example.org/verify?id=7f0c2a8e-1d1b-4c59-9a43-0d8b1f0e2c11&token=s3cret-token";

describe("send_email job", () => {
  it("is picked up from SQL and delivered over SMTP", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const worker = await start({
      SMTP_URL: smtp.url,
      MAIL_FROM: "no-reply@steward.example.org",
      PUBLIC_URL: "https://steward.example.org/",
      BRAND_HOSTS: "bees.example.org, pollinators.*",
    });
    expect(worker.taskNames).toContain("send_email");
    expect(worker.mailer.kind).toBe("smtp");

    const id = await queueEmail({ ...verifyPayload, domainName: "bees.example.org" });
    await waitFor(() => smtp.received.length > 0, "the mail to reach the SMTP server");
    await waitFor(async () => !(await job(id)), "the job to complete");

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.rcptTo).toEqual(["ann@example.org"]);
    expect(mail.parsed.from?.text).toBe('"Bee Cafe" <no-reply@steward.example.org>');
    expect(mail.parsed.subject).toBe("Confirm your e-mail address for Bee Cafe");
    expect(mail.parsed.text).toContain("Hello Ann Lee,");
    expect(mail.parsed.text).toContain(verifyLink);
    expect(mail.parsed.html).toContain("Bee Cafe");
    expect(mail.parsed.html).toContain(`href="${verifyLink.replace("&", "&amp;")}"`);
  });

  it("goes to the outbox when SMTP_URL is not set", async () => {
    const tmp = await makeTempDir();
    cleanups.push(() => tmp.remove());
    const lines: string[] = [];
    const worker = await start({ MAIL_OUTBOX_DIR: tmp.dir, PUBLIC_URL: "https://steward.example.org" }, (m) => lines.push(m));
    expect(worker.mailer.kind).toBe("outbox");

    const id = await queueEmail({
      to: "bob@example.org",
      template: "invitation",
      domainName: "steward.example.org",
      variables: { inviterName: "Ann Lee", kind: "device", targetName: "eui-70b3d57ed0001234", invitationId: 12, code: "x7Yz" },
    });
    const json = await waitFor(async () => (await readdir(tmp.dir)).find((f) => f.endsWith(".json")), "the outbox sidecar");
    await waitFor(async () => !(await job(id)), "the job to complete");

    const record = JSON.parse(await readFile(path.join(tmp.dir, json), "utf8")) as OutboxRecord;
    const link = "https://steward.example.org/devices/accept?id=12&code=x7Yz";
    expect(record.to).toBe("bob@example.org");
    expect(record.subject).toBe("Ann Lee invited you to share the device “eui-70b3d57ed0001234” on Steward");
    expect(record.links).toEqual([link]);
    expect(record.text).toContain(link);
    expect(await readdir(tmp.dir)).toContain(record.eml);
    expect(lines.join("\n")).toContain(`link: ${link}`);
  });

  it("writes to a person in the language of their account, and in British English to anyone else", async () => {
    const tmp = await makeTempDir();
    cleanups.push(() => tmp.remove());
    await start({ MAIL_OUTBOX_DIR: tmp.dir, PUBLIC_URL: "https://steward.example.org" });
    // Greta chose German; her verified address gets German mail. Hal follows his browser (no
    // language set), and nobody has the third address: both get British English.
    await pool.query(`
      with g as (insert into app_public.users (name, username, language) values ('Greta', 'greta', 'de') returning id),
           h as (insert into app_public.users (name, username) values ('Hal', 'hal') returning id)
      insert into app_public.user_emails (user_id, email, is_primary, is_verified)
        select id, 'greta@example.org', true, true from g union all select id, 'hal@example.org', true, true from h`);
    const subjects = new Map<string, string>();
    for (const to of ["greta@example.org", "hal@example.org", "nobody@example.org"]) {
      const id = await queueEmail({ ...verifyPayload, to });
      await waitFor(async () => !(await job(id)), `the mail to ${to}`);
    }
    for (const file of (await readdir(tmp.dir)).filter((f) => f.endsWith(".json"))) {
      const record = JSON.parse(await readFile(path.join(tmp.dir, file), "utf8")) as OutboxRecord;
      subjects.set(record.to, record.subject);
    }
    expect(Object.fromEntries(subjects)).toEqual({
      "greta@example.org": "Bestätige deine E-Mail-Adresse für Steward",
      "hal@example.org": "Confirm your e-mail address for Steward",
      "nobody@example.org": "Confirm your e-mail address for Steward",
    });
  });

  it("fails with a clear last_error for an unknown template, and stays queued for retry", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    await start({ SMTP_URL: smtp.url });

    const id = await queueEmail({ ...verifyPayload, template: "no_such_template" });
    const row = await failedAttempt(id);
    expect(row.task_identifier).toBe("send_email");
    expect(row.attempts).toBe(1);
    expect(row.max_attempts).toBeGreaterThan(1);
    expect(row.last_error).toContain('send_email: unknown template "no_such_template" (known: verify_email,');
    expect(row.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(smtp.rcptAttempts).toEqual([]);
  });

  it("fails for retry when the SMTP server refuses the recipient", async () => {
    const smtp = await startSmtpServer({ rejectRcpt: true });
    cleanups.push(() => smtp.close());
    await start({ SMTP_URL: smtp.url });

    const id = await queueEmail(verifyPayload);
    const row = await failedAttempt(id);
    expect(smtp.rcptAttempts).toEqual(["ann@example.org"]);
    expect(smtp.received).toHaveLength(0);
    expect(row.attempts).toBe(1);
    expect(row.max_attempts).toBeGreaterThan(1);
    expect(row.last_error).toMatch(/SMTP delivery to ann@example.org via smtp:\/\/127\.0\.0\.1:\d+ failed: .*550/);
    expect(row.run_at.getTime()).toBeGreaterThan(Date.now());
  });

  it("can use the caller's pool and mailer, and leaves both open on stop", async () => {
    const tmp = await makeTempDir();
    cleanups.push(() => tmp.remove());
    const mailer = createOutboxMailer({ from: "no-reply@localhost", outboxDir: tmp.dir, log: () => {} });
    const worker = await startWorker({ pgPool: pool, mailer, env: {}, logger: silentLogger, pollInterval: 500, scheduleChecks: false });
    cleanups.push(() => worker.stop());
    expect(worker.mailer).toBe(mailer);

    const id = await queueEmail({ to: "cy@example.org", template: "password_changed", domainName: null, variables: { name: "Cy" } });
    await waitFor(async () => !(await job(id)), "the job to complete");
    await worker.stop();
    expect((await readdir(tmp.dir)).filter((f) => f.endsWith(".json"))).toHaveLength(1);
    expect((await pool.query("select 1 as one")).rows[0].one).toBe(1);
    await mailer.send({ to: "cy@example.org", subject: "s", text: "t", html: "<p>t</p>", links: [] });
    expect((await readdir(tmp.dir)).filter((f) => f.endsWith(".json"))).toHaveLength(2);
  });

  it("stops cleanly, more than once", async () => {
    const worker = await startWorker({ databaseUrl: db.url, env: {}, logger: silentLogger, mailLog: () => {}, scheduleChecks: false });
    await worker.stop();
    await worker.stop();
    await expect(worker.promise).resolves.toBeUndefined();
  });
});

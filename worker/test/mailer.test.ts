// The mailer provider: real SMTP to a local smtp-server, and the outbox folder.
import { afterEach, describe, expect, it } from "vitest";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { createMailer, createOutboxMailer, createSmtpMailer, redactUrl, type OutboxRecord } from "../providers/mailer.ts";
import { buildEmail } from "../mail/render.ts";
import { makeTempDir, startSmtpServer, type TestSmtpServer } from "./helpers.ts";

const email = buildEmail(
  {
    to: "ann@example.org",
    template: "verify_email",
    domainName: null,
    variables: { name: "Zoë <Ann>", userEmailId: "e-1", token: "tok/1" },
  },
  { publicUrl: "http://localhost:3000" },
);
const outgoing = {
  to: email.to,
  subject: email.subject,
  text: email.text,
  html: email.html,
  links: email.links,
  fromName: email.brand.name,
  template: email.template,
};
const link = "http://localhost:3000/verify?id=e-1&token=tok%2F1";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function smtp(opts: { rejectRcpt?: boolean } = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(opts);
  cleanups.push(() => server.close());
  return server;
}

describe("SMTP mailer", () => {
  it("delivers both parts to the SMTP server", async () => {
    const server = await smtp();
    const mailer = createMailer({ smtpUrl: server.url, from: "no-reply@steward.test", outboxDir: "/nonexistent" });
    cleanups.push(() => mailer.close());
    expect(mailer.kind).toBe("smtp");

    const sent = await mailer.send(outgoing);
    expect(sent.transport).toBe("smtp");
    expect(sent.messageId).toBeTruthy();

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail.mailFrom).toBe("no-reply@steward.test");
    expect(mail.rcptTo).toEqual(["ann@example.org"]);
    expect(mail.parsed.from?.value).toEqual([{ name: "Steward", address: "no-reply@steward.test" }]);
    expect(mail.parsed.subject).toBe("Confirm your e-mail address for Steward");
    expect(mail.parsed.text).toContain("Hello Zoë <Ann>,");
    expect(mail.parsed.text).toContain(link);
    expect(mail.parsed.html).toContain("Hello Zoë &lt;Ann&gt;,");
    expect(mail.parsed.html).toContain(`href="${link.replace("&", "&amp;")}"`);
    expect(mail.parsed.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
  });

  it("keeps a MAIL_FROM that has its own display name", async () => {
    const server = await smtp();
    const mailer = createSmtpMailer(server.url, { from: "Town Stewards <hello@steward.test>" });
    cleanups.push(() => mailer.close());
    await mailer.send(outgoing);
    expect(server.received[0].parsed.from?.value).toEqual([{ name: "Town Stewards", address: "hello@steward.test" }]);
  });

  it("rejects when the server refuses the recipient", async () => {
    const server = await smtp({ rejectRcpt: true });
    const mailer = createSmtpMailer(server.url, { from: "no-reply@steward.test" });
    cleanups.push(() => mailer.close());
    await expect(mailer.send(outgoing)).rejects.toThrow(/SMTP delivery to ann@example.org via smtp:\/\/127\.0\.0\.1:\d+ failed: .*550/);
    expect(server.rcptAttempts).toEqual(["ann@example.org"]);
    expect(server.received).toHaveLength(0);
  });

  it("rejects when no server listens", async () => {
    const server = await startSmtpServer();
    await server.close();
    const mailer = createSmtpMailer(server.url, { from: "no-reply@steward.test" });
    cleanups.push(() => mailer.close());
    await expect(mailer.send(outgoing)).rejects.toThrow(/SMTP delivery to ann@example.org .* failed: .*ECONNREFUSED/);
  });

  it("never shows the SMTP password", () => {
    expect(redactUrl("smtp://user:secret@mail.example.org:587")).toBe("smtp://user:***@mail.example.org:587");
  });
});

describe("outbox mailer", () => {
  it("writes a full .eml and a .json sidecar, and logs subject, recipient and links", async () => {
    const tmp = await makeTempDir();
    cleanups.push(() => tmp.remove());
    const outboxDir = path.join(tmp.dir, "nested", "outbox"); // created on demand
    const lines: string[] = [];
    const mailer = createMailer({ from: "no-reply@steward.test", outboxDir, log: (m) => lines.push(m) });
    cleanups.push(() => mailer.close());
    expect(mailer.kind).toBe("outbox");

    const sent = await mailer.send(outgoing);
    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    const eml = files.find((f) => f.endsWith(".eml"))!;
    const json = files.find((f) => f.endsWith(".json"))!;
    expect(eml).toMatch(/^\d{4}-\d\d-\d\dT.*-verify_email-[0-9a-f]{8}\.eml$/);
    expect(json).toBe(eml.replace(/\.eml$/, ".json"));
    expect(sent.file).toBe(path.join(outboxDir, eml));

    const parsed = await simpleParser(await readFile(path.join(outboxDir, eml)));
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : null).toEqual([{ address: "ann@example.org", name: "" }]);
    expect(parsed.subject).toBe("Confirm your e-mail address for Steward");
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(link.replace("&", "&amp;"));
    expect(parsed.messageId).toBe(sent.messageId);

    const record = JSON.parse(await readFile(path.join(outboxDir, json), "utf8")) as OutboxRecord;
    expect(record).toMatchObject({
      to: "ann@example.org",
      from: "Steward <no-reply@steward.test>",
      subject: "Confirm your e-mail address for Steward",
      text: email.text,
      html: email.html,
      links: [link],
      template: "verify_email",
      eml,
    });
    expect(Date.parse(record.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const log = lines.join("\n");
    expect(log).toContain("To: ann@example.org");
    expect(log).toContain("Subject: Confirm your e-mail address for Steward");
    expect(log).toContain(`link: ${link}`);
  });

  it("keeps each message in its own files", async () => {
    const tmp = await makeTempDir();
    cleanups.push(() => tmp.remove());
    const mailer = createOutboxMailer({ from: "no-reply@steward.test", outboxDir: tmp.dir, log: () => {} });
    await Promise.all([mailer.send(outgoing), mailer.send(outgoing), mailer.send(outgoing)]);
    const files = await readdir(tmp.dir);
    expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(3);
    expect(files.filter((f) => f.endsWith(".json"))).toHaveLength(3);
    expect(files.filter((f) => f.endsWith(".tmp"))).toHaveLength(0);
  });

  it("keeps one copy of a message sent again with the same Message-ID (a job run again)", async () => {
    const tmp = await makeTempDir();
    cleanups.push(() => tmp.remove());
    const mailer = createOutboxMailer({ from: "no-reply@steward.test", outboxDir: tmp.dir, log: () => {} });
    const first = await mailer.send({ ...outgoing, messageId: "<41.1700000000000.send_email@steward.test>" });
    const again = await mailer.send({ ...outgoing, messageId: "<41.1700000000000.send_email@steward.test>" });
    const other = await mailer.send({ ...outgoing, messageId: "<42.1700000000000.send_email@steward.test>" });
    expect(again).toEqual(first);
    expect(other.file).not.toBe(first.file);
    const files = await readdir(tmp.dir);
    expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(2);
    const parsed = await simpleParser(await readFile(first.file!));
    expect(parsed.messageId).toBe("<41.1700000000000.send_email@steward.test>");
  });
});

// Every notice e-mail carries a one-click unsubscribe (RFC 8058): List-Unsubscribe with a link
// signed with UNSUBSCRIBE_SECRET and List-Unsubscribe-Post: List-Unsubscribe=One-Click, and the
// same link in the message; mails that are not notices (a passphrase reset) carry none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import sendEmail from "../tasks/send_email.ts";
import { runInWorkerContext } from "../context.ts";
import { readWorkerConfig } from "../config.ts";
import { createOutboxMailer } from "../providers/mailer.ts";
import { makeTempDir } from "./helpers.ts";
import { verifyUnsubscribe } from "../../domain/notice-keys.ts";

const SECRET = "a-long-enough-unsubscribe-secret-0123456789";
const USER = "0b5c2f6e-2a43-4c1e-9d53-6f0f0e7d9a11";
let tmp: { dir: string; remove(): Promise<void> };

beforeAll(async () => {
  tmp = await makeTempDir("bk-unsub-");
});
afterAll(async () => {
  await tmp?.remove();
});

async function send(payload: Record<string, unknown>) {
  const config = readWorkerConfig({ UNSUBSCRIBE_SECRET: SECRET, PUBLIC_URL: "https://app.example.org", DATA_DIR: tmp.dir });
  const outbox = path.join(tmp.dir, `outbox-${Math.random().toString(36).slice(2)}`);
  const mailer = createOutboxMailer({ from: "no-reply@example.org", outboxDir: outbox, log: () => {} });
  const helpers: any = { logger: { debug() {}, info() {} } };
  // The payload names its language, so no database is asked for the recipient's.
  payload = { locale: "en-GB", ...payload };
  await runInWorkerContext({ config, mailer }, () => sendEmail(payload, helpers));
  const eml = (await readdir(outbox)).find((f) => f.endsWith(".eml"))!;
  const raw = await readFile(path.join(outbox, eml));
  return { raw: raw.toString("utf8"), parsed: await simpleParser(raw) };
}

describe("notice e-mails", () => {
  it("carry List-Unsubscribe and List-Unsubscribe-Post with a signed link for their kind", async () => {
    const { raw, parsed } = await send({
      to: "ann@example.org",
      template: "notification",
      domainName: null,
      variables: { name: "Ann", title: "Oak needs water", body: "It is dry.", linkPath: "/things" },
      unsubscribe: { userId: USER, kind: "water" },
    });
    // Long header lines are folded (RFC 5322); unfold before reading.
    const headers = raw.slice(0, raw.indexOf("\n\n")).replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1];
    expect(header).toMatch(/^https:\/\/app\.example\.org\/unsubscribe\?/);
    const url = new URL(header!);
    expect(verifyUnsubscribe(SECRET, Object.fromEntries(url.searchParams))).toEqual({ userId: USER, kind: "water" });
    // The same link, for people whose mail program shows no unsubscribe button.
    expect(parsed.text).toContain(header);
  });

  it("other mails carry none", async () => {
    const { raw } = await send({ to: "ann@example.org", template: "password_changed", domainName: null, variables: { name: "Ann" } });
    expect(raw).not.toMatch(/^List-Unsubscribe/m);
  });
});

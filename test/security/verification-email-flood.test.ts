// Security review (issue #20), follow-up: e-mails a signed-in user has sent to an address of their
// choosing were limited only per IP address, in each server's memory: the verification mail of an
// address they add (createUserEmail) and its resend, an admin's newUser mail, and the account
// mails that go to an unverified primary address (anyone may sign up with someone else's address).
// They now count against the sender's notice e-mails in PostgreSQL (30 an hour); past it: RATEL,
// nothing written or sent. Mails to one's own verified address are not limited this way.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
import {
  startTestServer,
  gql,
  signUp,
  signUpVerified,
  withOwner,
  countQueuedEmails,
  makeAdmin,
  newUserDetails,
} from "../../server/test/harness.ts";

let a: Awaited<ReturnType<typeof startTestServer>>;
let b: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const LIMIT = 30;
const RATEL_MESSAGE = new RegExp(`^You can send people up to ${LIMIT} e-mail notices an hour\\. Please try again in \\d+ minutes?\\.$`);
const CREATE_EMAIL = `mutation CreateUserEmail($email: String!) { createUserEmail(input: { email: $email }) { userEmail { id } } }`;
const RESEND = `mutation Resend($id: UUID!) { resendEmailVerificationCode(input: { emailId: $id }) { boolean } }`;
const NEW_USER = `mutation NewUser($name: String!, $username: String!, $email: String!) { newUser(input: { name: $name, username: $username, email: $email }) { user { id } } }`;
const REQUEST_DELETE = `mutation RequestAccountDeletion { requestAccountDeletion(input: {}) { boolean } }`;

const address = () => `added.${randomUUID()}@example.com`;

async function fill(username: string, n: number) {
  await withOwner(a.databaseUrl, (c) =>
    c.query(
      `insert into app_private.notice_emails (sender_id, sent_at) select u.id, now() from app_public.users u, generate_series(1, $2) where u.username = $1`,
      [username, n],
    ),
  );
}
async function emailRows(email: string): Promise<number> {
  return withOwner(
    a.databaseUrl,
    async (c) => (await c.query(`select count(*)::int as n from app_public.user_emails where email = $1`, [email])).rows[0].n,
  );
}

describe("verification and account e-mails per sender", () => {
  it(`createUserEmail: ${LIMIT} verification mails an hour across server processes, then RATEL with no address added`, async () => {
    const user = await signUp(a.url);
    // The sign-up's own verification mail was sent before there was a signed-in sender.
    for (let i = 0; i < LIMIT; i++) {
      const to = address();
      const r = await gql(i % 2 === 0 ? a.url : b.url, CREATE_EMAIL, { email: to }, user.token);
      expect(r.errors, `address ${i + 1}`).toBeUndefined();
      expect(await countQueuedEmails(a.databaseUrl, to, "verify_email")).toBe(1);
    }
    for (const server of [a, b]) {
      const to = address();
      const refused = await gql(server.url, CREATE_EMAIL, { email: to }, user.token);
      expect(refused.errors?.[0].extensions.code).toBe("RATEL");
      expect(refused.errors?.[0].message).toMatch(RATEL_MESSAGE);
      expect(await countQueuedEmails(a.databaseUrl, to, "verify_email")).toBe(0);
      expect(await emailRows(to)).toBe(0);
    }
    // Someone else is not held back.
    const other = await signUp(b.url);
    expect((await gql(b.url, CREATE_EMAIL, { email: address() }, other.token)).errors).toBeUndefined();
  });

  it("resendEmailVerificationCode counts too", async () => {
    const user = await signUp(a.url);
    const to = address();
    const id = (await gql(a.url, CREATE_EMAIL, { email: to }, user.token)).data.createUserEmail.userEmail.id;
    await withOwner(a.databaseUrl, (c) =>
      c.query(`update app_private.user_email_secrets set verification_sent_at = now() - interval '2 minutes' where user_email_id = $1`, [
        id,
      ]),
    );
    await fill(user.username, LIMIT);
    const refused = await gql(b.url, RESEND, { id }, user.token);
    expect(refused.errors?.[0].extensions.code).toBe("RATEL");
    expect(await countQueuedEmails(a.databaseUrl, to, "verify_email")).toBe(1);
  });

  it("an admin's newUser mail counts, and a refused one creates no user", async () => {
    const admin = await makeAdmin(a.url, a.databaseUrl, await signUp(a.url));
    await fill(admin.username, LIMIT);
    const details = newUserDetails("flood");
    const refused = await gql(a.url, NEW_USER, { name: "Made Person", username: details.username, email: details.email }, admin.token);
    expect(refused.errors?.[0].extensions.code).toBe("RATEL");
    expect(await countQueuedEmails(a.databaseUrl, details.email, "new_user")).toBe(0);
    expect(await emailRows(details.email)).toBe(0);
  });

  it("account mails to an unverified primary address count; to a verified one they do not", async () => {
    const unverified = await signUp(a.url);
    await fill(unverified.username, LIMIT);
    const refused = await gql(a.url, REQUEST_DELETE, {}, unverified.token);
    expect(refused.errors?.[0].extensions.code).toBe("RATEL");
    expect(await countQueuedEmails(a.databaseUrl, unverified.email, "account_deletion")).toBe(0);

    const verified = await signUpVerified(a.url, a.databaseUrl);
    await fill(verified.username, LIMIT);
    expect((await gql(a.url, REQUEST_DELETE, {}, verified.token)).errors).toBeUndefined();
    expect(await countQueuedEmails(a.databaseUrl, verified.email, "account_deletion")).toBe(1);
  });
});

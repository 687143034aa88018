// Security review (issue #20), follow-up: since 20261125000200 only verified addresses count
// (invitations, sign-in by e-mail, passphrase resets), but a user created by an admin
// (newUser) gets a set-passphrase link instead of a verification mail, so their address stayed
// unverified for good. Using that link proves control of the address the link was sent to: it
// is verified then (and, as with any verification, other accounts' unverified copies go). When
// the link has expired, "Forgot passphrase" with that address (as the mail says) sends a new one
// while the account has no passphrase yet.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import {
  startTestServer,
  gql,
  signUp,
  withOwner,
  queuedEmail,
  countQueuedEmails,
  makeAdmin,
  newUserDetails,
} from "../../server/test/harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const NEW_USER = `mutation NewUser($name: String!, $username: String!, $email: String!) { newUser(input: { name: $name, username: $username, email: $email }) { user { id } } }`;
const RESET = `mutation ResetPassword($userId: UUID!, $token: String!, $password: String!) {
  resetPassword(input: { userId: $userId, resetToken: $token, newPassword: $password }) { boolean } }`;
const FORGOT = `mutation ForgotPassword($email: String!) { forgotPassword(input: { email: $email }) { boolean } }`;
const SIGN_IN = `mutation SignIn($username: String!, $password: String!) { signIn(input: { username: $username, password: $password }) { jwtToken } }`;
const CREATE_EMAIL = `mutation CreateUserEmail($email: String!) { createUserEmail(input: { email: $email }) { userEmail { id } } }`;
const ME = `query Me { currentUser { id isVerified userEmailsByUserId { nodes { email isPrimary isVerified } } } }`;

async function adminCreates(details = newUserDetails("made")) {
  const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
  const r = await gql(server.url, NEW_USER, { name: "Made By Admin", username: details.username, email: details.email }, admin.token);
  expect(r.errors).toBeUndefined();
  const mail = await queuedEmail(server.databaseUrl, details.email, "new_user");
  return { ...details, userId: mail.variables.userId as string, token: mail.variables.token as string };
}

async function addressRows(email: string) {
  return withOwner(
    server.databaseUrl,
    async (c) =>
      (
        await c.query(
          `select u.username, e.is_verified from app_public.user_emails e join app_public.users u on u.id = e.user_id where e.email = $1 order by u.username`,
          [email],
        )
      ).rows,
  );
}

describe("a user created by an admin", () => {
  it("has their address verified by using the set-passphrase link, and other accounts' unverified copies go", async () => {
    const details = newUserDetails("made");
    // Someone listed the address on their own account first (unverified; reserves nothing).
    const squatter = await signUp(server.url);
    expect((await gql(server.url, CREATE_EMAIL, { email: details.email }, squatter.token)).errors).toBeUndefined();
    const made = await adminCreates(details);
    expect((await addressRows(details.email)).map((r) => r.is_verified)).toEqual([false, false]);

    // A wrong token verifies nothing.
    const wrong = await gql(server.url, RESET, { userId: made.userId, token: "nope", password: "Chosen123" });
    expect(wrong.errors?.[0].extensions.code).toBe("NTFND");
    expect((await addressRows(details.email)).every((r) => !r.is_verified)).toBe(true);

    const set = await gql(server.url, RESET, { userId: made.userId, token: made.token, password: "Chosen123" });
    expect(set.data.resetPassword.boolean).toBe(true);
    expect(await addressRows(details.email)).toEqual([{ username: details.username, is_verified: true }]);

    // Signing in by the address now works, and the account shows as verified.
    const signedIn = await gql(server.url, SIGN_IN, { username: details.email, password: "Chosen123" });
    const token = signedIn.data.signIn.jwtToken;
    expect(token).toBeTruthy();
    const me = (await gql(server.url, ME, {}, token)).data.currentUser;
    expect(me.isVerified).toBe(true);
    expect(me.userEmailsByUserId.nodes).toEqual([{ email: details.email, isPrimary: true, isVerified: true }]);

    // The address now gets passphrase reset mails.
    await withOwner(server.databaseUrl, (c) =>
      c.query(`update app_private.user_secrets set reset_token_created_at = now() - interval '2 minutes' where user_id = $1`, [
        made.userId,
      ]),
    );
    expect((await gql(server.url, FORGOT, { email: details.email })).data.forgotPassword.boolean).toBe(true);
    expect(await countQueuedEmails(server.databaseUrl, details.email, "password_reset")).toBe(1);
  });

  it("gets a new link from Forgot passphrase once the first has expired (while it has no passphrase), and that link verifies too", async () => {
    const made = await adminCreates();
    await withOwner(server.databaseUrl, (c) =>
      c.query(
        `update app_private.user_secrets set reset_token_created_at = now() - interval '8 days', reset_token_expires_at = now() - interval '1 day' where user_id = $1`,
        [made.userId],
      ),
    );
    expect(
      (await gql(server.url, RESET, { userId: made.userId, token: made.token, password: "Chosen123" })).errors?.[0].extensions.code,
    ).toBe("NTFND");

    expect((await gql(server.url, FORGOT, { email: made.email })).data.forgotPassword.boolean).toBe(true);
    const mail = await queuedEmail(server.databaseUrl, made.email, "password_reset");
    expect(mail?.variables.userId).toBe(made.userId);
    const set = await gql(server.url, RESET, { userId: made.userId, token: mail.variables.token, password: "Chosen123" });
    expect(set.data.resetPassword.boolean).toBe(true);
    expect(await addressRows(made.email)).toEqual([{ username: made.username, is_verified: true }]);

    // Only while the account has no passphrase: an unverified address of one that has gets nothing.
    const user = await signUp(server.url);
    expect((await gql(server.url, FORGOT, { email: user.email })).data.forgotPassword.boolean).toBe(true);
    expect(await countQueuedEmails(server.databaseUrl, user.email, "password_reset")).toBe(0);
  });
});

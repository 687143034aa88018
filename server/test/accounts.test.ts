// Issue 3 over real HTTP: e-mail addresses, passphrases, profile, account deletion, admin users.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import {
  startTestServer,
  gql,
  signUp,
  signUpVerified,
  newUserDetails,
  withOwner,
  queuedEmail,
  countQueuedEmails,
  makeAdmin,
} from "./harness.ts";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const SIGN_IN = `mutation SignIn($username: String!, $password: String!) { signIn(input: { username: $username, password: $password }) { jwtToken } }`;
const EMAILS = `query Emails { currentUser { userEmailsByUserId { nodes { id email isPrimary isVerified } } } }`;
const CREATE_EMAIL = `mutation CreateUserEmail($email: String!) { createUserEmail(input: { email: $email }) { userEmail { id email isPrimary isVerified } } }`;
const VERIFY = `mutation VerifyEmail($id: UUID!, $token: String!) { verifyEmail(input: { userEmailId: $id, token: $token }) { boolean } }`;
const MAKE_PRIMARY = `mutation MakeEmailPrimary($id: UUID!) { makeEmailPrimary(input: { emailId: $id }) { userEmail { id isPrimary } } }`;
const DELETE_EMAIL = `mutation DeleteUserEmailById($id: UUID!) { deleteUserEmailById(input: { id: $id }) { deletedUserEmailId } }`;
const RESEND = `mutation ResendEmailVerificationCode($id: UUID!) { resendEmailVerificationCode(input: { emailId: $id }) { boolean } }`;
const FORGOT = `mutation ForgotPassword($email: String!) { forgotPassword(input: { email: $email }) { boolean } }`;
const RESET = `mutation ResetPassword($userId: UUID!, $token: String!, $password: String!) {
  resetPassword(input: { userId: $userId, resetToken: $token, newPassword: $password }) { boolean } }`;
const CHANGE = `mutation ChangePassword($old: String!, $new: String!) { changePassword(input: { oldPassword: $old, newPassword: $new }) { boolean } }`;
const ME = `query Me { currentUser { id name username notificationDaily oneThingId isVerified } }`;
const UPDATE_USER = `mutation UpdateUserById($id: UUID!, $patch: UserPatch!) { updateUserById(input: { id: $id, userPatch: $patch }) { user { id name username notificationDaily oneThingId } } }`;
const REQUEST_DELETE = `mutation RequestAccountDeletion { requestAccountDeletion(input: {}) { boolean } }`;
const CONFIRM_DELETE = `mutation ConfirmAccountDeletion($token: String!) { confirmAccountDeletion(input: { token: $token }) { boolean } }`;
const NEW_USER = `mutation NewUser($name: String!, $username: String!, $email: String!) { newUser(input: { name: $name, username: $username, email: $email }) { user { id username } } }`;
const ALL_USERS = `query AllUsers { allUsers { nodes { name username } } }`;

async function myEmails(token: string) {
  return (await gql(server.url, EMAILS, {}, token)).data.currentUser.userEmailsByUserId.nodes as any[];
}
async function myId(token: string): Promise<string> {
  return (await gql(server.url, ME, {}, token)).data.currentUser.id;
}

describe("e-mail addresses", () => {
  it("adds an unverified address and mails a verification link that works once", async () => {
    const user = await signUp(server.url);
    const address = `second.${user.username}@example.org`;
    const created = await gql(server.url, CREATE_EMAIL, { email: address }, user.token);
    expect(created.errors).toBeUndefined();
    expect(created.data.createUserEmail.userEmail).toMatchObject({ email: address, isPrimary: false, isVerified: false });
    const mail = await queuedEmail(server.databaseUrl, address, "verify_email");
    expect(mail.variables.userEmailId).toBe(created.data.createUserEmail.userEmail.id);

    const wrong = await gql(server.url, VERIFY, { id: mail.variables.userEmailId, token: "nope" });
    expect(wrong.errors?.[0]).toMatchObject({ message: "This verification link is invalid or has expired", extensions: { code: "NTFND" } });
    const ok = await gql(server.url, VERIFY, { id: mail.variables.userEmailId, token: mail.variables.token });
    expect(ok.data.verifyEmail.boolean).toBe(true);
    const reused = await gql(server.url, VERIFY, { id: mail.variables.userEmailId, token: mail.variables.token });
    expect(reused.errors?.[0].extensions.code).toBe("NTFND");
    const emails = await myEmails(user.token);
    expect(emails.find((e) => e.email === address).isVerified).toBe(true);
  });

  it("refuses an expired verification link", async () => {
    const user = await signUp(server.url);
    const mail = await queuedEmail(server.databaseUrl, user.email, "verify_email");
    await withOwner(server.databaseUrl, (c) =>
      c.query("update app_private.user_email_secrets set verification_sent_at = now() - interval '8 days' where user_email_id = $1", [
        mail.variables.userEmailId,
      ]),
    );
    const r = await gql(server.url, VERIFY, { id: mail.variables.userEmailId, token: mail.variables.token });
    expect(r.errors?.[0].extensions.code).toBe("NTFND");
  });

  it("verifying the primary address verifies the user", async () => {
    const user = await signUp(server.url);
    const mail = await queuedEmail(server.databaseUrl, user.email, "verify_email");
    await gql(server.url, VERIFY, { id: mail.variables.userEmailId, token: mail.variables.token });
    expect((await gql(server.url, ME, {}, user.token)).data.currentUser.isVerified).toBe(true);
  });

  it("says 'Email already added' for one of your own and 'Email already exists' for someone else's", async () => {
    const a = await signUp(server.url);
    // Someone else's verified address; an unverified one reserves nothing (test/security/invitation-unverified-email.test.ts).
    const b = await signUpVerified(server.url, server.databaseUrl);
    expect((await gql(server.url, CREATE_EMAIL, { email: a.email }, a.token)).errors?.[0].message).toBe("Email already added");
    expect((await gql(server.url, CREATE_EMAIL, { email: b.email }, a.token)).errors?.[0].message).toBe("Email already exists");
    expect((await gql(server.url, CREATE_EMAIL, { email: "bad address" }, a.token)).errors?.[0].message).toBe(
      "Email must be a valid address",
    );
    expect(await myEmails(a.token)).toHaveLength(1);
  });

  it("guests cannot add addresses", async () => {
    const r = await gql(server.url, CREATE_EMAIL, { email: "guest@example.com" });
    expect(r.errors?.[0].message).toMatch(/permission denied|must be signed in/i);
  });

  it("any address can be made primary, and exactly one stays primary", async () => {
    const user = await signUp(server.url);
    const created = await gql(server.url, CREATE_EMAIL, { email: `p.${user.username}@example.org` }, user.token);
    const id = created.data.createUserEmail.userEmail.id;
    const r = await gql(server.url, MAKE_PRIMARY, { id }, user.token);
    expect(r.data.makeEmailPrimary.userEmail).toEqual({ id, isPrimary: true });
    const emails = await myEmails(user.token);
    expect(emails.filter((e) => e.isPrimary).map((e) => e.id)).toEqual([id]);
  });

  it("cannot make someone else's address primary", async () => {
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const bEmail = (await myEmails(b.token))[0];
    const r = await gql(server.url, MAKE_PRIMARY, { id: bEmail.id }, a.token);
    expect(r.errors?.[0].extensions.code).toBe("NTFND");
    expect((await myEmails(b.token))[0].isPrimary).toBe(true);
  });

  it("deletes a secondary address but never the primary", async () => {
    const user = await signUp(server.url);
    const created = await gql(server.url, CREATE_EMAIL, { email: `d.${user.username}@example.org` }, user.token);
    const secondary = created.data.createUserEmail.userEmail.id;
    const primary = (await myEmails(user.token)).find((e) => e.isPrimary).id;
    const refused = await gql(server.url, DELETE_EMAIL, { id: primary }, user.token);
    expect(refused.errors?.[0].message).toBe("You cannot delete your primary e-mail address");
    const ok = await gql(server.url, DELETE_EMAIL, { id: secondary }, user.token);
    expect(ok.errors).toBeUndefined();
    expect((await myEmails(user.token)).map((e) => e.id)).toEqual([primary]);
  });

  it("cannot delete someone else's address", async () => {
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const created = await gql(server.url, CREATE_EMAIL, { email: `x.${b.username}@example.org` }, b.token);
    const r = await gql(server.url, DELETE_EMAIL, { id: created.data.createUserEmail.userEmail.id }, a.token);
    expect(r.errors?.[0]).toMatchObject({ message: "Not found, or you are not allowed to change it", extensions: { code: "NTFND" } });
    expect(await myEmails(b.token)).toHaveLength(2);
  });

  it("resends the verification code at most once a minute", async () => {
    const user = await signUp(server.url);
    const id = (await myEmails(user.token))[0].id;
    expect((await gql(server.url, RESEND, { id }, user.token)).data.resendEmailVerificationCode.boolean).toBe(false);
    await withOwner(server.databaseUrl, (c) =>
      c.query("update app_private.user_email_secrets set verification_sent_at = now() - interval '2 minutes' where user_email_id = $1", [
        id,
      ]),
    );
    expect((await gql(server.url, RESEND, { id }, user.token)).data.resendEmailVerificationCode.boolean).toBe(true);
    expect(await countQueuedEmails(server.databaseUrl, user.email, "verify_email")).toBe(2);
  });
});

describe("passphrases", () => {
  it("forgotPassword answers the same for unknown addresses and mails nothing", async () => {
    const r = await gql(server.url, FORGOT, { email: "nobody.at.all@example.com" });
    expect(r.data.forgotPassword.boolean).toBe(true);
    expect(await queuedEmail(server.databaseUrl, "nobody.at.all@example.com")).toBeUndefined();
  });

  it("resets with the mailed token once; the new passphrase works and old sessions end", async () => {
    // Reset mails go to verified addresses only.
    const user = await signUpVerified(server.url, server.databaseUrl);
    await gql(server.url, FORGOT, { email: user.email });
    const mail = await queuedEmail(server.databaseUrl, user.email, "password_reset");
    const weak = await gql(server.url, RESET, { userId: mail.variables.userId, token: mail.variables.token, password: "weak" });
    expect(weak.errors?.[0].message).toBe("Passphrase must be at least 8 characters long");
    const ok = await gql(server.url, RESET, { userId: mail.variables.userId, token: mail.variables.token, password: "NewSecret9" });
    expect(ok.data.resetPassword.boolean).toBe(true);
    expect((await gql(server.url, ME, {}, user.token)).data.currentUser).toBeNull();
    expect((await gql(server.url, SIGN_IN, { username: user.username, password: "NewSecret9" })).data.signIn.jwtToken).toBeTruthy();
    const reused = await gql(server.url, RESET, { userId: mail.variables.userId, token: mail.variables.token, password: "Another99" });
    expect(reused.errors?.[0]).toMatchObject({ message: "This reset link is invalid or has expired", extensions: { code: "NTFND" } });
    expect(await queuedEmail(server.databaseUrl, user.email, "password_changed")).toBeTruthy();
  });

  it("refuses an expired reset token", async () => {
    // Reset mails go to verified addresses only.
    const user = await signUpVerified(server.url, server.databaseUrl);
    await gql(server.url, FORGOT, { email: user.email });
    const mail = await queuedEmail(server.databaseUrl, user.email, "password_reset");
    await withOwner(server.databaseUrl, (c) =>
      c.query("update app_private.user_secrets set reset_token_expires_at = now() - interval '1 second' where user_id = $1", [
        mail.variables.userId,
      ]),
    );
    const r = await gql(server.url, RESET, { userId: mail.variables.userId, token: mail.variables.token, password: "NewSecret9" });
    expect(r.errors?.[0].extensions.code).toBe("NTFND");
  });

  it("locks resets after more than 5 failures within an hour from one address (LOCKD), even with the right token", async () => {
    // Reset mails go to verified addresses only.
    const user = await signUpVerified(server.url, server.databaseUrl);
    await gql(server.url, FORGOT, { email: user.email });
    const mail = await queuedEmail(server.databaseUrl, user.email, "password_reset");
    for (let i = 0; i < 6; i++) {
      const r = await gql(server.url, RESET, { userId: mail.variables.userId, token: `wrong${i}`, password: "NewSecret9" });
      expect(r.errors?.[0].extensions.code).toBe("NTFND");
    }
    const locked = await gql(server.url, RESET, { userId: mail.variables.userId, token: mail.variables.token, password: "NewSecret9" });
    expect(locked.errors?.[0]).toMatchObject({
      message: "Passphrase reset locked - too many reset attempts",
      extensions: { code: "LOCKD" },
    });
    expect((await gql(server.url, SIGN_IN, { username: user.username, password: user.password })).data.signIn.jwtToken).toBeTruthy();
  });

  it("does not lock at exactly 5 failures: the right token still resets (decisions.md: more than 5 lock)", async () => {
    const user = await signUpVerified(server.url, server.databaseUrl);
    await gql(server.url, FORGOT, { email: user.email });
    const mail = await queuedEmail(server.databaseUrl, user.email, "password_reset");
    for (let i = 0; i < 5; i++) {
      const r = await gql(server.url, RESET, { userId: mail.variables.userId, token: `wrong${i}`, password: "NewSecret9" });
      expect(r.errors?.[0].extensions.code).toBe("NTFND");
    }
    const ok = await gql(server.url, RESET, { userId: mail.variables.userId, token: mail.variables.token, password: "NewSecret9" });
    expect(ok.errors).toBeUndefined();
    expect((await gql(server.url, SIGN_IN, { username: user.username, password: "NewSecret9" })).data.signIn.jwtToken).toBeTruthy();
  });

  it("changePassword needs the old passphrase and keeps only this session", async () => {
    const user = await signUp(server.url);
    const other = (await gql(server.url, SIGN_IN, { username: user.username, password: user.password })).data.signIn.jwtToken;
    const wrong = await gql(server.url, CHANGE, { old: "Wrong1234", new: "Changed123" }, user.token);
    expect(wrong.errors?.[0]).toMatchObject({ message: "Incorrect old passphrase", extensions: { code: "CREDS" } });
    const weak = await gql(server.url, CHANGE, { old: user.password, new: "changed123" }, user.token);
    expect(weak.errors?.[0].message).toBe("Passphrase must contain an uppercase letter");
    const ok = await gql(server.url, CHANGE, { old: user.password, new: "Changed123" }, user.token);
    expect(ok.data.changePassword.boolean).toBe(true);
    expect((await gql(server.url, ME, {}, user.token)).data.currentUser.username).toBe(user.username);
    expect((await gql(server.url, ME, {}, other)).data.currentUser).toBeNull();
    expect((await gql(server.url, SIGN_IN, { username: user.username, password: user.password })).errors?.[0].message).toBe(
      "You entered incorrect details",
    );
    expect((await gql(server.url, SIGN_IN, { username: user.username, password: "Changed123" })).data.signIn.jwtToken).toBeTruthy();
  });

  it("guests cannot change a passphrase", async () => {
    const r = await gql(server.url, CHANGE, { old: "Secret123", new: "Changed123" });
    expect(r.errors?.length).toBeGreaterThan(0);
  });
});

describe("profile", () => {
  it("updates name, username and the daily notification preference", async () => {
    const user = await signUp(server.url);
    const id = await myId(user.token);
    const username = `new${user.username}`.slice(0, 23);
    const r = await gql(server.url, UPDATE_USER, { id, patch: { name: "Renamed Person", username, notificationDaily: true } }, user.token);
    expect(r.errors).toBeUndefined();
    expect(r.data.updateUserById.user).toMatchObject({ name: "Renamed Person", username, notificationDaily: true });
  });

  it("refuses an invalid or taken username with the rule's message and changes nothing", async () => {
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const id = await myId(a.token);
    expect((await gql(server.url, UPDATE_USER, { id, patch: { username: "x" } }, a.token)).errors?.[0].message).toBe(
      "Username must be at least 2 characters long",
    );
    expect((await gql(server.url, UPDATE_USER, { id, patch: { username: b.username } }, a.token)).errors?.[0].message).toBe(
      "Username already exists",
    );
    expect((await gql(server.url, UPDATE_USER, { id, patch: { name: "N4me" } }, a.token)).errors?.[0].message).toBe(
      "Name may contain only letters, spaces, hyphens and apostrophes",
    );
    expect((await gql(server.url, ME, {}, a.token)).data.currentUser.username).toBe(a.username);
  });

  it("cannot update another user's profile", async () => {
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const r = await gql(server.url, UPDATE_USER, { id: await myId(b.token), patch: { name: "Taken Over" } }, a.token);
    expect(r.errors?.[0]).toMatchObject({ message: "Not found, or you are not allowed to change it", extensions: { code: "NTFND" } });
    expect((await gql(server.url, ME, {}, b.token)).data.currentUser.name).toBe("Test Person");
  });
});

describe("account deletion", () => {
  it("mails a link whose token deletes the account permanently", async () => {
    const user = await signUp(server.url);
    expect((await gql(server.url, REQUEST_DELETE, {}, user.token)).data.requestAccountDeletion.boolean).toBe(true);
    const mail = await queuedEmail(server.databaseUrl, user.email, "account_deletion");
    const wrong = await gql(server.url, CONFIRM_DELETE, { token: "nope" }, user.token);
    expect(wrong.errors?.[0].extensions.code).toBe("NTFND");
    const ok = await gql(server.url, CONFIRM_DELETE, { token: mail.variables.token }, user.token);
    expect(ok.data.confirmAccountDeletion.boolean).toBe(true);
    const left = await withOwner(server.databaseUrl, (c) =>
      c.query("select count(*)::int as n from app_public.users where username = $1", [user.username]),
    );
    expect(left.rows[0].n).toBe(0);
    expect((await gql(server.url, SIGN_IN, { username: user.username, password: user.password })).errors?.[0].message).toBe(
      "You entered incorrect details",
    );
  });

  it("another user's token does not delete you", async () => {
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    await gql(server.url, REQUEST_DELETE, {}, b.token);
    const mail = await queuedEmail(server.databaseUrl, b.email, "account_deletion");
    const r = await gql(server.url, CONFIRM_DELETE, { token: mail.variables.token }, a.token);
    expect(r.errors?.[0].extensions.code).toBe("NTFND");
    expect((await gql(server.url, ME, {}, a.token)).data.currentUser).not.toBeNull();
  });

  it("an expired deletion token is refused", async () => {
    const user = await signUp(server.url);
    await gql(server.url, REQUEST_DELETE, {}, user.token);
    const mail = await queuedEmail(server.databaseUrl, user.email, "account_deletion");
    await withOwner(server.databaseUrl, (c) =>
      c.query(
        "update app_private.user_secrets s set delete_account_token_created_at = now() - interval '25 hours' from app_public.users u where u.id = s.user_id and u.username = $1",
        [user.username],
      ),
    );
    const r = await gql(server.url, CONFIRM_DELETE, { token: mail.variables.token }, user.token);
    expect(r.errors?.[0].extensions.code).toBe("NTFND");
  });
});

describe("admin: new users and the all-users list", () => {
  it("an admin creates a user who sets a passphrase from the mailed link", async () => {
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const details = newUserDetails("made");
    const r = await gql(server.url, NEW_USER, { name: "Made By Admin", username: details.username, email: details.email }, admin.token);
    expect(r.errors).toBeUndefined();
    const mail = await queuedEmail(server.databaseUrl, details.email, "new_user");
    expect(mail.variables.username).toBe(details.username);
    const set = await gql(server.url, RESET, { userId: mail.variables.userId, token: mail.variables.token, password: "Chosen123" });
    expect(set.data.resetPassword.boolean).toBe(true);
    expect((await gql(server.url, SIGN_IN, { username: details.username, password: "Chosen123" })).data.signIn.jwtToken).toBeTruthy();
  });

  it("a non-admin cannot create users", async () => {
    const user = await signUp(server.url);
    const details = newUserDetails("nope");
    const r = await gql(server.url, NEW_USER, { name: "Not Allowed", username: details.username, email: details.email }, user.token);
    expect(r.errors?.length).toBeGreaterThan(0);
    expect(await queuedEmail(server.databaseUrl, details.email)).toBeUndefined();
  });

  it("allUsers lists everyone by name for admins and nobody for others", async () => {
    const admin = await makeAdmin(server.url, server.databaseUrl, await signUp(server.url));
    const user = await signUp(server.url);
    const asAdmin = (await gql(server.url, ALL_USERS, {}, admin.token)).data.allUsers.nodes;
    expect(asAdmin.length).toBeGreaterThan(2);
    const names = asAdmin.map((u: any) => u.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, "en", { sensitivity: "base" })));
    expect((await gql(server.url, ALL_USERS, {}, user.token)).data.allUsers.nodes).toEqual([]);
  });
});

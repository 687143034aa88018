// Browser tests of the account screens (issue 3): e-mail verification from the mailed link, the
// forgotten-passphrase reset, editing the profile with a picture, and deleting the account from the
// mailed link. E-mails are read from the outbox folder (MAIL_OUTBOX_DIR, .json sidecars).
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { crc32, deflateSync } from "node:zlib";
import {
  BASE_URL,
  PASSPHRASE,
  registerUser,
  SESSION_KEY,
  storedSession,
  uniqueUsername,
  untilStill,
  waitForRole,
  withPage,
} from "./helpers.mjs";

const OUTBOX = process.env.MAIL_OUTBOX_DIR;

/** The newest outbox message of this template to this address (waits for it to arrive). */
async function waitForMail(to, template, { after = 0, timeout = 20_000 } = {}) {
  assert.ok(OUTBOX, "MAIL_OUTBOX_DIR is not set");
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    let names = [];
    try {
      names = (await readdir(OUTBOX)).filter((name) => name.endsWith(".json"));
    } catch {
      // Not created yet.
    }
    const found = [];
    for (const name of names) {
      try {
        const record = JSON.parse(await readFile(join(OUTBOX, name), "utf8"));
        if (record.to === to && record.template === template && Date.parse(record.createdAt) >= after) found.push(record);
      } catch {
        // Being written.
      }
    }
    if (found.length) return found.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${template} e-mail to ${to} within ${timeout} ms`);
}

/** The mail's link that goes to this path, as a URL on the server under test. */
function linkTo(mail, pathname) {
  const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === pathname);
  assert.ok(link, `no ${pathname} link in ${JSON.stringify(mail.links)}`);
  return `${BASE_URL}${link.pathname}${link.search}`;
}

async function signIn(page, user, next = "/") {
  await page.goto(`${BASE_URL}/signin${next === "/" ? "" : `?next=${encodeURIComponent(next)}`}`);
  await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
  await waitForRole(page, "bk_anonymous");
  await page.getByLabel("Username", { exact: true }).fill(user.username);
  await page.getByLabel("Passphrase", { exact: true }).fill(user.password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === next.split("?")[0]);
  await page.waitForFunction(
    (key) => ["bk_user", "bk_admin"].includes(JSON.parse(window.localStorage.getItem(key) || "null")?.role),
    SESSION_KEY,
  );
}

/** A real PNG (a 24×24 green square with a lighter cross), made here so sharp can decode it. */
function makePng(size = 24) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const cross = x === size / 2 || y === size / 2;
      row.set(cross ? [200, 230, 200] : [68, 109, 68], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function currentUser(token) {
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ operationName: "Me", query: "query Me { currentUser { id name hasImage isVerified } }" }),
  });
  return (await response.json()).data?.currentUser ?? null;
}

test("a new account's address is verified from the mailed link", async (t) => {
  await withPage(t, async (page) => {
    const username = uniqueUsername("ver");
    const email = `${username}@example.org`;
    const started = Date.now() - 1000;
    await page.goto(`${BASE_URL}/register`);
    await waitForRole(page, "bk_anonymous");
    await page.getByLabel("Name", { exact: true }).fill("Vera Fier");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
    await page.getByLabel("Confirm passphrase", { exact: true }).fill(PASSPHRASE);
    await page.getByRole("button", { name: "Create account" }).click();
    await waitForRole(page, "bk_user");

    // Not verified yet.
    await page.goto(`${BASE_URL}/account/emails`);
    const row = page.getByRole("list", { name: "Your e-mail addresses" }).getByRole("listitem").filter({ hasText: email });
    await row.getByText("not verified", { exact: true }).waitFor();
    await row.getByText("primary", { exact: true }).waitFor();

    const mail = await waitForMail(email, "verify_email", { after: started });
    await page.goto(linkTo(mail, "/verify"));
    await page.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();

    await page.getByRole("link", { name: "Your e-mail addresses" }).click();
    await row.getByText("verified", { exact: true }).waitFor();
    assert.equal(await row.getByText("not verified", { exact: true }).count(), 0);
    const session = await storedSession(page);
    assert.equal(session.isVerified, true);
    assert.equal(session.emails[0].isVerified, true);

    // The link works once.
    await page.goto(linkTo(mail, "/verify"));
    await page.getByRole("heading", { name: "This verification link is invalid or has expired" }).waitFor();
  });
});

test("a forgotten passphrase is reset from the mailed link", async (t) => {
  const user = await registerUser({ name: "Forgetful Fern" });
  const newPassphrase = "Brand-New-Pass-7";
  await withPage(t, async (page) => {
    // Reset links go to verified addresses only: verify first, with the link from the mail.
    await page.goto(linkTo(await waitForMail(user.email, "verify_email"), "/verify"));
    await page.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
    const started = Date.now() - 1000;
    await page.goto(`${BASE_URL}/signin`);
    await page.getByRole("link", { name: "Forgot your passphrase?" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Forgot your passphrase?" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();

    const mail = await waitForMail(user.email, "password_reset", { after: started });
    const link = linkTo(mail, "/reset");
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Reset your passphrase" }).waitFor();
    const code = page.getByLabel("Verification code", { exact: true });
    assert.equal(await code.inputValue(), new URL(link).searchParams.get("token"));

    await page.getByLabel("New passphrase", { exact: true }).fill(newPassphrase);
    await page.getByLabel("Confirm new passphrase", { exact: true }).fill("Something-Else-7");
    await page.getByText("Passphrases do not match", { exact: true }).waitFor();
    await page.getByLabel("Confirm new passphrase", { exact: true }).fill(newPassphrase);
    await page.getByRole("button", { name: "Set new passphrase" }).click();

    await page.waitForURL(`${BASE_URL}/signin`);
    await page.getByText("Your new passphrase is set. Please sign in with it.").waitFor();

    // The old passphrase no longer works; the new one does.
    await page.getByLabel("Username", { exact: true }).fill(user.username);
    await page.getByLabel("Passphrase", { exact: true }).fill(user.password);
    await page.locator("form").getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "You entered incorrect details" }).waitFor();
    await page.getByLabel("Passphrase", { exact: true }).fill(newPassphrase);
    await page.locator("form").getByRole("button", { name: "Sign in" }).click();
    await waitForRole(page, "bk_user");
    await page.getByRole("banner").getByRole("link", { name: "Forgetful Fern" }).waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByLabel("New passphrase", { exact: true }).fill("Another-Pass-8");
    await page.getByLabel("Confirm new passphrase", { exact: true }).fill("Another-Pass-8");
    await page.getByRole("button", { name: "Set new passphrase" }).click();
    await page.getByRole("alert").filter({ hasText: "This reset link is invalid or has expired" }).waitFor();
  });
});

test("the profile's name and picture can be changed", async (t) => {
  const user = await registerUser({ name: "Petra Picture" });
  await withPage(t, async (page) => {
    await signIn(page, user, "/account/profile");
    const name = page.getByLabel("Name", { exact: true });
    await name.waitFor();
    assert.equal(await name.inputValue(), "Petra Picture");
    // Instant validation with the database's message.
    await name.fill("P3tra");
    await page.getByText("Name may contain only letters, spaces, hyphens and apostrophes", { exact: true }).waitFor();
    await name.fill("Petra Gardener");

    await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: makePng() });
    await page.getByText(/me\.png .* uploaded; it is used when you save\./).waitFor();
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Your profile has been saved.").waitFor();

    // The header follows the new name, the session knows about the picture.
    await page.getByRole("banner").getByRole("link", { name: "Petra Gardener" }).waitFor();
    const session = await storedSession(page);
    assert.equal(session.name, "Petra Gardener");
    assert.equal(session.hasImage, true);
    const me = await currentUser(session.token);
    assert.equal(me.name, "Petra Gardener");
    assert.equal(me.hasImage, true);

    // The stored picture shows (a real image from /images/user/<id>/...).
    const summary = page.locator(".profile-summary img.avatar");
    await summary.waitFor();
    assert.match(await summary.getAttribute("src"), new RegExp(`/images/user/${me.id}/medium\\.webp\\?v=`));
    await page.waitForFunction(() => {
      const img = document.querySelector(".profile-summary img.avatar");
      return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
    });
    const drawerPicture = page.locator(".drawer-user img.avatar");
    await drawerPicture.waitFor();

    // After a reload it is still there.
    await page.reload();
    await page.locator(".profile-summary img.avatar").waitFor();
    assert.equal(await page.getByLabel("Name", { exact: true }).inputValue(), "Petra Gardener");
  });
});

test("an account is deleted from the mailed link, leaving a guest who cannot sign in", async (t) => {
  const user = await registerUser({ name: "Dora Departing" });
  await withPage(t, async (page) => {
    await signIn(page, user, "/account/delete-account");
    const started = Date.now() - 1000;
    await page.getByRole("heading", { level: 1, name: "Delete account" }).waitFor();
    await page.getByRole("button", { name: "E-mail me the deletion link" }).click();
    await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();

    const mail = await waitForMail(user.email, "account_deletion", { after: started });
    await page.goto(linkTo(mail, "/account/delete"));
    await page.getByRole("heading", { level: 1, name: "Confirm account deletion" }).waitFor();
    await page.getByRole("button", { name: "Delete my account permanently" }).click();

    await page.waitForURL(`${BASE_URL}/`);
    await waitForRole(page, "bk_anonymous");
    await page.getByText("Your account has been deleted.", { exact: false }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).waitFor();

    await page.goto(`${BASE_URL}/signin`);
    await waitForRole(page, "bk_anonymous");
    await page.getByLabel("Username", { exact: true }).fill(user.username);
    await page.getByLabel("Passphrase", { exact: true }).fill(user.password);
    await page.locator("form").getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "You entered incorrect details" }).waitFor();
    assert.equal((await storedSession(page)).role, "bk_anonymous");
  });
});

// ---------------------------------------------------------------------------------------------
// Screenshots of every account screen at desktop and phone widths, for looking at by eye:
// SCREENSHOTS_DIR=/tmp/shots npm run test:e2e -- e2e/accounts.test.mjs   (skipped otherwise)

async function gql(token, query, variables = {}) {
  const operationName = /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ operationName, query, variables }),
  });
  const body = await response.json();
  if (body.errors?.length) throw new Error(`${operationName}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function uploadPicture(token, type, id) {
  const sessionId = crypto.randomUUID();
  const form = new FormData();
  form.append("sessionId", sessionId);
  form.append("file", new Blob([makePng(64)], { type: "image/png" }), "picture.png");
  const response = await fetch(`${BASE_URL}/uploads`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  assert.equal(response.status, 201, await response.clone().text());
  await gql(
    token,
    `mutation NewFiles($sessionId: String!, $type: String!, $id: UUID!) {
    newFiles(input: { sessionId: $sessionId, type: $type, id: $id }) { movedFiles } }`,
    { sessionId, type, id },
  );
}

test("screenshots of the account screens", { skip: !process.env.SCREENSHOTS_DIR }, async (t) => {
  const dir = process.env.SCREENSHOTS_DIR;
  const { mkdir } = await import("node:fs/promises");
  await mkdir(dir, { recursive: true });

  // A user with things, a device, badges, two addresses and a picture; made an admin for the users list.
  const user = await registerUser({ name: "Robin Gardener" });
  const { default: pg } = await import("pg");
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await db.query("update app_public.users set is_admin = true where username = $1", [user.username]);
  await db.end();
  // Sign in again so the token carries the admin role.
  const signedIn = await gql(
    null,
    `mutation SignIn($username: String!, $password: String!) {
    signIn(input: { username: $username, password: $password }) { jwtToken } }`,
    { username: user.username, password: user.password },
  );
  const token = signedIn.signIn.jwtToken;
  const me = await currentUser(token);
  await uploadPicture(token, "user", me.id);
  await gql(token, `mutation AddEmail($email: String!) { createUserEmail(input: { email: $email }) { userEmail { id } } }`, {
    email: `${user.username}.work@example.org`,
  });
  const group = await gql(
    token,
    `mutation G { createGroup(input: { name: "Elm Street Growers", type: GROWER, isPublic: true }) { group { id } } }`,
  );
  const groupId = group.createGroup.group.id;
  const things = [];
  for (const [name, type] of [
    ["Corner planter", "PLANTER"],
    ["Old oak by the library", "TREE"],
    ["Bee cafe at the school", "BEECAFE"],
  ]) {
    const made = await gql(
      token,
      `mutation T($groupId: UUID!, $name: String!, $type: ThingType!) {
      createThing(input: { groupId: $groupId, name: $name, type: $type, isPublic: true, location: { x: 51.4543, y: -0.9781 } }) { thing { id } } }`,
      { groupId, name, type },
    );
    things.push(made.createThing.thing.id);
  }
  await uploadPicture(token, "thing", things[0]);
  for (let i = 0; i < 2; i++) {
    await gql(
      token,
      `mutation A($thingId: UUID!) { createAction(input: { action: { thingId: $thingId, type: WATERING, comments: "Watered well" } }) { action { id } } }`,
      { thingId: things[0] },
    );
  }
  await gql(
    token,
    `mutation A($thingId: UUID!) { createAction(input: { action: { thingId: $thingId, type: LITTER_CLEANUP, comments: "Picked litter" } }) { action { id } } }`,
    { thingId: things[1] },
  );
  await gql(
    token,
    `mutation D($thingId: UUID!) { createDevice(input: { model: LSE01, name: "Planter soil sensor", deviceId: "eui-a84041000181c2f1", isPublic: true, thingId: $thingId, location: { x: 51.4543, y: -0.9781 } }) { device { id } } }`,
    { thingId: things[0] },
  );
  await gql(
    token,
    `mutation U($id: UUID!, $oneThingId: UUID) { updateUserById(input: { id: $id, userPatch: { oneThingId: $oneThingId } }) { user { id } } }`,
    { id: me.id, oneThingId: things[1] },
  );
  await registerUser({ name: "Sam Planter" });
  await registerUser({ name: "Alex Waterer" });
  const empty = await registerUser({ name: "Nell Newcomer" });

  const shoot = async (page, name) => {
    await page.waitForLoadState("networkidle").catch(() => {});
    await untilStill(page);
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  };

  for (const [width, height, suffix] of [
    [1280, 900, "desktop"],
    [390, 844, "phone"],
  ]) {
    await withPage(t, async (page) => {
      await page.setViewportSize({ width, height });
      await page.goto(`${BASE_URL}/forgot-password`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.getByLabel("Email", { exact: true }).fill("not-an-address");
      await page.getByLabel("Email", { exact: true }).blur();
      await shoot(page, `forgot-password-${suffix}`);
      await page.goto(`${BASE_URL}/reset?userId=${me.id}&token=0123456789abcdef`);
      await page.getByLabel("New passphrase", { exact: true }).fill("weak");
      await page.getByLabel("Confirm new passphrase", { exact: true }).fill("weaker");
      await shoot(page, `reset-${suffix}`);
      await page.goto(`${BASE_URL}/verify?id=${me.id}&token=nope`);
      await page.getByRole("heading", { name: "This verification link is invalid or has expired" }).waitFor();
      await shoot(page, `verify-failed-${suffix}`);

      await signIn(page, { username: user.username, password: user.password }, "/account/profile");
      await page.getByLabel("Name", { exact: true }).waitFor();
      await shoot(page, `profile-${suffix}`);
      const fileInput = page.locator('input[type="file"]');
      await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
      await page.getByText("Only JPEG, PNG, WebP or GIF images can be uploaded", { exact: true }).waitFor();
      await shoot(page, `profile-picture-refused-${suffix}`);
      await fileInput.setInputFiles({ name: "new-me.png", mimeType: "image/png", buffer: makePng(48) });
      await page.getByText(/new-me\.png .* uploaded/).waitFor();
      await shoot(page, `profile-picture-chosen-${suffix}`);
      for (const section of ["passphrase", "emails", "badges", "things", "devices", "users", "delete-account"]) {
        await page.goto(`${BASE_URL}/account/${section}`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page
          .locator(".loading")
          .waitFor({ state: "detached" })
          .catch(() => {});
        await shoot(page, `account-${section}-${suffix}`);
      }
      await page.goto(`${BASE_URL}/account/delete?token=not-a-real-token`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await shoot(page, `account-delete-confirm-${suffix}`);
      await page.goto(`${BASE_URL}/users/new`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.getByRole("button", { name: "Create user" }).click();
      await shoot(page, `users-new-${suffix}`);
      await page.goto(`${BASE_URL}/about`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await shoot(page, `about-${suffix}`);
    });
    await withPage(t, async (page) => {
      await page.setViewportSize({ width, height });
      await signIn(page, empty, "/account/things");
      await page.getByRole("heading", { level: 2 }).first().waitFor();
      await shoot(page, `empty-things-${suffix}`);
      for (const section of ["devices", "badges", "emails"]) {
        await page.goto(`${BASE_URL}/account/${section}`);
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page
          .locator(".loading")
          .waitFor({ state: "detached" })
          .catch(() => {});
        await shoot(page, `empty-${section}-${suffix}`);
      }
    });
  }
});

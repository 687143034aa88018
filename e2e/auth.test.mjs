// Browser tests of the app shell: registration, sign-in and sign-out, guest sessions, the
// not-found page, auth redirects and instant form validation. BASE_URL names the server.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, PASSPHRASE, registerUser, storedSession, uniqueUsername, waitForRole, withPage } from "./helpers.mjs";

test("registering signs the new user in, and signing out makes a guest again", async (t) => {
  await withPage(t, async (page) => {
    const username = uniqueUsername("reg");
    await page.goto(`${BASE_URL}/register`);
    await page.getByRole("heading", { level: 1, name: "Create an account" }).waitFor();
    await waitForRole(page, "bk_anonymous");

    await page.getByLabel("Name", { exact: true }).fill("Robin Gardener");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Email", { exact: true }).fill(`${username}@example.org`);
    await page.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
    await page.getByLabel("Confirm passphrase", { exact: true }).fill(PASSPHRASE);
    await page.getByRole("button", { name: "Create account" }).click();

    // Landed signed in: the header shows the user's name and a sign-out button.
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Robin Gardener" }).waitFor();
    await header.getByRole("button", { name: "Sign out" }).waitFor();
    assert.equal(new URL(page.url()).pathname, "/");
    const signedIn = await storedSession(page);
    assert.equal(signedIn.role, "bk_user");
    assert.equal(signedIn.username, username);
    assert.ok(signedIn.token);

    // A first-time user may be greeted by the guided tour (a modal over the page); close it as a
    // person would, before signing out.
    const tour = page.getByRole("dialog");
    if (await tour.isVisible()) await page.keyboard.press("Escape");
    await tour.waitFor({ state: "hidden" });
    await header
      .getByRole("button", { name: "Sign out" })
      .click({ timeout: 5000 })
      .catch(async () => {
        // The tour opened just as we clicked: close it and try once more.
        await page.keyboard.press("Escape");
        await header.getByRole("button", { name: "Sign out" }).click();
      });
    await header.getByRole("link", { name: "Sign in" }).waitFor();
    await waitForRole(page, "bk_anonymous");
    const guest = await storedSession(page);
    assert.notEqual(guest.token, signedIn.token);
    assert.equal(await header.getByRole("link", { name: "Robin Gardener" }).count(), 0);
  });
});

test("an unknown path shows the not-found page", async (t) => {
  await withPage(t, async (page) => {
    const response = await page.goto(`${BASE_URL}/no/such/page-${Date.now()}`);
    assert.ok(response, "no response");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    const home = page.getByRole("link", { name: "Go to the home page" });
    assert.equal(await home.getAttribute("href"), "/");
    await home.click();
    await page.waitForURL(`${BASE_URL}/`);
  });
});

test("an auth-only path sends guests to sign in and back after signing in", async (t) => {
  const user = await registerUser({ name: "Sam Planter" });
  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/account/profile`);
    await page.waitForURL((url) => url.pathname === "/signin" && url.search === "?next=%2Faccount%2Fprofile");
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();

    await page.getByLabel("Username", { exact: true }).fill(user.username);
    await page.getByLabel("Passphrase", { exact: true }).fill(user.password);
    await page.locator("form").getByRole("button", { name: "Sign in" }).click();

    await page.waitForURL(`${BASE_URL}/account/profile`);
    await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();
    assert.equal(await page.locator("main").getByLabel("Username", { exact: true }).inputValue(), user.username);
    await page.getByRole("banner").getByRole("link", { name: "Sam Planter" }).waitFor();
    assert.equal((await storedSession(page)).role, "bk_user");
  });
});

test("wrong credentials show the server's message", async (t) => {
  const user = await registerUser();
  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/signin`);
    await page.getByLabel("Username", { exact: true }).fill(user.username);
    await page.getByLabel("Passphrase", { exact: true }).fill("Not-the-right-1");
    await page.locator("form").getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "You entered incorrect details" });
    await alert.waitFor();
    assert.equal((await alert.textContent()).trim(), "You entered incorrect details");
    assert.equal(new URL(page.url()).pathname, "/signin");
    await waitForRole(page, "bk_anonymous");
  });
});

test("a bad username gets a validation message as it is typed", async (t) => {
  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/register`);
    const username = page.getByLabel("Username", { exact: true });
    await username.pressSequentially("1bad");
    const message = page.getByText("Username must start with a letter", { exact: true });
    await message.waitFor();
    assert.equal(await username.getAttribute("aria-invalid"), "true");

    await username.fill("good__name");
    await page.getByText("Username cannot contain consecutive underscores or hyphens", { exact: true }).waitFor();
    await username.fill("goodname");
    await message.waitFor({ state: "detached" });
    assert.equal(await username.getAttribute("aria-invalid"), null);
  });
});

// The bee branding variant (decisions.md): served from a bee host, things are cafes and groups are
// beepasses, in the navigation and on the screens; the default host keeps the general names.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, waitForRole, withPage } from "./helpers.mjs";

// *.localhost resolves to this machine in Chromium, so the same server answers as a bee host.
const beeUrl = BASE_URL.replace("//localhost", "//bee.localhost").replace("//127.0.0.1", "//bee.localhost");

test("a bee host calls things cafes and groups beepasses", async (t) => {
  await withPage(t, async (page) => {
    await page.goto(`${beeUrl}/things`);
    await page.getByRole("heading", { level: 1, name: "Cafes" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Cafes" }).waitFor();
    await nav.getByRole("link", { name: "Beepasses" }).waitFor();
    await waitForRole(page, "bk_anonymous");
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem("steward.session") || "{}"));
    assert.match(String(session.domainName), /^bee\.localhost/, JSON.stringify(session));
  });
});

test("the default host keeps things and groups", async (t) => {
  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/things`);
    await page.getByRole("heading", { level: 1, name: "Things" }).waitFor();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Groups" }).waitFor();
  });
});

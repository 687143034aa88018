// The care loop in Chromium (issue 21, section 3), on a phone (360 x 740) and a desktop (1280 x 800),
// with every host but the app's own unreachable (so no basemap tile or style ever loads): from a
// cold load of / signed in, the map at the top of home draws the user's things by water need, and
// a watering is recorded on the nearest thing that needs water in two taps once the page is ready
// (the thing in the list, then "Record watering"); the card says so without a reload, and Undo
// takes it back. The water need is set by SQL: the model that computes it is built elsewhere.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { BASE_URL, callApi, registerUser, sql, startSignedIn, uniqueUsername, withPage } from "./helpers.mjs";

const ARTIFACTS = fileURLToPath(new URL("./artifacts/", import.meta.url));

/** callApi answers the data, and throws on errors. */
const gqlData = (query, variables, token) => callApi(query, variables, token);

/** A new user with three things close together in a quiet spot: fine, needs water, due soon. */
async function stewardWithThings(spot) {
  const user = await registerUser({ username: uniqueUsername("care") });
  const group = await gqlData(
    `mutation CareGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`,
    { name: `Care Growers ${uniqueUsername("g").slice(1, 8)}` },
    user.token,
  );
  const make = async (name, dLat) =>
    (
      await gqlData(
        `mutation CareThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
        {
          input: { groupId: group.createGroup.group.id, name, type: "PLANTER", location: { x: spot.x + dLat, y: spot.y }, isPublic: true },
        },
        user.token,
      )
    ).createThing.thing;
  const fine = await make("Care Fine Planter", 0);
  const thirsty = await make("Care Thirsty Planter", 0.0004);
  const soon = await make("Care Soon Planter", -0.0004);
  // The states come from the model itself (db/migrations/20261125000900): two weeks of hot, dry
  // days in the things' weather cell (ET0 3 mm, no rain), then waterings that leave one planter
  // fine (40 L just now), one due soon (25 L yesterday) and one in need (20 L three days ago).
  await sql(
    `insert into app_private.weather_days (latitude, longitude, day, et0_mm, precipitation_mm, observed_mm, temperature_max)
     select round($1::numeric, 1), round($2::numeric, 1), d::date, 3, 0, case when d::date <= app_hidden.water_today() then 0 end, 26
     from generate_series(app_hidden.water_today() - 14, app_hidden.water_today() + 2, interval '1 day') d
     on conflict (latitude, longitude, day) do update set et0_mm = 3, precipitation_mm = 0, observed_mm = excluded.observed_mm, temperature_max = 26`,
    [spot.x, spot.y],
  );
  for (const [thing, daysAgo, litres] of [
    [fine, 0, 40],
    [soon, 1, 25],
    [thirsty, 3, 20],
  ]) {
    await sql(
      `insert into app_public.actions (thing_id, type, comments, litres, created_at, created_by)
       values ($1, 'WATERING', 'Watered', $2, now() - make_interval(days => $3), (select created_by from app_public.things where id = $1))`,
      [thing.id, litres, daysAgo],
    );
  }
  await sql("select app_private.refresh_water_need()");
  const states = await sql(`select id, water_need::text as need from app_public.things where id = any($1::uuid[])`, [
    [fine.id, thirsty.id, soon.id],
  ]);
  const need = Object.fromEntries(states.rows.map((r) => [r.id, r.need]));
  assert.deepEqual([need[fine.id], need[soon.id], need[thirsty.id]], ["fine", "due_soon", "needs_water"]);
  return { user, fine, thirsty, soon };
}

/** Every host but the app's own is unreachable: basemap styles and tiles fail at once. */
async function offlineExceptApp(page) {
  const origin = new URL(BASE_URL).origin;
  let blocked = 0;
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      blocked += 1;
      return route.abort("internetdisconnected");
    },
  );
  return () => blocked;
}

for (const [label, viewport, spot] of [
  ["phone", { width: 360, height: 740 }, { x: 50.9012, y: -1.6034 }],
  ["desktop", { width: 1280, height: 800 }, { x: 50.8012, y: -1.7034 }],
]) {
  test(`${label}: from a cold home page to a recorded watering on the thirsty thing in two taps, with the tile server unreachable`, async (t) => {
    const { user, thirsty, fine } = await stewardWithThings(spot);
    await withPage(t, async (page) => {
      await page.setViewportSize(viewport);
      const blocked = await offlineExceptApp(page);
      const userId = await startSignedIn(page, user);
      // The first-visit tour is not part of this loop: mark it taken.
      await page.evaluate(
        (key) => localStorage.setItem("steward.tours", JSON.stringify({ [key]: { outcome: "finished", at: new Date().toISOString() } })),
        `home:${userId}`,
      );

      const started = Date.now();
      await page.goto(`${BASE_URL}/`);
      // Ready: the map is up and the thirsty thing's marker is drawn with its need (shape and icon).
      const marker = page.locator(`.map-thing-marker[data-thing-id="${thirsty.id}"]`);
      await marker.waitFor({ state: "visible", timeout: 20_000 });
      const readyMs = Date.now() - started;
      assert.equal(await marker.getAttribute("data-need"), "NEEDS_WATER");
      assert.equal(await marker.locator(".need-badge").getAttribute("data-shape"), "square");
      assert.equal(await marker.locator("svg").getAttribute("data-icon"), "drop");
      assert.equal(await page.locator(`.map-thing-marker[data-thing-id="${fine.id}"]`).getAttribute("data-need"), "FINE");
      // The first markers may be drawn before the map library has loaded (MarkerPreview); then the
      // map comes up without any basemap (nothing outside the app could be reached) and draws its own.
      await page.waitForFunction(() => window.__mapDebug?.ready === true && window.__mapDebug.thingMarkers >= 3, null, { timeout: 20_000 });
      assert.ok(blocked() > 0, "the basemap was asked for and refused");
      assert.notEqual(await page.evaluate(() => window.__mapDebug?.basemapStatus), "ready");
      await page.evaluate(() => {
        window.__sameDocument = true;
      });

      // The list ranks the thirsty thing first.
      const firstRow = page.locator(".care-row").first();
      assert.equal(await firstRow.getAttribute("data-thing-id"), thirsty.id);

      // Tap 1: the thing in the list. Tap 2: record watering (20 L, one of the quick picks).
      await firstRow.click();
      await page.getByRole("button", { name: "Record watering of 20 litres" }).click();

      await page.getByText("Watering recorded: 20 L. Thank you!").waitFor();
      const last = page.getByTestId("last-watered");
      await last.filter({ hasText: /Watered just now by .*20 L/ }).waitFor();
      // The model worked the state out again in the same mutation: the card and the marker say so
      // without a reload.
      await page
        .locator(".map-card-need")
        .filter({ hasNotText: /Needs water/ })
        .waitFor();
      await page.waitForFunction(
        (id) => document.querySelector(`.map-thing-marker[data-thing-id="${id}"]`)?.getAttribute("data-need") !== "NEEDS_WATER",
        thirsty.id,
        { timeout: 10_000 },
      );
      const state = await sql(`select water_need::text as need, water_need_reason as reason from app_public.things where id = $1`, [
        thirsty.id,
      ]);
      assert.notEqual(state.rows[0].need, "needs_water");
      assert.match(state.rows[0].reason, /^watered today with 20 L/);
      assert.equal(await page.evaluate(() => window.__sameDocument), true, "no reload");
      const stored = await sql(
        `select litres::float8 as litres, type from app_public.actions where thing_id = $1 and type = 'WATERING' order by created_at desc`,
        [thirsty.id],
      );
      assert.deepEqual(stored.rows, [
        { litres: 20, type: "WATERING" },
        { litres: 20, type: "WATERING" },
      ]);

      await mkdir(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, `care-loop-${label}.png`) });

      // Undo takes it back.
      await page.getByRole("button", { name: "Undo" }).click();
      await last.filter({ hasText: /Watered 3 days ago/ }).waitFor();
      assert.equal(
        (await sql(`select count(*)::int as n from app_public.actions where thing_id = $1 and type = 'WATERING'`, [thirsty.id])).rows[0].n,
        1,
      );
      // ... and with it the need: the thirsty thing is in need again.
      await page
        .locator(".map-card-need")
        .filter({ hasText: /Needs water/ })
        .waitFor();

      // "Needs water" leaves only the thirsty and the due-soon things.
      if (label === "phone") await page.getByRole("button", { name: "← Back to the list" }).click();
      else await page.keyboard.press("Escape");
      await page.locator(".care-filter", { hasText: "Needs water" }).click();
      await page.locator(`.map-thing-marker[data-thing-id="${fine.id}"]`).waitFor({ state: "detached" });
      assert.equal(await page.locator(".care-row").count(), 2);
      t.diagnostic(`${label}: ready in ${readyMs} ms from navigation`);

      // The thing's chart shows what care did (section 5): no soil sensor, so the estimated store,
      // with the watering of three days ago marked with its litres.
      await page.goto(`${BASE_URL}/things/${thirsty.id}/readings`);
      await page.getByRole("heading", { name: "Estimated soil water" }).waitFor();
      await page
        .getByRole("list", { name: /Waterings and rain/ })
        .getByText(/^Watered 20 L · /)
        .waitFor();
      if (label === "desktop") await page.screenshot({ path: join(ARTIFACTS, "care-loop-chart.png") });
    });
  });
}

// Adoption and watering rotas in Chromium (issue 26): someone adopts a public thing on its page,
// the map's card then says "You look after this" and their profile counts it, another person's
// view of their profile counts it too, and stopping takes it back; a group's rota: a member takes
// Tuesdays, asks to swap one, the owner takes it giving a Wednesday in return, and the thing's page
// shows who is on this week.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BASE_URL, callApi, registerUser, sql, startSignedIn, uniqueUsername, withPage } from "./helpers.mjs";

async function groupWithThing(owner, spot, isPublic = true) {
  const group = await callApi(
    `mutation AdoptGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`,
    { name: `Adopting Growers ${uniqueUsername("g").slice(1, 8)}` },
    owner.token,
  );
  const groupId = group.createGroup.group.id;
  const thing = await callApi(
    `mutation AdoptThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
    { input: { groupId, name: "Elm Road Planter", type: "PLANTER", location: spot, isPublic } },
    owner.token,
  );
  return { groupId, thing: thing.createThing.thing };
}

test("someone adopts a thing on its page; the map card and both profiles show it; stopping takes it back", async (t) => {
  const spot = { x: 52.1013, y: -2.2034 };
  const owner = await registerUser({ name: "Olive Owner", username: uniqueUsername("own") });
  const adopter = await registerUser({ name: "Ada Adopter", username: uniqueUsername("ado") });
  const { thing } = await groupWithThing(owner, spot);
  await withPage(t, async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const adopterId = await startSignedIn(page, adopter);
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    const panel = page.getByTestId("adoption");
    await panel.getByText("Nobody has adopted this yet").waitFor();
    await panel.getByRole("button", { name: "I look after this one" }).click();
    await panel.getByText("You look after this").waitFor();
    const stored = await sql("select user_id from app_public.thing_adoptions where thing_id = $1", [thing.id]);
    assert.deepEqual(stored.rows, [{ user_id: adopterId }]);

    // The map: the thing's card says so.
    await page.goto(`${BASE_URL}/map?lat=${spot.x}&lng=${spot.y}&zoom=15`);
    const marker = page.locator(`.map-thing-marker[data-thing-id="${thing.id}"]`).first();
    await marker.waitFor({ timeout: 20_000 });
    await marker.click();
    await page.locator(".map-card").getByText("You look after this").waitFor();

    // The own profile counts it and links it.
    await page.goto(`${BASE_URL}/account/profile`);
    const mine = page.getByTestId("adopted-things");
    await mine.getByText("You look after 1 thing").waitFor();
    await mine.getByRole("link", { name: thing.name }).waitFor();

    // Another person sees it on the adopter's page, and on the thing's.
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/users/${adopterId}/dashboard`);
    await page.getByTestId("adopted-things").getByText("Looks after 1 thing").waitFor();
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByTestId("adoption").getByText("Adopted by Ada Adopter").waitFor();

    // The adopter stops.
    await startSignedIn(page, adopter);
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    await page.getByTestId("adoption").getByRole("button", { name: "Stop looking after it" }).click();
    await page.getByTestId("adoption").getByText("Nobody has adopted this yet").waitFor();
    assert.equal((await sql("select count(*)::int as n from app_public.thing_adoptions where thing_id = $1", [thing.id])).rows[0].n, 0);
  });
});

test("a group's rota: a member takes Tuesdays and asks to swap one; the owner takes it, giving a Wednesday back; the thing shows the week", async (t) => {
  const owner = await registerUser({ name: "Rhona Owner", username: uniqueUsername("rown") });
  const member = await registerUser({ name: "Milo Member", username: uniqueUsername("rmem") });
  const { groupId, thing } = await groupWithThing(owner, { x: 52.2013, y: -2.3034 });
  await callApi(
    `mutation Join($g: UUID!) { changeGroupMembership(input: { groupId: $g, join: true }) { group { id } } }`,
    { g: groupId },
    member.token,
  );
  await callApi(
    `mutation OwnerDay($g: UUID!) { takeRotaSlot(input: { groupId: $g, weekday: 3 }) { rotaSlot { id } } }`,
    { g: groupId },
    owner.token,
  );

  await withPage(t, async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await startSignedIn(page, member);
    await page.goto(`${BASE_URL}/groups/${groupId}/rota`);
    await page.getByRole("button", { name: "Take Tuesdays" }).click();
    await page.getByTestId("rota-weekday-2").getByText("You").waitFor();
    // The first Tuesday ahead: ask the group to take it.
    const myDay = page
      .getByTestId("rota-duty")
      .filter({ hasText: "You" })
      .filter({ has: page.getByRole("button", { name: "Ask to swap" }) })
      .first();
    const dayLabel = (await myDay.locator(".rota-day").textContent()).trim();
    assert.match(dayLabel, /^Tuesday \d+ \w+$/);
    await myDay.getByRole("button", { name: "Ask to swap" }).click();
    await page.getByLabel("Note (optional)").fill("Away that day");
    await page.getByRole("button", { name: "Ask the group" }).click();
    await page
      .getByTestId("rota-swap")
      .getByText(/You ask someone to take/)
      .waitFor();

    // The owner takes it and gives one of their Wednesdays in return.
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/groups/${groupId}/rota`);
    const request = page.getByTestId("rota-swap");
    await request.getByText(/Milo Member asks someone to take/).waitFor();
    const giveBack = request.getByLabel("Give one of your dates in return");
    const firstWednesday = await giveBack.locator("option").nth(1).getAttribute("value");
    await giveBack.selectOption(firstWednesday);
    await request.getByRole("button", { name: `Take ${dayLabel}` }).click();
    await page.getByText("No open requests.").waitFor();
    const swapped = page.getByTestId("rota-duty").filter({ hasText: dayLabel });
    await swapped.getByText("You", { exact: true }).waitFor();
    assert.equal(
      await swapped.getByRole("button", { name: "Ask to swap" }).count(),
      0,
      "a date taken by a swap is not the taker's to swap",
    );
    await swapped.getByText("(swapped)").waitFor();
    const row = await sql("select status::text, return_date::text from app_public.rota_swaps where group_id = $1", [groupId]);
    assert.deepEqual(row.rows, [{ status: "accepted", return_date: firstWednesday }]);

    // The thing's page: who is on this week (both days are in every week).
    await page.goto(`${BASE_URL}/things/${thing.id}/dashboard`);
    const week = page.getByTestId("rota-week");
    await week.getByRole("heading", { name: "On the watering rota this week" }).waitFor();
    await week.locator(".rota-day", { hasText: "Wednesday" }).waitFor();
    await page.screenshot({ path: new URL("./artifacts/rota-thing-week.png", import.meta.url).pathname, fullPage: true });
    await week.getByText(/Today:/).waitFor();

    // The member heard about it.
    const notes = await sql(
      "select title from app_public.notifications n join app_public.users u on u.id = n.user_id where u.username = $1 and n.kind = 'water_rota_swap'",
      [member.username],
    );
    assert.deepEqual(notes.rows, [{ title: "Your rota swap was accepted" }]);
  });
});

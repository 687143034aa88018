// Browser tests of the groups screens: creating a group, inviting by e-mail and accepting from the
// mailed link, the owner rules for leaving, joining through /groups/{id}/membership, and the
// settings guard. Set GROUPS_SCREENSHOTS=<folder> to also save screenshots of the screens.
import assert from "node:assert/strict";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { deflateSync } from "node:zlib";
import { BASE_URL, registerUser, uniqueUsername, untilStill, waitForRole, withPage } from "./helpers.mjs";

const OUTBOX = process.env.MAIL_OUTBOX_DIR;
const SHOTS = process.env.GROUPS_SCREENSHOTS;

/** A GraphQL call as `user` (arranging data without the browser). */
async function gql(user, query, variables = {}) {
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ query, variables, operationName: /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] }),
  });
  const body = await response.json();
  if (body.errors?.length) throw new Error(`${body.errors[0].message} (${JSON.stringify(body.errors[0].extensions)})`);
  return body.data;
}

async function createGroup(owner, { name = `Group ${uniqueUsername("g")}`, isPublic = true, type = "COUNCIL" } = {}) {
  const data = await gql(
    owner,
    `mutation E2eCreateGroup($name: String!, $type: GroupType!, $isPublic: Boolean!) {
      createGroup(input: { name: $name, type: $type, isPublic: $isPublic, description: "Looks after the planters on the high street." }) { group { id name } }
    }`,
    { name, type, isPublic },
  );
  return data.createGroup.group;
}

async function joinGroup(user, groupId) {
  await gql(
    user,
    `mutation E2eJoin($groupId: UUID!) { changeGroupMembership(input: { groupId: $groupId, join: true }) { group { id } } }`,
    { groupId },
  );
}

/** Signs in through the form and waits for the signed-in session. */
async function signIn(page, user, { from } = {}) {
  if (from) await page.goto(`${BASE_URL}${from}`);
  else await page.goto(`${BASE_URL}/signin`);
  await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
  await page.getByLabel("Username", { exact: true }).fill(user.username);
  await page.getByLabel("Passphrase", { exact: true }).fill(user.password);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await waitForRole(page, "bk_user");
}

/** Waits for an e-mail to `to` with a link to `pathname` and returns that link (path and query). */
async function mailedLink(to, pathname) {
  assert.ok(OUTBOX, "MAIL_OUTBOX_DIR is not set");
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const files = (await readdir(OUTBOX).catch(() => [])).filter((f) => f.endsWith(".json"));
    for (const file of files) {
      const record = JSON.parse(await readFile(join(OUTBOX, file), "utf8"));
      const link = record.to === to && record.links?.find((l) => new URL(l).pathname === pathname);
      if (link) {
        const url = new URL(link);
        return url.pathname + url.search;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${to} with a ${pathname} link`);
}

/** Waits for the invitation e-mail to `to` and returns its accept link (path and query). */
const invitationLink = (to) => mailedLink(to, "/groups/accept");

/** Saves a screenshot at desktop and phone widths when GROUPS_SCREENSHOTS is set. */
async function shoot(page, name) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await untilStill(page);
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await untilStill(page);
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(size);
}

/** A small PNG (a green-to-gold gradient with a leaf-ish circle) for the picture upload. */
function picturePng(size = 96) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 3) ** 2;
      const t = (x + y) / (2 * size);
      row.push(inside ? 242 : Math.round(68 + 130 * t), inside ? 183 : Math.round(109 + 60 * t), inside ? 5 : 68);
    }
    rows.push(Buffer.from(row));
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const notice = (page, text) => page.locator(".notice-area").getByText(text);

test("an owner creates a group and invites someone, who accepts from the mailed link", async (t) => {
  const owner = await registerUser({ name: "Olive Owner" });
  const invitee = await registerUser({ name: "Ivy Invitee" });
  const groupName = `High Street Planters ${Date.now().toString(36)}`;
  let groupPath;

  await withPage(t, async (page) => {
    await signIn(page, owner);
    await page.goto(`${BASE_URL}/groups/new`);
    await page.getByRole("heading", { level: 1, name: "Start a group" }).waitFor();
    // Instant validation with the database's messages.
    await page.getByLabel("Name", { exact: true }).fill("ab");
    await page.getByLabel("Name", { exact: true }).blur();
    await page.getByText("Name must be between 3 and 255 characters").waitFor();
    await shoot(page, "group-new");
    await page.getByLabel("Name", { exact: true }).fill(groupName);
    await page.getByLabel("Type", { exact: true }).selectOption("COUNCIL");
    await page.getByLabel("Description").fill("We water and weed the planters along the high street every week.");
    await page.locator('input[type="file"]').setInputFiles({ name: "planters.png", mimeType: "image/png", buffer: picturePng() });
    await page.getByText(/planters\.png .* uploaded; it is used when you save/).waitFor();
    await page.getByRole("button", { name: "Create group" }).click();

    await page.waitForURL(/\/groups\/[0-9a-f-]{36}\/dashboard$/);
    groupPath = new URL(page.url()).pathname.replace(/\/dashboard$/, "");
    await page.getByRole("heading", { level: 1, name: groupName }).waitFor();
    await page.getByText("You own this group", { exact: true }).waitFor();
    // The picture was attached (newFiles) and is served.
    const picture = page.locator(".record-picture img");
    await picture.waitFor();
    assert.match(await picture.getAttribute("src"), /\/images\/group\/[0-9a-f-]{36}\/medium\.webp/);
    await page.waitForFunction(() => document.querySelector(".record-picture img")?.naturalWidth > 0);
    await shoot(page, "group-dashboard");

    await page.getByRole("navigation", { name: "Group sections" }).getByRole("link", { name: "Members" }).click();
    await page.waitForURL(`${BASE_URL}${groupPath}/members`);
    await page.getByLabel("Email address").fill("not-an-address");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("Email must be a valid address").waitFor();
    await page.getByLabel("Email address").fill(invitee.email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await notice(page, `Invitation sent to ${invitee.email}`).waitFor();
    await page.getByRole("list", { name: "Pending invitations" }).getByText(invitee.email).waitFor();
    await shoot(page, "group-members-owner");
  });

  const link = await invitationLink(invitee.email);
  assert.match(link, /^\/groups\/accept\?id=[0-9a-f-]{36}&code=/);

  await withPage(t, async (page) => {
    // As a guest the link asks to sign in first, and comes back after.
    await page.goto(`${BASE_URL}${link}`);
    await page.getByRole("heading", { name: "Sign in to accept" }).waitFor();
    await shoot(page, "group-accept-guest");
    await page.locator("main").getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    await page.getByLabel("Username", { exact: true }).fill(invitee.username);
    await page.getByLabel("Passphrase", { exact: true }).fill(invitee.password);
    await page.locator("form").getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${BASE_URL}${link}`);
    // The invited address is not verified yet (only verified ones count): the page says so, with
    // a way to have a new verification link sent and the addresses page.
    await page.getByRole("heading", { name: "Verify your e-mail address to accept this invitation" }).waitFor();
    await page.getByRole("button", { name: `Send a new verification link to ${invitee.email}` }).waitFor();
    await page.getByRole("link", { name: "Your e-mail addresses" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Accept invitation" }).count(), 0);
    await shoot(page, "group-accept-unverified");
    // The link from the sign-up mail, in another tab; then the invitation page is reloaded.
    const other = await page.context().newPage();
    await other.goto(`${BASE_URL}${await mailedLink(invitee.email, "/verify")}`);
    await other.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
    await other.close();
    await page.reload();
    await page.getByText(groupName, { exact: true }).waitFor();
    await shoot(page, "group-accept");
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL(`${BASE_URL}${groupPath}/dashboard`);
    await notice(page, "Group joined").waitFor();
    await page.getByText("You are a member", { exact: true }).waitFor();

    // The link is used up now.
    await page.goto(`${BASE_URL}${link}`);
    await page.getByRole("heading", { name: "This invitation was not found or has expired" }).waitFor();
  });

  await withPage(t, async (page) => {
    await signIn(page, owner);
    await page.goto(`${BASE_URL}${groupPath}/members`);
    const members = page.getByRole("list", { name: `Members of ${groupName}` });
    await members.getByRole("link", { name: "Ivy Invitee" }).waitFor();
    await members.getByRole("link", { name: "Olive Owner (you)" }).waitFor();
    await page.getByText("No invitations waiting.").waitFor();
  });
});

test("the only owner is offered handing over instead of leaving; after making another member owner they can leave", async (t) => {
  const owner = await registerUser({ name: "Otto Owner" });
  const member = await registerUser({ name: "Mia Member" });
  const group = await createGroup(owner);
  await joinGroup(member, group.id);

  await withPage(t, async (page) => {
    await signIn(page, owner);
    await page.goto(`${BASE_URL}/groups/${group.id}/dashboard`);
    await page.getByRole("heading", { level: 1, name: group.name }).waitFor();
    // The only owner is not offered Leave (the database would refuse it: OWNER), but what to do.
    await page.getByText("You are its only owner. To leave, first make another member an owner, or delete the group.").waitFor();
    assert.equal(await page.getByRole("button", { name: "Leave group" }).count(), 0);
    await shoot(page, "group-owner-cannot-leave");

    await page.getByRole("link", { name: "Hand over ownership" }).click();
    await page.getByRole("button", { name: "Make owner: Mia Member" }).click();
    await notice(page, "Mia Member is now an owner").waitFor();
    await page.getByRole("button", { name: "Remove owner role from Mia Member" }).waitFor();

    await page.getByRole("navigation", { name: "Group sections" }).getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("button", { name: "Leave group" }).click();
    await page
      .getByRole("group", { name: `Leave ${group.name}?` })
      .getByRole("button", { name: "Leave group" })
      .click();
    await notice(page, `You left ${group.name}`).waitFor();
    await page.getByRole("button", { name: "Join group" }).waitFor();
    assert.equal(await page.locator("main").getByRole("link", { name: "Settings" }).count(), 0);
  });
});

test("visiting /groups/{id}/membership joins a public group with a notice; a private one says why not", async (t) => {
  const owner = await registerUser({ name: "Pat Owner" });
  const visitor = await registerUser({ name: "Vic Visitor" });
  const open = await createGroup(owner, { isPublic: true });
  const closed = await createGroup(owner, { isPublic: false });

  await withPage(t, async (page) => {
    await signIn(page, visitor);
    await page.goto(`${BASE_URL}/groups/${open.id}/membership`);
    await page.waitForURL(`${BASE_URL}/groups/${open.id}/dashboard`);
    await notice(page, "Group joined").waitFor();
    await page.getByText("You are a member", { exact: true }).waitFor();

    await page.goto(`${BASE_URL}/groups/${closed.id}/membership`);
    // Private and not a member: the server's answer, shown on the page.
    await page.getByRole("alert").filter({ hasText: "Group not found" }).waitFor();
    await shoot(page, "group-membership-private");
    assert.equal(new URL(page.url()).pathname, `/groups/${closed.id}/membership`);
  });
});

test("a non-owner visiting /groups/{id}/settings is sent to the group's page; the owner edits it", async (t) => {
  const owner = await registerUser({ name: "Sam Owner" });
  const member = await registerUser({ name: "Nia Member" });
  const group = await createGroup(owner);
  await joinGroup(member, group.id);

  await withPage(t, async (page) => {
    await signIn(page, member);
    await page.goto(`${BASE_URL}/groups/${group.id}/settings`);
    await page.waitForURL(`${BASE_URL}/groups/${group.id}/dashboard`);
    await page.getByRole("heading", { level: 1, name: group.name }).waitFor();
  });

  await withPage(t, async (page) => {
    await signIn(page, owner);
    await page.goto(`${BASE_URL}/groups/${group.id}/settings`);
    await page.getByRole("heading", { level: 1, name: "Group settings" }).waitFor();
    await shoot(page, "group-settings");
    await page.getByLabel("Name", { exact: true }).fill("");
    await page.getByText("Name is required").waitFor();
    await page.getByLabel("Name", { exact: true }).fill(`${group.name} renamed`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await notice(page, "Changes saved").waitFor();
    await page.getByRole("button", { name: "Delete group…" }).click();
    await page.getByRole("button", { name: "Yes, delete group" }).click();
    await page.waitForURL(`${BASE_URL}/groups`);
    await notice(page, `${group.name} renamed was deleted`).waitFor();
  });
});

test("the groups list searches, filters and remembers its layout", async (t) => {
  const owner = await registerUser({ name: "Lee Lister" });
  const stamp = Date.now().toString(36);
  await createGroup(owner, { name: `Orchard Friends ${stamp}`, type: "ORCHARD" });
  await createGroup(owner, { name: `Estate Gardeners ${stamp}`, type: "ESTATE" });

  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/groups`);
    await waitForRole(page, "bk_anonymous");
    const list = page.getByRole("list", { name: "Groups" });
    await list.getByRole("link", { name: `Orchard Friends ${stamp}` }).waitFor();
    await page.getByRole("searchbox", { name: "Search groups" }).fill(`gardeners ${stamp}`);
    // The search goes to the server once typing pauses; the other group goes when its answer comes.
    await list.getByRole("link", { name: `Orchard Friends ${stamp}` }).waitFor({ state: "detached" });
    await list.getByRole("link", { name: `Estate Gardeners ${stamp}` }).waitFor();
    await page.getByRole("searchbox", { name: "Search groups" }).fill(stamp);
    await page.getByLabel("Type").selectOption("ORCHARD");
    await list.getByRole("link", { name: `Orchard Friends ${stamp}` }).waitFor();
    await page.waitForFunction((s) => !document.body.textContent.includes(`Estate Gardeners ${s}`), stamp);
    await page.getByRole("button", { name: "List" }).click();
    await page.locator("ul.item-rows").waitFor();
    await page.getByLabel("Type").selectOption("");
    await page.getByRole("searchbox", { name: "Search groups" }).fill("");
    await shoot(page, "groups-list");
    await page.reload();
    await page.locator("ul.item-rows").waitFor();
    assert.equal(await page.getByRole("button", { name: "List" }).getAttribute("aria-pressed"), "true");
    await page.getByRole("button", { name: "Tiles" }).click();
    await shoot(page, "groups-tiles");
  });
});

test("community and people screens", async (t) => {
  const person = await registerUser({ name: "Cam Community" });
  const group = await createGroup(person, { name: `Community Growers ${Date.now().toString(36)}`, type: "GROWER" });
  await withPage(t, async (page) => {
    await page.goto(`${BASE_URL}/community`);
    await page.getByRole("heading", { level: 1, name: "Community" }).waitFor();
    await page.getByRole("heading", { name: "Sign in to meet the people" }).waitFor();
    await page.goto(`${BASE_URL}/users`);
    await page.getByRole("heading", { name: "Sign in to see people" }).waitFor();

    await signIn(page, person);
    await page.goto(`${BASE_URL}/community`);
    await page.getByRole("list", { name: "Your groups" }).getByRole("link", { name: group.name }).waitFor();
    await page.getByRole("list", { name: "Newest members" }).getByRole("link", { name: "Cam Community" }).waitFor();
    await shoot(page, "community");
    await page.goto(`${BASE_URL}/users`);
    await page.getByRole("list", { name: "People" }).getByRole("link", { name: "Cam Community" }).waitFor();
    await shoot(page, "users");
    await page.getByRole("list", { name: "People" }).getByRole("link", { name: "Cam Community" }).click();
    await page.getByRole("heading", { level: 1, name: /Cam Community/ }).waitFor();
    await page.getByRole("list", { name: "Groups of Cam Community" }).getByRole("link", { name: group.name }).waitFor();
    await shoot(page, "user-dashboard");
    await page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Badges" }).click();
    await page.getByRole("list", { name: "Badges of Cam Community" }).waitFor();
    await shoot(page, "user-badges");
  });
});

test("a group's activity, things and devices tabs show what its members look after", async (t) => {
  const owner = await registerUser({ name: "Gill Gardener" });
  const group = await createGroup(owner, { name: `Riverside Carers ${Date.now().toString(36)}` });
  const things = [];
  for (const [name, type] of [
    ["Bridge Planter", "PLANTER"],
    ["Old Oak", "TREE"],
    ["Station Bench", "BENCH"],
  ]) {
    const data = await gql(
      owner,
      `mutation E2eThing($groupId: UUID!, $name: String!, $type: ThingType!) {
        createThing(input: { groupId: $groupId, name: $name, type: $type, location: { x: 51.4543, y: -0.9781 }, isPublic: true, locationDescription: "By the river path" }) { thing { id } }
      }`,
      { groupId: group.id, name, type },
    );
    things.push(data.createThing.thing.id);
  }
  await gql(
    owner,
    `mutation E2eDevice($thingId: UUID!, $deviceId: String!) {
      createDevice(input: { model: LSE01, name: "Planter probe", deviceId: $deviceId, isPublic: true, location: { x: 51.4543, y: -0.9781 }, thingId: $thingId }) { device { id } }
    }`,
    { thingId: things[0], deviceId: `eui-${Date.now().toString(16)}` },
  );
  for (const [type, comments] of [
    ["WATERING", "Gave the planter two cans."],
    ["LITTER_CLEANUP", "Picked up litter around the oak."],
  ]) {
    await gql(
      owner,
      `mutation E2eAction($thingId: UUID!, $type: ActionType!, $comments: String!) {
        createAction(input: { action: { thingId: $thingId, type: $type, comments: $comments } }) { action { id } }
      }`,
      { thingId: type === "WATERING" ? things[0] : things[1], type, comments },
    );
  }

  await withPage(t, async (page) => {
    await signIn(page, owner);
    await page.goto(`${BASE_URL}/groups/${group.id}/activity`);
    const activity = page.getByRole("list", { name: `Activity of ${group.name}` });
    await activity.getByText("Picked up litter around the oak.").waitFor();
    await activity.getByText("Gave the planter two cans.").waitFor();
    // Newest first.
    const texts = await activity.locator(".activity-comments").allTextContents();
    assert.deepEqual(texts.slice(0, 2), ["Picked up litter around the oak.", "Gave the planter two cans."]);
    await shoot(page, "group-activity");

    await page.goto(`${BASE_URL}/groups/${group.id}/things`);
    const list = page.getByRole("list", { name: `Things of ${group.name}` });
    await list.getByRole("link", { name: "Old Oak" }).waitFor();
    assert.equal(await list.getByRole("listitem").count(), 3);
    await shoot(page, "group-things");

    await page.goto(`${BASE_URL}/groups/${group.id}/devices`);
    await page
      .getByRole("list", { name: `Devices of ${group.name}` })
      .getByRole("link", { name: "Planter probe" })
      .waitFor();
    await page.getByText("on Bridge Planter").waitFor();
    await shoot(page, "group-devices");

    await page.goto(`${BASE_URL}/groups/${group.id}/tasks`);
    await page.getByRole("link", { name: "Create a task" }).waitFor();
  });
});

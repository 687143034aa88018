// Browser tests of devices, readings and the pump (issue 6): registering a device on a thing through
// the form (with the device id's instant validation), uplinks through the TTN webhook showing as
// values and charts and updating live, the Uno's pump switch (simulated downlink), owner-only
// settings, and sharing a device by e-mail invitation. Things and devices are arranged through
// the API so each test stays short. BASE_URL names the server; TTN_WEBHOOK_SECRET its webhook
// secret. With DEVICES_SCREENSHOTS=<dir> a last test saves screenshots of the screens there.
import assert from "node:assert/strict";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import {
  BASE_URL,
  registerUser,
  uniqueUsername,
  withPage,
  startSignedIn,
  liveEvents,
  pokeUntil,
  touchThing,
  untilStill,
} from "./helpers.mjs";

const SECRET = process.env.TTN_WEBHOOK_SECRET || "e2e-ttn-secret";
const SHOTS = process.env.DEVICES_SCREENSHOTS;
const READING = { x: 51.4543, y: -0.9781 };

async function gql(query, variables = {}, token) {
  const operationName = /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ operationName, query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(`${operationName}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

function unique(prefix) {
  return `${prefix} ${uniqueUsername("x")
    .slice(1, 9)
    .replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)])}`;
}

let euiCounter = 0;
/** A device id nobody has registered: eui- and 16 hex digits. */
function newEui() {
  euiCounter += 1;
  const stamp = (Date.now() % 0xffffffff).toString(16).padStart(8, "0");
  return `eui-a840${stamp}${String(euiCounter).padStart(4, "0")}`;
}

async function newThing(token, name = unique("Planter")) {
  const group = (
    await gql(
      `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`,
      { name: unique("Growers") },
      token,
    )
  ).createGroup.group;
  return (
    await gql(
      `mutation CreateThing($input: CreateThingInput!) { createThing(input: $input) { thing { id name } } }`,
      { input: { groupId: group.id, name, type: "PLANTER", location: READING, isPublic: true } },
      token,
    )
  ).createThing.thing;
}

async function newDevice(token, { model = "LSE01", name = unique("Probe"), thingId = null, isPublic = true, indicatorParameter } = {}) {
  const data = await gql(
    `mutation CreateDevice($input: CreateDeviceInput!) { createDevice(input: $input) { device { id deviceId name } } }`,
    { input: { model, name, deviceId: newEui(), isPublic, location: READING, thingId, indicatorParameter } },
    token,
  );
  return data.createDevice.device;
}

/** The 11-byte LSE01 payload (hex) for these values. */
function lse01Hex({ water, temperature = 12.5, conductivity = 200, battery = 3.338 }) {
  const bytes = Buffer.alloc(11);
  bytes.writeUInt16BE(Math.round(battery * 1000) & 0x3fff, 0);
  bytes.writeInt16BE(Math.round(temperature * 10), 2);
  bytes.writeUInt16BE(Math.round(water * 100), 4);
  bytes.writeInt16BE(Math.round(temperature * 100), 6);
  bytes.writeUInt16BE(conductivity, 8);
  bytes.writeUInt8(0x10, 10);
  return bytes.toString("hex");
}

/** The 11-byte LSPH01 payload (hex) for these values. */
function lsph01Hex({ ph, temperature = 12.5, battery = 3.4 }) {
  const bytes = Buffer.alloc(11);
  bytes.writeUInt16BE(Math.round(battery * 1000) & 0x3fff, 0);
  bytes.writeInt16BE(Math.round(temperature * 10), 2);
  bytes.writeUInt16BE(Math.round(ph * 100), 4);
  bytes.writeInt16BE(Math.round(temperature * 10), 6);
  return bytes.toString("hex");
}

let fCnt = 100;
/** Posts one The Things Stack uplink to the webhook, as the network server would. */
async function postUplink(deviceId, payloadHex, receivedAt = new Date()) {
  fCnt += 1;
  const body = {
    end_device_ids: { device_id: deviceId, application_ids: { application_id: "stewards-soil" }, dev_eui: deviceId.slice(4).toUpperCase() },
    received_at: receivedAt.toISOString(),
    uplink_message: {
      f_port: 2,
      f_cnt: fCnt,
      frm_payload: Buffer.from(payloadHex, "hex").toString("base64"),
      rx_metadata: [{ gateway_ids: { gateway_id: "town-gw-01" }, rssi: -97, channel_rssi: -97, snr: 6.5 }],
      received_at: receivedAt.toISOString(),
    },
  };
  const response = await fetch(`${BASE_URL}/webhooks/ttn`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${SECRET}` },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 201, `webhook answered ${response.status}: ${await response.text()}`);
}

/** Resolves once the page has sent a graphql-ws subscribe message (the live updates are on). */
function subscribed(page) {
  return new Promise((resolve) => {
    page.on("websocket", (ws) => {
      ws.on("framesent", (frame) => {
        const text = typeof frame.payload === "string" ? frame.payload : frame.payload.toString();
        if (text.includes('"type":"subscribe"')) resolve();
      });
    });
  });
}

async function mailedLink(to, path, timeout = 20_000) {
  const dir = process.env.MAIL_OUTBOX_DIR;
  assert.ok(dir, "MAIL_OUTBOX_DIR is not set");
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const files = (await readdir(dir).catch(() => []))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .reverse();
    for (const file of files) {
      const record = JSON.parse(await readFile(join(dir, file), "utf8"));
      const link = record.to === to && record.links?.find((l) => l.includes(path));
      if (link) {
        const url = new URL(link);
        return `${BASE_URL}${url.pathname}${url.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} with a ${path} link`);
}

const pathOf = (page) => new URL(page.url()).pathname;

test("a device registered on a thing through the form shows its uplinks as values and charts, live", async (t) => {
  const owner = await registerUser({ name: "Robin Gardener" });
  const thing = await newThing(owner.token, unique("Riverside Planter"));
  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/devices/new`);
    await page.getByRole("heading", { level: 1, name: "Register a device" }).waitFor();

    await page.getByRole("radio", { name: /LSE01 soil moisture/ }).check();
    const name = unique("Bed probe");
    await page.getByLabel("Name", { exact: true }).fill(name);
    const deviceIdField = page.getByLabel("Device id", { exact: true });
    // A bad id is refused as it is typed, with the database's message.
    await deviceIdField.fill("a84041000000a1b2");
    await page.getByText("Device id must start with eui-").waitFor();
    await deviceIdField.fill("eui-has space");
    await page.getByText("Device id may contain only letters, numbers, underscores and hyphens").waitFor();
    const eui = newEui();
    await deviceIdField.fill(eui);
    await page.getByText("Device id must start with eui-").waitFor({ state: "detached" });
    assert.equal(await page.locator(".field-error").count(), 0);

    // Fitting it to the thing lends the thing's location.
    await page.getByLabel("Thing it is fitted to").selectOption(thing.id);
    assert.equal(await page.getByLabel("Latitude").inputValue(), String(READING.x));
    assert.equal(await page.getByLabel("Longitude").inputValue(), String(READING.y));
    await page.getByRole("button", { name: "Register device" }).click();

    await page.waitForURL(/\/devices\/[0-9a-f-]{36}$/);
    const deviceUuid = pathOf(page).split("/").pop();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.getByText(`${name} was registered`).waitFor();
    await page.getByRole("link", { name: thing.name }).waitFor();
    await page.getByRole("region", { name: "Readings over time", exact: true }).getByText("No readings yet.").waitFor();

    // A second registration of the same id is refused by the server, next to the field.
    await page.goto(`${BASE_URL}/devices/new`);
    await page.getByRole("radio", { name: /LSE01 soil moisture/ }).check();
    await page.getByLabel("Name", { exact: true }).fill(unique("Twin probe"));
    await page.getByLabel("Device id", { exact: true }).fill(eui);
    await page.getByLabel("Latitude").fill("51.45");
    await page.getByLabel("Longitude").fill("-0.97");
    await page.getByRole("button", { name: "Register device" }).click();
    await page.getByText("This device is already registered").waitFor();
    assert.equal(pathOf(page), "/devices/new");

    // Two uplinks: 15 % then 45 % water.
    await postUplink(eui, lse01Hex({ water: 15 }), new Date(Date.now() - 20 * 60_000));
    await postUplink(eui, lse01Hex({ water: 45, temperature: 14.2, conductivity: 310 }), new Date(Date.now() - 10 * 60_000));

    const live = subscribed(page);
    const heard = liveEvents(page);
    await page.goto(`${BASE_URL}/devices/${deviceUuid}`);
    const water = page.locator('[data-metric="water"] dd');
    await water.filter({ hasText: "45 %" }).waitFor();
    await page.locator('[data-metric="temperature"] dd').filter({ hasText: "14.2 °C" }).waitFor();
    await page.locator('[data-metric="conductivity"] dd').filter({ hasText: "310 µS/cm" }).waitFor();
    await page.locator('[data-metric="rssi"] dd').filter({ hasText: "-97 dBm" }).waitFor();
    await page.getByText("Moist", { exact: true }).first().waitFor();
    // A chart is drawn for the water readings (chart.js, loaded lazily).
    await page.locator(".readings-chart-plot canvas").first().waitFor();
    const label = await page.getByRole("img", { name: /^Water over the last 24 hours: 2 readings/ }).getAttribute("aria-label");
    assert.match(label, /latest 45 %/);
    assert.match(label, /lowest 15 %, highest 45 %/);
    // The range toggle keeps the page and shows the longer window.
    await page.getByRole("radio", { name: "Last 7 days" }).click();
    await page.getByRole("img", { name: /^Water over the last 7 days/ }).waitFor();
    assert.match(page.url(), /range=7d/);

    // A third uplink shows without a reload.
    await live;
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    // The subscription listens once an event reaches the page: the thing saved again, unchanged.
    const before = heard.count;
    await pokeUntil(
      () => touchThing(thing, owner.token),
      () => heard.count > before,
      "the device page's live updates",
    );
    await postUplink(eui, lse01Hex({ water: 31 }));
    await water.filter({ hasText: "31 %" }).waitFor({ timeout: 10_000 });
    await page.getByRole("img", { name: /^Water over the last 7 days: 3 readings/ }).waitFor();
    assert.equal(await page.evaluate(() => window.__sameDocument), true);
  });
});

test("an owner switches a The Things Uno's pump on; the simulated downlink is said so", async (t) => {
  const owner = await registerUser({ name: "Sam Pumper" });
  const uno = await newDevice(owner.token, { model: "THE_THINGS_UNO", name: unique("Tank pump") });
  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    await page.goto(`${BASE_URL}/devices/${uno.id}`);
    await page.getByRole("heading", { level: 1, name: uno.name }).waitFor();
    const pump = page.getByRole("switch", { name: "Pump" });
    assert.equal(await pump.getAttribute("aria-checked"), "false");
    await pump.click();
    const notice = "Pump switched on. The downlink was simulated because The Things Stack is not configured.";
    await page.locator(".notice").filter({ hasText: notice }).waitFor();
    await page.getByRole("region", { name: "Pump", exact: true }).getByText(notice).waitFor();
    assert.equal(await pump.getAttribute("aria-checked"), "true");
    await page.getByText("The pump is on.").waitFor();

    // The server kept the state.
    const data = await gql(`query DeviceLed($id: UUID!) { deviceById(id: $id) { ledState } }`, { id: uno.id }, owner.token);
    assert.equal(data.deviceById.ledState, true);
    await page.reload();
    await page.getByText("The pump is on.").waitFor();
    assert.equal(await page.getByRole("switch", { name: "Pump" }).getAttribute("aria-checked"), "true");
  });
});

test("people who do not own a device see its page but not its settings or pump switch", async (t) => {
  const owner = await registerUser({ name: "Olive Owner" });
  const other = await registerUser({ name: "Nora Neighbour" });
  const uno = await newDevice(owner.token, { model: "THE_THINGS_UNO", name: unique("Shared pump") });
  await withPage(t, async (page) => {
    await startSignedIn(page, other);
    await page.goto(`${BASE_URL}/devices/${uno.id}/settings`);
    await page.waitForURL(`${BASE_URL}/devices/${uno.id}`);
    await page.getByRole("heading", { level: 1, name: uno.name }).waitFor();
    await page.getByText("Only the device’s owners can switch the pump.").waitFor();
    assert.equal(await page.getByRole("switch").count(), 0);
    assert.equal(await page.getByRole("link", { name: "Sharing and settings" }).count(), 0);

    await page.goto(`${BASE_URL}/devices/${uno.id}/edit`);
    await page.waitForURL(`${BASE_URL}/devices/${uno.id}`);
  });
});

test("an owner shares a private device by e-mail and the invitee accepts from the link", async (t) => {
  const owner = await registerUser({ name: "Ada Owner" });
  const invitee = await registerUser({ name: "Ben Invitee" });
  const device = await newDevice(owner.token, { name: unique("Private probe"), isPublic: false });
  await withPage(t, async (page) => {
    await startSignedIn(page, owner);
    // Only verified addresses name a person in an invitation (security review #20): the owner
    // verifies theirs first, with the link from the sign-up mail.
    await page.goto(await mailedLink(owner.email, "/verify"));
    await page.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
    await page.goto(`${BASE_URL}/devices/${device.id}/settings`);
    await page.getByRole("heading", { level: 1, name: "Sharing and settings" }).waitFor();
    await page.getByRole("list", { name: "People with access" }).getByRole("link", { name: owner.name }).waitFor();

    const email = page.getByLabel("E-mail address");
    await email.fill("not-an-address");
    await page.getByText("Email must be a valid address").waitFor();
    // Inviting oneself (a verified address): the server says the person has access already (ISACS).
    await email.fill(owner.email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("This person already has access to the device").waitFor();

    await email.fill(invitee.email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`Invitation sent to ${invitee.email}`).waitFor();
    await page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem").filter({ hasText: invitee.email }).waitFor();
  });

  const link = await mailedLink(invitee.email, "/devices/accept");
  await withPage(t, async (page) => {
    // Not signed in: the link asks to sign in and comes back.
    await page.goto(link);
    await page.getByRole("heading", { name: "Sign in to accept" }).waitFor();
    const signIn = await page.getByRole("link", { name: "Sign in", exact: true }).last().getAttribute("href");
    assert.match(signIn, /^\/signin\?next=%2Fdevices%2Faccept/);

    // Signed in, but the invited address is not verified yet: the page says so and offers a new
    // verification link (too soon after the sign-up mail) and the addresses page.
    await startSignedIn(page, invitee);
    await page.goto(link);
    await page.getByRole("heading", { name: "Verify your e-mail address to accept this invitation" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Accept invitation" }).count(), 0);
    await page.getByRole("link", { name: "Your e-mail addresses" }).waitFor();
    await page.getByRole("button", { name: `Send a new verification link to ${invitee.email}` }).click();
    await page.getByText("We sent a link to this address less than a minute ago.", { exact: false }).waitFor();

    // The link from the sign-up mail, opened in another tab; then "check again" here.
    const other = await page.context().newPage();
    await other.goto(await mailedLink(invitee.email, "/verify"));
    await other.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
    await other.close();
    await page.getByRole("button", { name: "I have verified it: check again" }).click();
    await page.getByText(device.name).waitFor();
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL(`${BASE_URL}/devices/${device.id}`);
    await page.getByText(`You now have access to ${device.name}`).waitFor();
    await page.getByRole("heading", { level: 1, name: device.name }).waitFor();

    // The link is used up now.
    await page.goto(link);
    await page.getByRole("heading", { name: "This invitation was not found or has expired" }).waitFor();
  });
});

test("screenshots of the device screens", { skip: !SHOTS }, async (t) => {
  await mkdir(SHOTS, { recursive: true });
  const owner = await registerUser({ name: "Robin Gardener" });
  const friend = await registerUser({ name: "Alex Friend" });
  const thing = await newThing(owner.token, "Riverside Planter");
  const probe = await newDevice(owner.token, { name: "Riverside soil probe", thingId: thing.id });
  const ph = await newDevice(owner.token, { model: "LSPH01", name: "Orchard pH probe", indicatorParameter: "PH" });
  const idle = await newDevice(owner.token, { model: "LSPH01", name: "Spare pH probe", indicatorParameter: "PH" });
  const uno = await newDevice(owner.token, { model: "THE_THINGS_UNO", name: "Water butt pump", thingId: thing.id });
  await newDevice(owner.token, { name: "Allotment probe", isPublic: false });
  // Two days of readings every 45 minutes: drying out, then watered.
  const now = Date.now();
  for (let i = 64; i >= 0; i -= 1) {
    const at = now - i * 45 * 60_000;
    const hours = (i * 45) / 60;
    const water = hours > 20 ? 24 + (hours - 20) * 0.45 : 38 + Math.sin(hours / 3) * 3 - hours * 0.2;
    const temperature = 11 + 5 * Math.sin((((at / 3600_000) % 24) / 24) * 2 * Math.PI - 1.8);
    await postUplink(
      probe.deviceId,
      lse01Hex({ water, temperature, conductivity: Math.round(260 + water * 3), battery: 3.35 - (64 - i) * 0.0005 }),
      new Date(at),
    );
  }
  for (let i = 20; i >= 0; i -= 1) {
    await postUplink(ph.deviceId, lsph01Hex({ ph: 5.6 + i * 0.01, temperature: 10 + i * 0.1 }), new Date(now - i * 3 * 3600_000));
  }
  await gql(
    `mutation Invite($deviceId: UUID!, $email: String!) { inviteToDeviceAccess(input: { deviceId: $deviceId, email: $email }) { deviceAccessInvitation { id } } }`,
    { deviceId: probe.id, email: friend.email },
    owner.token,
  );
  const shoot = async (page, file) => {
    await untilStill(page);
    await page.screenshot({ path: join(SHOTS, file), fullPage: true });
    // Long phone pages also in screen-sized parts, to look at in detail.
    const { width } = page.viewportSize();
    if (width > 500) return;
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, part = 1; y < total; y += 1000, part += 1) {
      await page.screenshot({
        path: join(SHOTS, file.replace(".png", `-part${part}.png`)),
        fullPage: true,
        clip: { x: 0, y, width, height: Math.min(1000, total - y) },
      });
    }
  };
  // Invitations are accepted from verified addresses only: the friend verifies theirs once.
  await withPage(t, async (page) => {
    await page.goto(await mailedLink(friend.email, "/verify"));
    await page.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
  });
  for (const [suffix, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ]) {
    await withPage(t, async (page) => {
      await page.setViewportSize(viewport);
      await startSignedIn(page, owner);
      await page.goto(`${BASE_URL}/devices`);
      await page.locator(".item-title").first().waitFor();
      await shoot(page, `devices-${suffix}.png`);
      await page.getByRole("button", { name: "List" }).click();
      await shoot(page, `devices-list-${suffix}.png`);
      await page.getByRole("button", { name: "Tiles" }).click();
      await page.goto(`${BASE_URL}/devices/${probe.id}`);
      await page.locator(".readings-chart-plot canvas").first().waitFor();
      await shoot(page, `device-${suffix}.png`);
      await page.goto(`${BASE_URL}/devices/${probe.id}?range=7d`);
      await page.locator(".readings-chart-plot canvas").first().waitFor();
      await shoot(page, `device-7d-${suffix}.png`);
      await page.goto(`${BASE_URL}/devices/${ph.id}`);
      await page.locator(".readings-chart-plot canvas").first().waitFor();
      await shoot(page, `device-ph-${suffix}.png`);
      await page.goto(`${BASE_URL}/devices/${idle.id}`);
      await page.getByRole("region", { name: "Readings over time", exact: true }).getByText("No readings yet.").waitFor();
      await shoot(page, `device-empty-${suffix}.png`);
      await page.goto(`${BASE_URL}/devices/${uno.id}`);
      await page.getByRole("switch", { name: "Pump" }).click();
      await page
        .getByRole("region", { name: "Pump", exact: true })
        .getByText(/^Pump switched on/)
        .waitFor();
      await shoot(page, `device-uno-${suffix}.png`);
      await page.goto(`${BASE_URL}/devices/new`);
      await page.getByRole("heading", { level: 1, name: "Register a device" }).waitFor();
      await page.getByRole("button", { name: "Register device" }).click();
      await shoot(page, `device-new-errors-${suffix}.png`);
      await page.goto(`${BASE_URL}/devices/${probe.id}/edit`);
      await page.getByRole("heading", { level: 1, name: "Edit device" }).waitFor();
      await shoot(page, `device-edit-${suffix}.png`);
      await page.goto(`${BASE_URL}/devices/${probe.id}/settings`);
      await page.getByRole("list", { name: "Pending invitations" }).waitFor();
      await shoot(page, `device-settings-${suffix}.png`);
      await page.goto(`${BASE_URL}/devices/accept?id=${crypto.randomUUID()}&code=abc`);
      await page.getByRole("heading", { name: "This invitation was not found or has expired" }).waitFor();
      await shoot(page, `device-accept-missing-${suffix}.png`);
    });
    await withPage(t, async (page) => {
      await page.setViewportSize(viewport);
      await startSignedIn(page, friend);
      await page.goto(await mailedLink(friend.email, "/devices/accept"));
      await page.getByRole("button", { name: "Accept invitation" }).waitFor();
      await shoot(page, `device-accept-${suffix}.png`);
    });
  }
});

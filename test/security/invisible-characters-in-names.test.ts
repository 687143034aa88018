// Attack (issue #20): names holding zero-width or text-direction (bidi) characters look like
// other names (an "admin" that is not, a thing whose name reads backwards after a U+202E).
// People's names and the names of groups, things and devices refuse them with one clear
// message, in the form (shared/validation.ts, used by the web forms) and again in the database
// (app_hidden.check_name / check_label via app_hidden.has_invisible_characters).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { randomUUID } from "node:crypto";
import { startTestServer, gql, signUp, newUserDetails, withOwner, SIGN_UP } from "../../server/test/harness.ts";
import { MESSAGES, validateLabel, validateName, validateUsername, hasInvisibleCharacters } from "../../shared/validation.ts";
import { validateLabel as thingFormLabel } from "../../web/src/features/things/thing-form.ts";
import { validateLabel as groupFormLabel } from "../../web/src/features/groups/meta.ts";
import { validateLabel as deviceFormLabel } from "../../web/src/features/devices/device-meta.ts";

const INVISIBLE = "Name must not contain invisible or text-direction characters";

// One of each kind named in the review, and a few more of the same family.
const CHARACTERS: [string, string][] = [
  ["U+200B zero-width space", "\u200B"],
  ["U+200C zero-width non-joiner", "\u200C"],
  ["U+200D zero-width joiner", "\u200D"],
  ["U+200E left-to-right mark", "\u200E"],
  ["U+200F right-to-left mark", "\u200F"],
  ["U+202A left-to-right embedding", "\u202A"],
  ["U+202E right-to-left override", "\u202E"],
  ["U+2066 left-to-right isolate", "\u2066"],
  ["U+2069 pop directional isolate", "\u2069"],
  ["U+FEFF byte order mark", "\uFEFF"],
  ["U+061C Arabic letter mark", "\u061C"],
  ["U+180E Mongolian vowel separator", "\u180E"],
  ["U+2060 word joiner", "\u2060"],
  ["U+00AD soft hyphen", "\u00AD"],
  ["U+0009 tab", "\t"],
];

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CREATE_GROUP = `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id name } } }`;
const CREATE_THING = `mutation CreateThing($groupId: UUID!, $name: String!) { createThing(input: { groupId: $groupId, name: $name, type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: true }) { thing { id nodeId name } } }`;
const UPDATE_THING = `mutation UpdateThing($nodeId: ID!, $name: String!) { updateThing(input: { nodeId: $nodeId, thingPatch: { name: $name } }) { thing { id name } } }`;
const CREATE_DEVICE = `mutation CreateDevice($deviceId: String!, $name: String!) { createDevice(input: { model: LSE01, name: $name, deviceId: $deviceId, isPublic: true, location: { x: 51.45, y: -0.97 } }) { device { id name } } }`;
const UPDATE_ME = `mutation UpdateUserById($id: UUID!, $name: String!) { updateUserById(input: { id: $id, userPatch: { name: $name } }) { user { id name } } }`;
const ME = `query Me { currentUser { id name } }`;

const eui = () => `eui-${randomUUID().replace(/-/g, "").slice(0, 16)}`;

describe("the database refuses invisible characters in names", () => {
  it.each(CHARACTERS)("%s in a person's name, at sign-up and in the profile", async (_label, ch) => {
    const details = { ...newUserDetails("inv"), name: `Ann${ch}Smith` };
    const r = await gql(server.url, SIGN_UP, details);
    expect(r.errors?.[0]).toMatchObject({ message: INVISIBLE, extensions: { code: "INVLD" } });
    const { rows } = await withOwner(server.databaseUrl, (c) =>
      c.query("select count(*)::int as n from app_public.users where username = $1", [details.username]),
    );
    expect(rows[0].n).toBe(0);

    const user = await signUp(server.url);
    const me = (await gql(server.url, ME, {}, user.token)).data.currentUser;
    const updated = await gql(server.url, UPDATE_ME, { id: me.id, name: `Ann${ch}Smith` }, user.token);
    expect(updated.errors?.[0]).toMatchObject({ message: INVISIBLE, extensions: { code: "INVLD" } });
    expect((await gql(server.url, ME, {}, user.token)).data.currentUser.name).toBe(me.name);
  });

  it.each(CHARACTERS)("%s in the name of a group, a thing and a device", async (_label, ch) => {
    const user = await signUp(server.url);
    const group = await gql(server.url, CREATE_GROUP, { name: `Growers${ch} Club` }, user.token);
    expect(group.errors?.[0]).toMatchObject({ message: INVISIBLE, extensions: { code: "INVLD" } });

    const groupId = (await gql(server.url, CREATE_GROUP, { name: "Visible Growers" }, user.token)).data.createGroup.group.id;
    const thing = await gql(server.url, CREATE_THING, { groupId, name: `Planter${ch}` }, user.token);
    expect(thing.errors?.[0]).toMatchObject({ message: INVISIBLE, extensions: { code: "INVLD" } });
    const good = (await gql(server.url, CREATE_THING, { groupId, name: "Planter" }, user.token)).data.createThing.thing;
    const renamed = await gql(server.url, UPDATE_THING, { nodeId: good.nodeId, name: `${ch}Planter` }, user.token);
    expect(renamed.errors?.[0]).toMatchObject({ message: INVISIBLE, extensions: { code: "INVLD" } });

    const device = await gql(server.url, CREATE_DEVICE, { deviceId: eui(), name: `Probe ${ch}one` }, user.token);
    expect(device.errors?.[0]).toMatchObject({ message: INVISIBLE, extensions: { code: "INVLD" } });
  });

  it("visible names still pass: accents, typographic apostrophes, other scripts, emoji in labels", async () => {
    const user = await signUp(server.url, { ...newUserDetails("vis"), name: "Zoë O’Brien-Núñez" });
    expect((await gql(server.url, ME, {}, user.token)).data.currentUser.name).toBe("Zoë O’Brien-Núñez");
    const group = await gql(server.url, CREATE_GROUP, { name: "Gärtner & Co. 🌻" }, user.token);
    expect(group.errors).toBeUndefined();
    const thing = await gql(server.url, CREATE_THING, { groupId: group.data.createGroup.group.id, name: "حديقة المجتمع" }, user.token);
    expect(thing.errors).toBeUndefined();
    const device = await gql(server.url, CREATE_DEVICE, { deviceId: eui(), name: "Probe №1 (north bed)" }, user.token);
    expect(device.errors).toBeUndefined();
  });

  it("usernames never admitted them", async () => {
    const r = await gql(server.url, SIGN_UP, { ...newUserDetails("inv"), username: "ad\u200Bmin" });
    expect(r.errors?.[0]).toMatchObject({ message: MESSAGES.usernameCharacters, extensions: { code: "INVLD" } });
  });

  it("the database's list of characters is the form's", async () => {
    const samples = [
      ...CHARACTERS.map(([, ch]) => ch),
      "\u0001",
      "\u007F",
      "\u0085",
      "\u034F",
      "\u115F",
      "\u17B4",
      "\u202D",
      "\u206F",
      "\u3164",
      "\uFFA0",
      "\uFFFB",
      "a",
      "é",
      "’",
      " ",
      "\u00A0",
      "\u2019",
      "\uFE0F",
      "🌻",
      "ا",
    ];
    const { rows } = await withOwner(server.databaseUrl, (c) =>
      c.query("select s, app_hidden.has_invisible_characters(s) as bad from unnest($1::text[]) s", [samples]),
    );
    for (const { s, bad } of rows) expect([s, bad]).toEqual([s, hasInvisibleCharacters(s)]);
  });
});

describe("the forms refuse them with the same message, in the same order", () => {
  it.each(CHARACTERS)("%s", (_label, ch) => {
    expect(validateName(`Ann${ch}Smith`)).toBe(INVISIBLE);
    expect(validateName(`ab${ch}`)).toBe(INVISIBLE);
    for (const label of [validateLabel, thingFormLabel, groupFormLabel, deviceFormLabel]) {
      expect(label(`Planter${ch}`)).toBe(INVISIBLE);
      expect(label(`${ch}Planter`)).toBe(INVISIBLE);
    }
    expect(validateUsername(`ad${ch}min`)).toBe(MESSAGES.usernameCharacters);
  });

  it("length comes first, as in the database; visible names pass", () => {
    expect(validateName("a\u200B")).toBe(MESSAGES.nameLength);
    expect(validateLabel("\u200B")).toBe(MESSAGES.nameLength);
    expect(MESSAGES.nameInvisible).toBe(INVISIBLE);
    expect(validateName("Zoë O’Brien-Núñez")).toBeNull();
    for (const label of [validateLabel, thingFormLabel, groupFormLabel, deviceFormLabel]) {
      expect(label("Gärtner & Co. 🌻")).toBeNull();
      expect(label("حديقة المجتمع")).toBeNull();
    }
  });
});

// The page's first script picks the screens whose data it asks before the app has arrived: /map,
// and a thing's page (only its tabs, only a uuid), with the route's parameters.
import { afterEach, describe, expect, it } from "vitest";
import type { Ask } from "./lib/first-data.ts";
import { LANGUAGE_STORAGE_KEY } from "./lib/i18n/reader-locale.ts";
import { sessionStore } from "./lib/session.ts";
import { guestSession, userSession } from "./test/helpers.tsx";
import { earlyLocale, earlyScreen } from "./early.ts";

const THING = "3f2b8c1e-9a4d-4c2e-8f1a-0b6d5e4c3a21";

function askedBy(pathname: string): { name: string; variables: unknown }[] {
  const asked: { name: string; variables: unknown }[] = [];
  const ask: Ask = (query, variables) => {
    asked.push({ name: (query.definitions[0] as { name?: { value: string } }).name?.value ?? "", variables });
  };
  earlyScreen(pathname)?.preload({ ask, params: earlyScreen(pathname)!.params, search: new URLSearchParams(), signedIn: true });
  return asked;
}

describe("earlyScreen", () => {
  it("finds /map and a thing's page with its parameters, and nothing else", () => {
    expect(earlyScreen("/map")?.params).toEqual({});
    expect(earlyScreen(`/things/${THING}/dashboard`)?.params).toEqual({ id: THING, tab: "dashboard" });
    for (const other of ["/", "/things", "/map/extra", "/groups/x/dashboard", `/things/${THING}`]) expect(earlyScreen(other)).toBeNull();
  });

  it("asks a thing's page's query only for one of its tabs and a uuid", () => {
    expect(askedBy(`/things/${THING}/weather`)).toEqual([{ name: "ThingPage", variables: { id: THING } }]);
    // Other screens under /things/:id/ (edit, action) and ids that cannot name a thing ask nothing.
    expect(askedBy(`/things/${THING}/edit`)).toEqual([]);
    expect(askedBy("/things/not-a-thing/dashboard")).toEqual([]);
  });
});

describe("earlyLocale", () => {
  afterEach(() => {
    sessionStore.set(null);
    localStorage.clear();
  });

  it("is the signed-in account's language, as the app will choose it", () => {
    sessionStore.set(userSession({ language: "de" }));
    expect(earlyLocale()).toBe("de");
  });

  it("follows this device's choice for a guest, whatever a guest session says", () => {
    sessionStore.set({ ...guestSession(), language: "de" });
    expect(earlyLocale()).toBe(navigator.languages.some((l) => l.startsWith("de")) ? "de" : "en-GB");
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    expect(earlyLocale()).toBe("de");
  });
});

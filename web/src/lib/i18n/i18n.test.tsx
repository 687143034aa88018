// The app in English and German (issue 25): the catalogues pair up; the language follows the
// account, else the choice made on this device, else the browser; the header's switch changes it
// at once and keeps it (in the account when signed in).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { catalogueProblems } from "../../../../shared/i18n/catalogue-check.ts";
import { failure, renderWithFakeApi } from "../../test/fake-api.tsx";
import { ALICE, fakeAuth, guestSession, renderApp, userSession } from "../../test/helpers.tsx";
import { en } from "./messages/en-GB.ts";
import { de } from "./messages/de.ts";
import { LANGUAGE_STORAGE_KEY } from "./locale-context.tsx";

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.lang = "";
});

const nav = () => screen.getByRole("navigation", { name: /^(Main|Hauptmenü)$/ });
const languageSelect = () => within(nav()).getByRole("combobox", { name: /^(Language|Sprache)$/ });
/** Found in the navigation as it is when found: a new language draws the app afresh. */
const inNav = (role: "link" | "button", name: string) => waitFor(() => within(nav()).getByRole(role, { name }));

describe("the screen texts", () => {
  it("pair up: every key in both languages, valid ICU, the same arguments", () => {
    expect(catalogueProblems(en, de, "de")).toEqual([]);
  });
});

describe("choosing the language", () => {
  it("a guest switches to German in the header: at once, kept on this device, and back to the browser's", async () => {
    renderWithFakeApi("/about", guestSession(), {}, { unknown: "empty" });
    await inNav("link", "Map");
    expect(document.documentElement.lang).toBe("en-GB");

    fireEvent.change(languageSelect(), { target: { value: "de" } });
    await inNav("link", "Karte");
    expect(await inNav("link", "Anmelden")).toBeTruthy();
    expect(document.documentElement.lang).toBe("de");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("de");

    fireEvent.change(languageSelect(), { target: { value: "" } });
    await inNav("link", "Map");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it("a choice kept on this device holds on the next visit", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "de");
    renderWithFakeApi("/about", guestSession(), {}, { unknown: "empty" });
    expect(await inNav("link", "Aufgaben")).toBeTruthy();
  });

  it("a signed-in person's choice is saved in their account", async () => {
    const app = renderWithFakeApi(
      "/about",
      userSession(),
      {
        SetLanguage: (v) => ({
          data: {
            updateUserById: { __typename: "UpdateUserPayload", user: { __typename: "User", id: v.id, language: v.language ?? null } },
          },
        }),
      },
      { unknown: "empty" },
    );
    await inNav("link", "Map");
    fireEvent.change(languageSelect(), { target: { value: "de" } });
    await inNav("link", "Karte");
    await waitFor(() => expect(app.called("SetLanguage")).toHaveLength(1));
    expect(app.called("SetLanguage")[0].variables).toEqual({ id: userSession().id, language: "de" });
    expect(app.sessionStore.get()?.language).toBe("de");
  });

  it("says so when the account could not keep it", async () => {
    const app = renderWithFakeApi("/about", userSession(), { SetLanguage: failure("An error occurred") }, { unknown: "empty" });
    await inNav("link", "Map");
    fireEvent.change(languageSelect(), { target: { value: "de" } });
    await waitFor(() => expect(app.notices.get().map((n) => n.message)).toContain("Could not save your language. Please try again."));
    expect(app.sessionStore.get()?.language).toBeNull();
  });

  it("an account set to German reads German on any device", async () => {
    const auth = fakeAuth({ currentUser: async () => ({ ...ALICE, language: "de" }) });
    renderApp({ path: "/about", session: userSession(), auth });
    expect(await inNav("button", "Abmelden")).toBeTruthy();
  });
});

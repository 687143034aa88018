// A catalogue text with a link inside it is one message: the link's words come from the text, in
// the reader's language, wherever the language puts them.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { translator } from "../../../shared/i18n/translate.ts";
import { englishT } from "../lib/i18n/english.ts";
import { de } from "../lib/i18n/messages/de.ts";
import { en, type MessageKey } from "../lib/i18n/messages/en-GB.ts";
import { drawTags, richText } from "./RichText.tsx";

afterEach(cleanup);

const link = (words: string) => <a href="/admin">{words}</a>;

describe("richText", () => {
  it("draws the tag's words with the tag's element, the rest as text", () => {
    const { container } = render(<p>{richText(englishT, "admin.noSuchUser.body", { username: "nobody" }, { link })}</p>);
    expect(container.textContent).toBe("No user has the username “nobody”. Check the spelling, or show everyone.");
    expect(screen.getByRole("link", { name: "show everyone" }).getAttribute("href")).toBe("/admin");
  });

  it("follows the language, wherever it puts the tag", () => {
    const germanT = translator<MessageKey>("de", { "en-GB": en, de });
    const { container } = render(<p>{richText(germanT, "admin.noSuchUser.body", { username: "nobody" }, { link })}</p>);
    expect(container.textContent).toBe("Niemand hat den Benutzernamen „nobody“. Prüf die Schreibweise, oder zeig alle.");
    expect(screen.getByRole("link", { name: "zeig alle" })).toBeTruthy();
  });

  it("leaves a text without tags as it is, and several tags each in place", () => {
    expect(drawTags("plain", {})).toBeTruthy();
    const { container } = render(<p>{richText(englishT, "about.weather.credit", {}, { site: link, licence: link })}</p>);
    expect(container.textContent).toBe("Weather data by Open-Meteo.com, licensed under CC BY 4.0.");
    expect(screen.getAllByRole("link").map((a) => a.textContent)).toEqual(["Open-Meteo.com", "CC BY 4.0"]);
  });
});

// A catalogue sentence with elements in it stays one message: the elements' words come from the
// text, in the reader's language, wherever the language puts them (lib/i18n/rich.tsx).
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { translator } from "../../../../shared/i18n/translate.ts";
import { englishAdminT } from "../../features/admin/texts.ts";
import { englishAboutT } from "../../features/about/texts.ts";
import { adminDe } from "./messages/admin.de.ts";
import { adminEn } from "./messages/admin.en-GB.ts";
import { PSEUDO_CLOSE, pseudoMessage } from "./pseudo.ts";
import { richText } from "./rich.tsx";
import { IntlMessageFormat } from "intl-messageformat";

const link = (words: string) => <a href="/admin">{words}</a>;

describe("richText", () => {
  it("draws a tag's words with the tag's element, the rest as text", () => {
    const { container } = render(<p>{richText(englishAdminT, "admin.noSuchUser.body", { link }, { username: "nobody" })}</p>);
    expect(container.textContent).toBe("No user has the username “nobody”. Check the spelling, or show everyone.");
    expect(screen.getByRole("link", { name: "show everyone" }).getAttribute("href")).toBe("/admin");
  });

  it("follows the language, wherever it puts the tag", () => {
    const germanT = translator("de", { "en-GB": adminEn, de: adminDe });
    const { container } = render(<p>{richText(germanT, "admin.noSuchUser.body", { link }, { username: "nobody" })}</p>);
    expect(container.textContent).toBe("Niemand hat den Benutzernamen „nobody“. Prüf die Schreibweise, oder zeig alle.");
    expect(screen.getByRole("link", { name: "zeig alle" })).toBeTruthy();
  });

  it("puts an element where its argument is, and several tags each in place", () => {
    const { container } = render(<p>{richText(englishAboutT, "about.weather.credit", { site: link, licence: link })}</p>);
    expect(container.textContent).toBe("Weather data by Open-Meteo.com, licensed under CC BY 4.0.");
    expect(screen.getAllByRole("link").map((a) => a.textContent)).toEqual(["Open-Meteo.com", "CC BY 4.0"]);
    const named = render(
      <p>{richText((key: "x") => (key === "x" ? "Delete \uE000name\uE002 for good?" : ""), "x", { name: <strong>Bed</strong> })}</p>,
    );
    expect(named.container.innerHTML).toBe("<p>Delete <strong>Bed</strong> for good?</p>");
  });

  it("marks the words after an element in the pseudo-locale, so they don't count as hard-coded", () => {
    const pseudoT = (_key: "x", values?: Record<string, unknown>) =>
      String(new IntlMessageFormat(pseudoMessage("Delete {name} for good?"), "en-GB").format(values as Record<string, string>));
    const { container } = render(<p>{richText(pseudoT, "x", { name: <strong>Bed</strong> })}</p>);
    expect(container.textContent).toBe(`⟦Đéĺéţé Bed⟦ ƒöŕ ĝööđ?${PSEUDO_CLOSE}`);
  });
});

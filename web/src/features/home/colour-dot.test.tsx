// The home page's colour dots say their colour in the reader's language (they said English
// whatever the language; found while moving thing-meta's words to a catalogue of their own, issue 27).
import { Suspense } from "react";
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { ReadingLocale } from "../../lib/i18n/locale-context.tsx";
import { ColourDot } from "./home-sections.tsx";

async function dotIn(locale: Locale) {
  await act(async () => {
    render(
      <ReadingLocale.Provider value={locale}>
        <Suspense fallback={<p>Loading</p>}>
          <ColourDot colour="orange" parameter="WATER" />
        </Suspense>
      </ReadingLocale.Provider>,
    );
  });
}

describe("ColourDot", () => {
  it("says the colour in British English", async () => {
    await dotIn("en-GB");
    expect(screen.getByText("Needs water")).toBeTruthy();
  });

  it("says the colour in German for a German reader", async () => {
    await dotIn("de");
    expect(await screen.findByText("Braucht Wasser")).toBeTruthy();
  });
});

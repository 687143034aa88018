// A feature's texts (lib/i18n/texts.ts): English at once, German fetched the first time a German
// reader's screen needs it (the screen waits, then shows German), English when it can't be fetched,
// and every feature's catalogue pairs up with its German twin without clashing with another's keys.
import { Suspense } from "react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { catalogueProblems } from "../../../../shared/i18n/catalogue-check.ts";
import { ReadingLocale, useT } from "./locale-context.tsx";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { en } from "./messages/en-GB.ts";
import { pseudoMessage } from "./pseudo.ts";
import { defineTexts, englishOf, setPseudoRewrite, type Texts } from "./texts.ts";

afterEach(() => {
  cleanup();
  setPseudoRewrite(null);
});

const sampleEn = { "sample.count": "{count, plural, one {# thing needs water} other {# things need water}}" } as const;
const sampleDe = { "sample.count": "{count, plural, one {# Objekt braucht Wasser} other {# Objekte brauchen Wasser}}" };

function Count({ texts, count }: { texts: Texts<keyof typeof sampleEn>; count: number }) {
  const t = useT(texts);
  return (
    <p>
      {t("sample.count", { count })} · {t("header.map")}
    </p>
  );
}

/** Drawn inside an awaited act, as a screen that may wait for its texts must be. */
async function inLocale(locale: Locale, texts: Texts<keyof typeof sampleEn>, count: number) {
  await act(async () => {
    render(
      <ReadingLocale.Provider value={locale}>
        <Suspense fallback={<p>Loading</p>}>
          <Count texts={texts} count={count} />
        </Suspense>
      </ReadingLocale.Provider>,
    );
  });
}

describe("a feature's texts", () => {
  it("are British English at once, with the shell's keys beside them", async () => {
    let fetched = 0;
    const texts = defineTexts(sampleEn, { de: async () => (fetched++, sampleDe) });
    await inLocale("en-GB", texts, 3);
    expect(screen.getByText("3 things need water · Map")).toBeTruthy();
    expect(fetched).toBe(0);
    expect(englishOf(texts)("sample.count", { count: 1 })).toBe("1 thing needs water");
  });

  it("make a German reader's screen wait for the German, fetched once", async () => {
    let fetched = 0;
    const texts = defineTexts(sampleEn, { de: async () => (fetched++, sampleDe) });
    await inLocale("de", texts, 2);
    expect(await screen.findByText(/^2 Objekte brauchen Wasser · (Map|Karte)$/)).toBeTruthy();
    cleanup();
    await inLocale("de", texts, 1);
    expect(screen.getByText(/^1 Objekt braucht Wasser · (Map|Karte)$/)).toBeTruthy();
    expect(fetched).toBe(1);
  });

  it("fall back to English when the German can't be fetched (offline), without waiting again", async () => {
    let fetched = 0;
    const texts = defineTexts(sampleEn, { de: () => (fetched++, Promise.reject(new Error("offline"))) });
    await inLocale("de", texts, 2);
    expect(await screen.findByText("2 things need water · Map")).toBeTruthy();
    cleanup();
    await inLocale("de", texts, 1);
    expect(screen.getByText("1 thing needs water · Map")).toBeTruthy();
    expect(fetched).toBe(1);
  });

  it("are accented by the pseudo-locale, like the shell's", async () => {
    const texts = defineTexts(sampleEn, { de: async () => sampleDe });
    setPseudoRewrite(pseudoMessage);
    await inLocale("en-GB", texts, 2);
    expect(screen.getByText("⟦2 ţĥíñĝš ñééđ ŵàţéŕ⟧ · ⟦Ṁàþ⟧")).toBeTruthy();
  });
});

describe("every feature's catalogue", () => {
  const english = import.meta.glob<Record<string, Record<string, string>>>("./messages/*.en-GB.ts", { eager: true });
  const german = import.meta.glob<Record<string, Record<string, string>>>("./messages/*.de.ts", { eager: true });
  const only = (module: Record<string, Record<string, string>>) => Object.values(module).find((v) => typeof v === "object")!;

  it("has a German twin with every key, valid ICU and the same arguments", () => {
    expect(Object.keys(english).length).toBeGreaterThan(1);
    for (const [file, module] of Object.entries(english)) {
      const twin = german[file.replace(/\.en-GB\.ts$/, ".de.ts")];
      expect(twin, `${file} has no .de.ts twin`).toBeTruthy();
      expect(catalogueProblems(only(module), only(twin), "de"), file).toEqual([]);
    }
  });

  it("uses keys no other catalogue (nor the shell) uses", () => {
    const owner = new Map(Object.keys(en).map((key) => [key, "messages/en-GB.ts"]));
    for (const [file, module] of Object.entries(english)) {
      for (const key of Object.keys(only(module))) {
        expect(owner.get(key), `${key} in ${file}`).toBeUndefined();
        owner.set(key, file);
      }
    }
  });
});

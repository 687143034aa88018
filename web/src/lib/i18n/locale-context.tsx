// The language the app speaks to this reader (issue 25): their account's choice when signed in
// (users.language), else what they chose on this device, else their browser's first language we
// speak (shared/i18n/locales.ts). British English ships with the app; German is a chunk of its
// own, loaded when someone reads in German (English shows meanwhile, for a moment).
import { createContext, Fragment, use, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useMutation } from "urql";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../../shared/i18n/locales.ts";
import type { MessageValues } from "../../../../shared/i18n/translate.ts";
import { addNoticeTexts } from "../../../../shared/i18n/notices/index.ts";
import { resolveDateSettings, setDateSettings } from "../dates.ts";
import { useSession } from "../session-context.tsx";
import type { MessageKey } from "./messages/en-GB.ts";
import { shellTexts, type T } from "./english.ts";
import { setPseudoRewrite, type Texts } from "./texts.ts";
import { browserLanguages, dateLocale, LANGUAGE_STORAGE_KEY, readerLocale, storedChoice } from "./reader-locale.ts";
import { SetLanguageDocument as setLanguageMutation } from "./SetLanguage.generated.ts";
import { makeMessageTranslator, setServerMessageTranslator, type MessageTranslator } from "./server-messages.ts";

/** Where a guest's (or a not yet saved) choice is kept on this device (reader-locale.ts). */
export { LANGUAGE_STORAGE_KEY } from "./reader-locale.ts";
/** "1": British English shown as the pseudo-locale (lib/i18n/pseudo.ts), to find hard-coded text. */
export const PSEUDO_STORAGE_KEY = "steward.pseudoLocale";

interface Loaded {
  locale: Locale;
  /** How the server's English messages are said (null: as written). */
  serverMessages: MessageTranslator | null;
}
const ENGLISH: Loaded = { locale: DEFAULT_LOCALE, serverMessages: null };
const loaders: Record<Locale, () => Promise<Loaded>> = {
  "en-GB": async () => {
    if (pseudoWanted()) setPseudoRewrite((await import("./pseudo.ts")).pseudoMessage);
    return ENGLISH;
  },
  de: async () => {
    const [, { knownEn }, { knownDe }, notices] = await Promise.all([
      shellTexts.load("de"),
      import("./known-texts/en-GB.ts"),
      import("./known-texts/de.ts"),
      import("../../../../shared/i18n/notices/de.ts"),
    ]);
    addNoticeTexts("de", notices.de);
    return { locale: "de", serverMessages: makeMessageTranslator("de", knownEn, knownDe) };
  },
};

/** The language the texts are shown in (British English outside the app's providers: a unit test of one part). */
export const ReadingLocale = createContext<Locale>(DEFAULT_LOCALE);

export interface LocaleContextValue {
  locale: Locale;
  /** The reader's own choice (null: follow the browser). */
  choice: Locale | null;
  /** Changes the language now, keeps it on this device, and in the account when signed in. */
  choose(locale: Locale | null): Promise<{ saved: boolean }>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

function pseudoWanted(): boolean {
  try {
    return globalThis.localStorage?.getItem(PSEUDO_STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

export function LocaleProvider({ children, languages = browserLanguages() }: { children: ReactNode; languages?: readonly string[] }) {
  const { session, signedIn, store } = useSession();
  const [deviceChoice, setDeviceChoice] = useState<Locale | null>(storedChoice);
  const [, setLanguage] = useMutation(setLanguageMutation);
  const accountChoice = signedIn && isLocale(session?.language) ? session.language : null;
  const choice = accountChoice ?? deviceChoice;
  const locale = readerLocale(accountChoice, deviceChoice, languages);
  // A German reader's first screen waits for the German texts (a few kilobytes) rather than
  // flashing English; after that, a switch shows the old language until the new one is here.
  const [loaded, setLoaded] = useState<Loaded | null>(() => (locale === DEFAULT_LOCALE && !pseudoWanted() ? ENGLISH : null));

  useEffect(() => {
    let current = true;
    loaders[locale]().then(
      (next) => current && setLoaded(next),
      // Offline without the chunk: English rather than nothing.
      () => current && setLoaded((was) => was ?? ENGLISH),
    );
    return () => {
      current = false;
    };
  }, [locale]);

  // Dates and the page's language follow the text that is showing.
  const shown = loaded?.locale ?? DEFAULT_LOCALE;
  // Set while rendering, before the children read errors in the new language.
  setServerMessageTranslator(loaded?.serverMessages ?? null);
  useEffect(() => {
    document.documentElement.lang = shown;
    setDateSettings(
      resolveDateSettings([dateLocale(shown)], shown === "de" ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined),
    );
  }, [shown]);

  const choose = useCallback(
    async (next: Locale | null) => {
      try {
        if (next) localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
        else localStorage.removeItem(LANGUAGE_STORAGE_KEY);
      } catch {
        // Private browsing without storage: the choice lasts for this visit.
      }
      setDeviceChoice(next);
      if (!signedIn || !session) return { saved: true };
      const previous = session.language;
      store.update({ language: next });
      const result = await setLanguage({ id: session.id, language: next });
      if (result.error || !result.data?.updateUserById?.user) {
        store.update({ language: previous });
        return { saved: false };
      }
      return { saved: true };
    },
    [signedIn, session, store, setLanguage],
  );

  const value = useMemo(() => ({ locale: shown, choice, choose }), [shown, choice, choose]);
  if (!loaded) return null;
  return (
    <LocaleContext.Provider value={value}>
      <ReadingLocale.Provider value={shown}>
        {/* A new language draws the app afresh. */}
        <Fragment key={shown}>{children}</Fragment>
      </ReadingLocale.Provider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error("useLocale needs a LocaleProvider");
  return value;
}

/**
 * `t(key, values)`: a screen text in the reader's language. A feature passes its own texts
 * (`useT(thingsTexts)`, or two or three when a screen shows another feature's too): their keys
 * join the shell's, and a German reader's screen waits for their German (suspending to the
 * route's loading state) the first time.
 */
export function useT(): T;
export function useT<A extends string>(a: Texts<A>): T<MessageKey | A>;
export function useT<A extends string, B extends string>(a: Texts<A>, b: Texts<B>): T<MessageKey | A | B>;
export function useT<A extends string, B extends string, C extends string>(
  a: Texts<A>,
  b: Texts<B>,
  c: Texts<C>,
): T<MessageKey | A | B | C>;
export function useT(...list: Texts<string>[]): T<string> {
  const locale = useContext(ReadingLocale);
  // The same list in every render of a component; the callback changes only with the language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts a component passes are the same every render; the list itself is the dependency
  const stable = useMemo(() => list, list);
  const t = useCallback(
    (key: string, values?: MessageValues) => {
      const texts = stable.find((one) => Object.hasOwn(one.en, key));
      return texts ? texts.format(locale, key, values) : shellTexts.format(locale, key as MessageKey, values);
    },
    [stable, locale],
  );
  // Another language's texts are waited for on every render, not only until they are here: React
  // replays a screen that waited, and the replay must make the same calls (else the hooks after
  // it are "updated" without ever having been mounted).
  if (locale !== DEFAULT_LOCALE) for (const texts of list) use(texts.load(locale));
  return t;
}

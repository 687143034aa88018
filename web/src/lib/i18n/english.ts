// The shell's screen texts (header, layout, map, panels) as a catalogue like a feature's
// (lib/i18n/texts.ts), always in the first page; and British English without React, the default
// of pure helpers that take a `t` (components pass useT()'s, in the reader's language).
import { en, type MessageKey } from "./messages/en-GB.ts";
import { defineTexts, englishOf, type Texts } from "./texts.ts";
import type { MessageValues } from "../../../../shared/i18n/translate.ts";

/** A screen text by its key, with its values. */
export type T<K extends string = MessageKey> = (key: K, values?: MessageValues) => string;

export const shellTexts = defineTexts(en, { de: () => import("./messages/de.ts").then((m) => m.de) });

export const englishT: T = englishOf(shellTexts);

/** British English for the shell's keys and a feature's (or two's): the default of that feature's pure helpers. */
export function englishWith<A extends string, B extends string = never>(a: Texts<A>, b?: Texts<B>): T<MessageKey | A | B> {
  return (key, values) => {
    const texts = [a, b].find((one) => one && Object.hasOwn(one.en, key)) as Texts<string> | undefined;
    return texts ? texts.format("en-GB", key, values) : shellTexts.format("en-GB", key as MessageKey, values);
  };
}

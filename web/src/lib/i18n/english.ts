// The screen texts in British English without React: the default of pure helpers that take a `t`
// (components pass useT()'s, in the reader's language).
import { translator, type MessageValues } from "../../../../shared/i18n/translate.ts";
import { en, type MessageKey } from "./messages/en-GB.ts";

/** A screen text by its key, with its values. */
export type T<K extends string = MessageKey> = (key: K, values?: MessageValues) => string;

export const englishT: T = translator<MessageKey>("en-GB", { "en-GB": en, de: en });

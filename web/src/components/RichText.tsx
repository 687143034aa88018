// A catalogue sentence with links (or other elements) inside it, without cutting the sentence
// into pieces a translator cannot reorder: each element goes in as a placeholder ({link}), the
// translated text is split where the placeholders landed, and the elements are put back there.
import { Fragment, type ReactNode } from "react";
import type { MessageValues } from "../../../shared/i18n/translate.ts";
import type { T } from "../lib/i18n/english.ts";
import type { MessageKey } from "../lib/i18n/messages/en-GB.ts";

/** Placeholder marks: control characters no message or user value contains. */
const MARK = "\u0001";

export function richText(t: T, key: MessageKey, values: MessageValues, elements: Record<string, ReactNode>): ReactNode[] {
  const names = Object.keys(elements);
  const text = t(key, { ...values, ...Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`])) });
  return text
    .split(new RegExp(`${MARK}(\\d+)${MARK}`))
    .map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{elements[names[Number(part)]]}</Fragment>));
}

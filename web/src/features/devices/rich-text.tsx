// A catalogue text with elements in place of some of its arguments: "Reported {time}" with a
// <time>, "Delete {name} and its readings…" with the name in bold, "{link} first…" with a link.
// The catalogue's t gives strings, so each element goes in as a marker the translation leaves
// alone (arguments are never translated or accented), and the text is cut at the markers.
import { Fragment, type ReactNode } from "react";
import type { MessageValues } from "../../../../shared/i18n/translate.ts";

const MARK = "\u0001";
/** The pseudo-locale's opening mark (lib/i18n/pseudo.ts, not imported: it loads only with that locale). */
const PSEUDO_OPEN = "⟦";

export function richText<K extends string>(
  t: (key: K, values?: MessageValues) => string,
  key: K,
  elements: Record<string, ReactNode>,
  values: MessageValues = {},
): ReactNode {
  const names = Object.keys(elements);
  const markers = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`]));
  const text = t(key, { ...values, ...markers });
  const parts = text.split(new RegExp(`${MARK}(\\d+)${MARK}`));
  // In the pseudo-locale each piece of text after an element is marked too, so a check for text
  // without the mark does not take the catalogue's own words for hard-coded ones.
  const pseudo = text.startsWith(PSEUDO_OPEN);
  // split() with a capture group: text, index, text, index, ..., text.
  return parts.map((part, i) => {
    if (i % 2 === 1) return <Fragment key={i}>{elements[names[Number(part)]]}</Fragment>;
    if (!part) return null;
    return <Fragment key={i}>{pseudo && i > 0 && /\p{L}/u.test(part) ? `${PSEUDO_OPEN}${part}` : part}</Fragment>;
  });
}

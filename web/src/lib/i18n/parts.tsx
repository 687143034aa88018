// A catalogue sentence with elements inside it ("Created by <a>Robin</a> on Mon 14 Dec"): the
// whole sentence is one text, so a language can put the link where its word order wants it.
// Each element goes in as an argument; the text is formatted with a marker in its place and cut
// there, so the words around it stay the catalogue's (the pseudo-locale's marks included).
import { Fragment, type ReactNode } from "react";
import type { MessageKey } from "./messages/en-GB.ts";
import type { T } from "./english.ts";
import type { MessageValues } from "../../../../shared/i18n/translate.ts";

// Private-use characters: never in a catalogue text or (realistically) in user data.
const OPEN = "\uE000";
const CLOSE = "\uE001";

/** `t(key, values)` with React elements as some of the values. */
export function withParts(t: T, key: MessageKey, values: MessageValues, parts: Record<string, ReactNode>): ReactNode {
  const marked: MessageValues = { ...values };
  for (const name of Object.keys(parts)) marked[name] = `${OPEN}${name}${CLOSE}`;
  const text = t(key, marked);
  const pieces = text.split(new RegExp(`${OPEN}(\\w+)${CLOSE}`));
  // split with a capture: text, name, text, name, ..., text.
  return pieces.map((piece, i) =>
    i % 2 === 1 ? <Fragment key={i}>{parts[piece]}</Fragment> : piece ? <Fragment key={i}>{piece}</Fragment> : null,
  );
}

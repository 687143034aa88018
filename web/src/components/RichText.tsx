// A catalogue text with markup inside it (issue 25): a sentence with a link in the middle stays
// one message, "Check the spelling, or <link>show everyone</link>.", so a translation can move the
// link where its language puts it; splitting it into pieces around the link would not translate.
//
//   richText(t, "admin.noSuchUser.body", { username }, { link: (words) => <Link to="/admin">{words}</Link> })
//
// It works with any `t` (the shell's or a feature's, which return text): each tag's words come
// back between marks that cannot occur in a catalogue text, and are then drawn by the tag's
// function. Tags do not nest (none of the catalogue's texts needs it).
import { Fragment, type ReactNode } from "react";
import type { MessageValues } from "../../../shared/i18n/translate.ts";

const OPEN = "\u0001";
const CLOSE = "\u0002";

export type Tags = Record<string, (words: string) => ReactNode>;

/** `t`'s value for each tag: its words between marks that name the tag. */
function marked(tags: Tags): Record<string, (words: readonly unknown[]) => string> {
  return Object.fromEntries(
    Object.keys(tags).map((name) => [name, (words: readonly unknown[]) => `${OPEN}${name}${CLOSE}${words.join("")}${OPEN}/${name}${CLOSE}`]),
  );
}

/** A formatted text with its tags' marks, as elements. */
export function drawTags(text: string, tags: Tags): ReactNode {
  const parts: ReactNode[] = [];
  const pattern = new RegExp(`${OPEN}(\\w+)${CLOSE}([\\s\\S]*?)${OPEN}/\\1${CLOSE}`, "g");
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const draw = tags[match[1]];
    parts.push(<Fragment key={parts.length}>{draw ? draw(match[2]) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** `t(key, values)` with the tags in the text drawn by `tags`. */
export function richText<K extends string>(
  t: (key: K, values?: MessageValues) => string,
  key: K,
  values: MessageValues,
  tags: Tags,
): ReactNode {
  // The tags' functions are not MessageValues' plain values; ICU formatting takes them as tags.
  return drawTags(t(key, { ...values, ...(marked(tags) as unknown as MessageValues) }), tags);
}

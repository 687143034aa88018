// A catalogue sentence with elements inside it: "Created by {name} on {date}" with a link for the
// name, "Choose your One thing on your <link>profile</link>." with a link around a word. The whole
// sentence stays one text, so a language puts the element where its word order wants it, rather
// than the sentence being glued together from pieces around a <Link>.
//
// Each element goes in as a marker (private-use characters: never in a catalogue text, nor
// realistically in user data): an argument's marker in its place, a tag's marker around the
// tag's (translated) words. The formatted text is cut at the markers and the elements put there.
import { Fragment, useCallback, type ReactNode } from "react";
import type { MessageValues } from "../../../../shared/i18n/translate.ts";
import type { T } from "./english.ts";
import { useT } from "./locale-context.tsx";
import type { MessageKey } from "./messages/en-GB.ts";
import type { Texts } from "./texts.ts";

const OPEN = "\uE000";
const WORDS = "\uE001";
const CLOSE = "\uE002";
/** The pseudo-locale's opening mark (lib/i18n/pseudo.ts, not imported: it loads only with that locale). */
const PSEUDO_OPEN = "⟦";

/** An element for an argument, or for a tag a function of the tag's words. */
export type Parts = Record<string, ReactNode | ((words: string) => ReactNode)>;

const MARKED = new RegExp(`${OPEN}(\\w+)(?:${WORDS}([^${CLOSE}]*))?${CLOSE}`);

/** `t(key, values)` with elements for some of its arguments and tags. */
export function richText<K extends string>(t: T<K>, key: K, parts: Parts, values: MessageValues = {}): ReactNode {
  const marked: Record<string, unknown> = { ...values };
  for (const [name, part] of Object.entries(parts)) {
    marked[name] =
      typeof part === "function" ? (words: string[]) => `${OPEN}${name}${WORDS}${words.join("")}${CLOSE}` : `${OPEN}${name}${CLOSE}`;
  }
  const text = t(key, marked as MessageValues);
  // In the pseudo-locale each piece of text after an element is marked too, so the check for text
  // without the mark does not take the catalogue's own words for hard-coded ones.
  const pseudo = text.startsWith(PSEUDO_OPEN);
  const out: ReactNode[] = [];
  let rest = text;
  for (let match = MARKED.exec(rest); match; match = MARKED.exec(rest)) {
    if (match.index > 0) out.push(piece(rest.slice(0, match.index), pseudo && out.length > 0));
    const part = parts[match[1]];
    out.push(typeof part === "function" ? part(match[2] ?? "") : part);
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest) out.push(piece(rest, pseudo && out.length > 0));
  // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's pieces in their order; the same text gives the same pieces
  return out.map((node, i) => <Fragment key={i}>{node}</Fragment>);
}

const piece = (text: string, mark: boolean) => (mark && /\p{L}/u.test(text) ? `${PSEUDO_OPEN}${text}` : text);

/** Values with elements mixed in: scalars are values, elements and tag functions are parts. */
export type RichValues = Record<string, string | number | Date | null | undefined | ReactNode | ((words: string) => ReactNode)>;

/** `rich(key, { link: (words) => <Link to="…">{words}</Link>, name })`, in the reader's language. */
export function useRichT(): (key: MessageKey, values: RichValues) => ReactNode;
export function useRichT<A extends string>(a: Texts<A>): (key: MessageKey | A, values: RichValues) => ReactNode;
export function useRichT<A extends string, B extends string>(
  a: Texts<A>,
  b: Texts<B>,
): (key: MessageKey | A | B, values: RichValues) => ReactNode;
export function useRichT(...list: Texts<string>[]): (key: string, values: RichValues) => ReactNode {
  const t = (useT as (...texts: Texts<string>[]) => T<string>)(...list);
  return useCallback(
    (key: string, values: RichValues) => {
      const scalars: MessageValues = {};
      const parts: Parts = {};
      for (const [name, value] of Object.entries(values)) {
        if (value === null || value === undefined || typeof value === "string" || typeof value === "number" || value instanceof Date)
          scalars[name] = value;
        else parts[name] = value;
      }
      return richText(t, key, parts, scalars);
    },
    [t],
  );
}

/** A tag's words in <strong> (for `<b>…</b>` in a text). */
export const bold = (words: string) => <strong>{words}</strong>;

// A catalogue text with parts in tags drawn as elements: "Choose your One thing on your
// <link>profile</link>." stays one message, so a translator can put the link where German wants
// it, rather than the sentence being glued together from pieces around a <Link>. Used by the
// account, sign-in and people screens; plain texts go through useT().
import { useCallback, useContext, type ReactNode } from "react";
import { createIntl, IntlContext, type IntlShape } from "react-intl";
import { DEFAULT_LOCALE } from "../../../../shared/i18n/locales.ts";
import { en, type MessageKey } from "../../lib/i18n/messages/en-GB.ts";

/** A value for an argument, or for a tag: a function of the tag's contents. */
export type RichValues = Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>;
export type RichT = (key: MessageKey, values: RichValues) => ReactNode;

/** British English outside the app's providers (a unit test drawing one part), as useT does. */
let standalone: IntlShape | null = null;
const standaloneIntl = () => (standalone ??= createIntl({ locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE, messages: en }));

/** `rich(key, { link: (text) => <Link to="…">{text}</Link>, name })`: a text with elements in it. */
export function useRichT(): RichT {
  const intl = useContext(IntlContext) ?? standaloneIntl();
  return useCallback(
    (key: MessageKey, values: RichValues) =>
      intl.formatMessage({ id: key }, values as Parameters<IntlShape["formatMessage"]>[1]) as ReactNode,
    [intl],
  );
}

/** A tag's contents in <strong> (for `<b>…</b>` in a text). */
export const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

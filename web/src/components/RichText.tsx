// A catalogue text with markup inside it (issue 25): a sentence with a link in the middle stays
// one message, "Check the spelling, or <link>show everyone</link>.", so a translation can move the
// link where its language puts it; splitting it into pieces around the link would not translate.
// Each tag is a function in `values` that wraps its words: { link: (words) => <Link>{words}</Link> }.
import { useContext, type ReactNode } from "react";
import { IntlContext, createIntl, type IntlShape } from "react-intl";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales.ts";
import { en, type MessageKey } from "../lib/i18n/messages/en-GB.ts";

export type RichValues = Record<string, ReactNode | Date | ((words: ReactNode[]) => ReactNode)>;

/** British English, for a part drawn outside the app's providers (a unit test of one part). */
let standalone: IntlShape | null = null;
const standaloneIntl = () => (standalone ??= createIntl({ locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE, messages: en }));

export function RichText({ id, values }: { id: MessageKey; values: RichValues }) {
  const intl = useContext(IntlContext) ?? standaloneIntl();
  // react-intl gives the parts of a rich message keys of their own.
  return <>{intl.formatMessage({ id }, values as Parameters<IntlShape["formatMessage"]>[1])}</>;
}

// A pseudo-locale for finding hard-coded text (issue 25): every catalogue text in British English
// with its letters accented and the whole wrapped in ⟦…⟧, its arguments, plurals and selects kept
// working. Text on a screen without those marks did not come from the catalogue. Turned on for a
// browser by localStorage "steward.pseudoLocale" = "1" (e2e/i18n.test.mjs does); loaded only then.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [
    c,
    [..."àƀçđéƒĝĥíĵķĺɱñöþǫŕšţüṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÖÞǪŔŠŢÜṼŴẊÝŽ"][i],
  ]),
);

export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

const accent = (text: string) => text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);

function transform(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.tag) return { ...element, children: transform(element.children) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([k, option]) => [k, { ...option, value: transform(option.value) }]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    return element;
  });
}

const literal = (value: string): MessageFormatElement => ({ type: TYPE.literal, value });

/** One text's syntax tree with its literal text accented (the production build's are parsed already). */
export function pseudoMessage(message: string | MessageFormatElement[]): MessageFormatElement[] {
  return [literal(PSEUDO_OPEN), ...transform(typeof message === "string" ? parse(message) : message), literal(PSEUDO_CLOSE)];
}

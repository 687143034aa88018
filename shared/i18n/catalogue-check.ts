// What makes two catalogues of one part a pair: the same keys, every text valid ICU, and the same
// arguments in both (a translation that drops {count} or invents {name} is a bug). Used by the
// tests of every part that has a catalogue.
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { Catalogue } from "./translate.ts";

/** The argument names a message uses, sorted. Throws on a message that is not valid ICU. */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) {
        walk(element.children);
        continue;
      }
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** Every difference between a catalogue and its reference, as sentences (empty when they pair). */
export function catalogueProblems(reference: Catalogue, other: Catalogue, otherName: string): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(reference)) {
    if (!(key in other)) {
      problems.push(`${otherName} has no text for "${key}"`);
      continue;
    }
    let want: string[] = [];
    let got: string[] = [];
    try {
      want = argumentsOf(reference[key]);
      got = argumentsOf(other[key]);
    } catch (error) {
      problems.push(`"${key}" is not valid ICU: ${(error as Error).message}`);
      continue;
    }
    if (want.join() !== got.join()) {
      problems.push(`${otherName} "${key}" uses {${got.join("}, {")}} where the original uses {${want.join("}, {")}}`);
    }
    if (other[key].trim() === "") problems.push(`${otherName} "${key}" is empty`);
  }
  for (const key of Object.keys(other)) if (!(key in reference)) problems.push(`${otherName} has "${key}", which the original lacks`);
  return problems;
}

// Where the scorer gets its words (issue 25): the catalogue's t, its type, and British English for
// the pure helpers. The texts are lib/i18n/messages/scorer.en-GB.ts and scorer.de.ts. Every file of
// the feature takes its t from here, so how the texts are loaded (spread into the app's catalogue
// today) can change in this one place.
import { englishT, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";

export type ScorerT = T;
export const englishScorerT: ScorerT = englishT;

export function useScorerT(): ScorerT {
  return useT();
}

// A thing's page's first data, asked before the page renders (lib/first-data.ts): the same query,
// with the same variables, as useThing asks. Small on purpose: the page's first script (early.ts)
// imports it.
import type { FirstData } from "../../lib/first-data.ts";
import { isUuid } from "../../lib/uuid.ts";
import { THING_TABS, type ThingTab } from "../../routes/paths.ts";
import { ThingPageDocument as ThingPageQuery } from "./ThingPage.generated.ts";

export function preloadThingData({ ask, params }: FirstData): void {
  // /things/:id/:tab is the thing's page only for its tabs (/things/:id/edit is another screen).
  if (!isUuid(params.id) || !THING_TABS.includes(params.tab as ThingTab)) return;
  ask(ThingPageQuery, { id: params.id });
}

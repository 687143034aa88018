// A thing's water-need reason in the reader's language: written from the parts the model stores
// (things.water_need_reason_parts, shared/i18n/notices reason.*); the stored English when a thing
// has no parts (a row older than them, or a cache from before).
import { renderReason } from "../../../../shared/i18n/notices/index.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { useLocale } from "./locale-context.tsx";
import { pseudoMarked } from "./texts.ts";

interface WithReason {
  waterNeedReason?: string | null;
  waterNeedReasonParts?: unknown;
}

export function waterNeedReasonIn(locale: Locale, thing: WithReason | null | undefined): string | null {
  if (!thing) return null;
  const said = renderReason(locale, thing.waterNeedReasonParts);
  return said === null ? (thing.waterNeedReason ?? null) : pseudoMarked(said);
}

export function useWaterNeedReason(thing: WithReason | null | undefined): string | null {
  return waterNeedReasonIn(useLocale().locale, thing);
}

// Where the devices screens get their words (issue 25): the texts (lib/i18n/messages/devices.en-GB.ts
// and devices.de.ts) arrive with the feature's chunk, their German the first time a German reader
// opens one of its screens (lib/i18n/texts.ts).
import { englishWith, type T } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import type { MessageKey } from "../../lib/i18n/messages/en-GB.ts";
import { devicesEn } from "../../lib/i18n/messages/devices.en-GB.ts";
import { defineTexts } from "../../lib/i18n/texts.ts";

export const devicesTexts = defineTexts(devicesEn, {
  de: () => import("../../lib/i18n/messages/devices.de.ts").then((m) => m.devicesDe),
});

/** A `t` that says the shell's texts and the devices screens'. */
/** The keys these screens say: the shell's and their own. */
export type DevicesKey = MessageKey | keyof typeof devicesEn;
export type DevicesT = T<DevicesKey>;
/** British English, the default of the feature's pure helpers. */
export const englishDevicesT: DevicesT = englishWith(devicesTexts);

export function useDevicesT(): DevicesT {
  return useT(devicesTexts);
}

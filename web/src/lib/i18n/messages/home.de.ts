import type { homeEn } from "./home.en-GB.ts";

export const homeDe: Record<keyof typeof homeEn, string> = {
};

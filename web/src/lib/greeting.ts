// The greeting for a signed-in person: "Welcome" on the visit that follows registering, "Welcome
// back" afterwards (a new user was greeted "Welcome back"; issue 22). A person is new while their
// latest sign-in is the sign-up itself: no sign-in recorded, or one within minutes of the account
// being created.
import { englishT, type T } from "./i18n/english.ts";
import type { Session } from "./session.ts";

const SAME_VISIT_MS = 10 * 60 * 1000;

export function isNewcomer(session: Pick<Session, "created" | "lastSignIn"> | null | undefined): boolean {
  if (!session) return false;
  if (!session.lastSignIn) return true;
  if (!session.created) return false;
  const created = Date.parse(session.created);
  const lastSignIn = Date.parse(session.lastSignIn);
  if (!Number.isFinite(created) || !Number.isFinite(lastSignIn)) return false;
  return lastSignIn - created < SAME_VISIT_MS;
}

/** "Welcome, Robin" for a newcomer, "Welcome back, Robin" otherwise (the name when there is one). */
export function greeting(
  session: Pick<Session, "created" | "lastSignIn"> | null | undefined,
  name?: string | null,
  t: T = englishT,
): string {
  if (isNewcomer(session)) return name ? t("greeting.welcomeName", { name }) : t("greeting.welcome");
  return name ? t("greeting.welcomeBackName", { name }) : t("greeting.welcomeBack");
}

// Rules over more than one setting, checked after each value on its own passed (a rule runs only
// when every setting it names is read and valid). Each message names what to set.
import { vapidKeysFromEnv } from "../notice-keys.ts";
import { KNOWN_LICENCE_URLS } from "./licences.ts";
import { MIN_WEBHOOK_SECRET_LENGTH, type SettingName, type Settings } from "./settings.ts";

export interface Rule<K extends SettingName = SettingName> {
  /** The settings it reads; the first is the one the message is about. */
  names: readonly K[];
  /** A message when the combination is wrong. */
  check(values: Pick<Settings, K>): string | undefined;
}

function rule<const K extends SettingName>(names: readonly K[], check: (values: Pick<Settings, K>) => string | undefined): Rule {
  return { names, check } as unknown as Rule;
}

export const RULES: readonly Rule[] = [
  // A secret generated per data folder differs between instances: a token signed by one would be
  // refused by the next.
  rule(["JWT_SECRET", "NODE_ENV"], (s) =>
    !s.JWT_SECRET && s.NODE_ENV === "production"
      ? "JWT_SECRET must be set in production (NODE_ENV=production): every server instance signs and checks session tokens with it. Generate one with: openssl rand -base64 48"
      : undefined,
  ),
  // Optional in production (the webhook then answers 503), long enough when set.
  rule(["TTN_WEBHOOK_SECRET", "NODE_ENV"], (s) =>
    s.NODE_ENV === "production" && s.TTN_WEBHOOK_SECRET && s.TTN_WEBHOOK_SECRET.length < MIN_WEBHOOK_SECRET_LENGTH
      ? `TTN_WEBHOOK_SECRET must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters (it has ${s.TTN_WEBHOOK_SECRET.length}). Generate one with: openssl rand -hex 24`
      : undefined,
  ),
  // A half-made LLM setup is refused rather than half used.
  rule(["LLM_MODEL", "LLM_BASE_URL"], (s) =>
    s.LLM_BASE_URL && !s.LLM_MODEL ? "LLM_MODEL must be set when LLM_BASE_URL is set (e.g. gpt-4o-mini)" : undefined,
  ),
  rule(["LLM_BASE_URL", "LLM_MODEL"], (s) =>
    s.LLM_MODEL && !s.LLM_BASE_URL ? "LLM_BASE_URL must be set when LLM_MODEL is set (e.g. https://api.openai.com/v1)" : undefined,
  ),
  // Both keys or neither, and a real pair (domain/notice-keys.ts checks it).
  rule(["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"], (s) => {
    try {
      vapidKeysFromEnv({ VAPID_PUBLIC_KEY: s.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: s.VAPID_PRIVATE_KEY });
      return undefined;
    } catch (e) {
      return (e as Error).message;
    }
  }),
  // A licence link must lead somewhere.
  rule(["OPEN_DATA_LICENCE_URL", "OPEN_DATA_LICENCE"], (s) =>
    !s.OPEN_DATA_LICENCE_URL && !KNOWN_LICENCE_URLS[s.OPEN_DATA_LICENCE]
      ? `OPEN_DATA_LICENCE_URL must be set for the licence "${s.OPEN_DATA_LICENCE}" (known without it: ${Object.keys(KNOWN_LICENCE_URLS).join(", ")})`
      : undefined,
  ),
];

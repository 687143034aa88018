// The validation rules of spec section 5, used by the forms for instant messages. The database
// enforces the same rules with the same messages (db/migrations/*_validation.sql, app_hidden.check_*),
// checked in the same order, so the form and a direct API call report the same first failure.
// Every validator returns the first failing message, or null when the value is acceptable.
// Pure TypeScript: imported by the web app and by the server/worker.

export const MESSAGES = {
  mandatory: "This field is mandatory",
  nameRequired: "Name is required",
  nameLength: "Name must be between 3 and 255 characters",
  nameCharacters: "Name may contain only letters, spaces, hyphens and apostrophes",
  nameInvisible: "Name must not contain invisible or text-direction characters",
  usernameRequired: "Username is required",
  usernameTooShort: "Username must be at least 2 characters long",
  usernameTooLong: "Username must be less than 24 characters",
  usernameStart: "Username must start with a letter",
  usernameCharacters: "Username may contain only letters, numbers, underscores and hyphens",
  usernameConsecutive: "Username cannot contain consecutive underscores or hyphens",
  emailRequired: "Email is required",
  emailLength: "Email must be between 3 and 255 characters",
  emailInvalid: "Email must be a valid address",
  passphraseRequired: "Passphrase is required",
  passphraseLength: "Passphrase must be at least 8 characters long",
  passphraseUppercase: "Passphrase must contain an uppercase letter",
  passphraseLowercase: "Passphrase must contain a lowercase letter",
  passphraseNumber: "Passphrase must contain a number",
  passphraseMismatch: "Passphrases do not match",
  deviceIdPrefix: "Device id must start with eui-",
  deviceIdCharacters: "Device id may contain only letters, numbers, underscores and hyphens",
  deviceIdLength: "Device id must be between 3 and 255 characters",
  litresNotWatering: "Only a watering can have an amount in litres",
  litresNumber: "Litres must be a number",
  litresRange: "Litres must be between 0.5 and 1000",
  litresDecimals: "Litres may have at most one decimal place",
} as const;

export type ValidationMessage = (typeof MESSAGES)[keyof typeof MESSAGES];
export type Validator = (value: string | null | undefined) => string | null;

/** Length in characters (code points), as PostgreSQL's char_length counts them. */
export function charLength(value: string): number {
  return Array.from(value).length;
}

function isEmpty(value: string | null | undefined): value is null | undefined | "" {
  return value === null || value === undefined || value === "";
}

/** Generic required-field check ('This field is mandatory'). Whitespace-only counts as empty. */
export function validateRequired(value: string | null | undefined): string | null {
  return isEmpty(value) || value.trim() === "" ? MESSAGES.mandatory : null;
}

// Unicode letters, space, hyphen, apostrophe (typewriter ' and typographic ’, which phone
// keyboards type for names such as O’Brien).
const NAME_PATTERN = /^[\p{L} '\u2019-]+$/u;

/**
 * Characters that show nothing, or change how the text around them is shown, and so let a name
 * look like another (spoofing) or reorder what follows it: control characters, soft hyphen,
 * combining grapheme joiner, Arabic letter mark, Hangul and Khmer fillers, Mongolian vowel
 * separator, zero-width space/joiners and direction marks, bidi embeddings, overrides and
 * isolates, word joiner and invisible operators, byte order mark, interlinear annotations.
 * The database's copy is app_hidden.invisible_characters_pattern(); keep them the same.
 */
export const INVISIBLE_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex lint/suspicious/noMisleadingCharacterClass: control characters and the lone combining grapheme joiner are what this class finds, one code point each
  /[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]/u;

export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE_CHARACTERS.test(value);
}

export function validateName(value: string | null | undefined): string | null {
  // Like SQL btrim(value) = '': a value of spaces only is missing, not too short.
  if (isEmpty(value) || /^ *$/.test(value)) return MESSAGES.nameRequired;
  const length = charLength(value);
  if (length < 3 || length > 255) return MESSAGES.nameLength;
  if (hasInvisibleCharacters(value)) return MESSAGES.nameInvisible;
  if (!NAME_PATTERN.test(value)) return MESSAGES.nameCharacters;
  return null;
}

/**
 * Labels (the names of groups, things and devices): any visible text, 3 to 255 characters once
 * trimmed. The database's app_hidden.check_label, same messages, same order. Invisible
 * characters are looked for in the whole value, trimmed or not.
 */
export function validateLabel(value: string | null | undefined): string | null {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") return MESSAGES.nameRequired;
  const length = charLength(trimmed);
  if (length < 3 || length > 255) return MESSAGES.nameLength;
  if (hasInvisibleCharacters(value ?? "")) return MESSAGES.nameInvisible;
  return null;
}

export function validateUsername(value: string | null | undefined): string | null {
  if (isEmpty(value)) return MESSAGES.usernameRequired;
  const length = charLength(value);
  if (length < 2) return MESSAGES.usernameTooShort;
  if (length > 23) return MESSAGES.usernameTooLong;
  if (!/^[A-Za-z]/.test(value)) return MESSAGES.usernameStart;
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return MESSAGES.usernameCharacters;
  if (/[_-]{2}/.test(value)) return MESSAGES.usernameConsecutive;
  return null;
}

export function validateEmail(value: string | null | undefined): string | null {
  if (isEmpty(value)) return MESSAGES.emailRequired;
  const length = charLength(value);
  if (length < 3 || length > 255) return MESSAGES.emailLength;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return MESSAGES.emailInvalid;
  return null;
}

export function validatePassphrase(value: string | null | undefined): string | null {
  if (isEmpty(value)) return MESSAGES.passphraseRequired;
  if (charLength(value) < 8) return MESSAGES.passphraseLength;
  if (!/[A-Z]/.test(value)) return MESSAGES.passphraseUppercase;
  if (!/[a-z]/.test(value)) return MESSAGES.passphraseLowercase;
  if (!/[0-9]/.test(value)) return MESSAGES.passphraseNumber;
  return null;
}

/** The confirmation field: required, then equal to the passphrase. */
export function validatePassphraseConfirmation(
  passphrase: string | null | undefined,
  confirmation: string | null | undefined,
): string | null {
  if (isEmpty(confirmation)) return MESSAGES.mandatory;
  if ((passphrase ?? "") !== confirmation) return MESSAGES.passphraseMismatch;
  return null;
}

export function validateDeviceId(value: string | null | undefined): string | null {
  if (isEmpty(value) || !value.startsWith("eui-")) return MESSAGES.deviceIdPrefix;
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return MESSAGES.deviceIdCharacters;
  const length = charLength(value);
  if (length < 3 || length > 255) return MESSAGES.deviceIdLength;
  return null;
}

/** Litres per watering (issue #21): the database's app_hidden.check_litres, same bounds. */
export const LITRES_MIN = 0.5;
export const LITRES_MAX = 1000;
/** The form's quick picks, in litres: a watering can, two cans, a tree bag. */
export const LITRES_QUICK_PICKS = [10, 20, 50] as const;

/**
 * The amount of a care action, as typed (a string, "2,5" read as 2.5) or as a number; empty means
 * no amount, which is always allowed. Same messages and order as app_hidden.check_litres:
 * watering only, then 0.5 to 1000, then one decimal place ("Litres must be a number" is the
 * form's own: the database only ever gets numbers).
 */
export function validateLitres(value: string | number | null | undefined, actionType: string | null | undefined): string | null {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return null;
  if (actionType !== "WATERING") return MESSAGES.litresNotWatering;
  const litres = typeof value === "number" ? value : parseLitres(value);
  if (litres === null || !Number.isFinite(litres)) return MESSAGES.litresNumber;
  if (litres < LITRES_MIN || litres > LITRES_MAX) return MESSAGES.litresRange;
  if (Math.abs(litres * 10 - Math.round(litres * 10)) > 1e-9) return MESSAGES.litresDecimals;
  return null;
}

/** "20", " 2.5 ", "2,5" -> a number; anything else (letters, "1e3", "") -> null. */
export function parseLitres(value: string): number | null {
  const text = value.trim().replace(",", ".");
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(text)) return null;
  return Number(text);
}

/** Runs validators in order and returns the first message, or null. */
export function firstError(value: string | null | undefined, ...validators: Validator[]): string | null {
  for (const validate of validators) {
    const message = validate(value);
    if (message) return message;
  }
  return null;
}

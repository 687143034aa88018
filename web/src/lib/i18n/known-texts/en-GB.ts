// Texts the app shows in British English that come from outside its screens: the server's error
// messages (db/ raise texts, server/ SafeErrors; docs/error-codes.md) and the validation messages
// the forms share with the database (shared/validation.ts). Each is written here word for word,
// with {0}, {1}, ... where the server puts a value (SQL's %), so lib/i18n/server-messages.ts can
// recognise a message and say it in the reader's language. known-texts.test.ts checks that every
// such text of the code base is here, and that de.ts pairs with this file.

export const knownEn = {
  "validation.mandatory": "This field is mandatory",
  "server.unknownTimeZone": "Unknown time zone \"{0}\"",
  "server.chatRateLimit.one": "You can send up to {0} messages an hour. Please try again in 1 minute.",
  "server.chatRateLimit.other": "You can send up to {0} messages an hour. Please try again in {1} minutes.",
} as const;

export type KnownKey = keyof typeof knownEn;

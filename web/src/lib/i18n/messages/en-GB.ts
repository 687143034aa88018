// The app's screen texts in British English, ICU MessageFormat (shared/i18n/translate.ts). Keys
// are "<area>.<what>"; each area keeps its keys together, in the order the screen shows them.
// The German twin (de.ts) has every key with the same arguments (i18n.test.ts checks). The
// spec's English texts are written here word for word.

export const en = {
  "language.label": "Language",
  "language.browser": "As my browser",
  "language.saved": "Language saved.",
  "language.saveFailed": "Could not save your language. Please try again.",

  "header.home": "Home",
  "header.map": "Map",
  "header.things": "{brand, select, bee {Cafes} other {Things}}",
  "header.devices": "Devices",
  "header.groups": "{brand, select, bee {Beepasses} other {Groups}}",
  "header.community": "Community",
  "header.tasks": "Tasks",
  "header.activity": "Activity",
  "header.admin": "Admin",
  "header.menu": "Menu",
  "header.mainNav": "Main",
  "header.brandHome": "{product} home",
  "header.yourAccount": "Your account",
  "header.yourAccountTitle": "Your account: {name}",
  "header.signOut": "Sign out",
  "header.signedOut": "You have signed out.",
  "header.signIn": "Sign in",
  "header.register": "Register",
} as const;

export type MessageKey = keyof typeof en;

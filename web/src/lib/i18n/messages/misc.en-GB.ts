// Texts of small screens and shared parts: the not-found page, the status of care actions saved
// on this device (features/offline/), and the few texts of components/ and lib/ not in the shell's.
export const miscEn = {
  "notFound.title": "Page not found",
  "notFound.lead": "There is no page at <code>{path}</code>. It may have moved, or the link may be mistyped.",
  "notFound.home": "Go to the home page",

  // features/offline/QueuedActionsStatus.tsx. {type} is the action's type (WATERING, UPKEEP, ...).
  "offline.action":
    "{type, select, WATERING {Watering} LITTER_CLEANUP {Litter clean-up} UPKEEP {Upkeep} MEASUREMENT {Measurement} EDUCATION {Education} SHARE {Share} CREATED {Added} other {Action}} of {thing}",
  // {litres} as lib/litres.ts writes it ("20 L").
  "offline.actionLitres":
    "{type, select, WATERING {Watering} LITTER_CLEANUP {Litter clean-up} UPKEEP {Upkeep} MEASUREMENT {Measurement} EDUCATION {Education} SHARE {Share} CREATED {Added} other {Action}} of {thing}, {litres}",
  "offline.count":
    "{waterings, select, yes {{count, plural, one {# watering} other {# waterings}}} other {{count, plural, one {# action} other {# actions}}}}",
  "offline.waiting":
    "<b>Saved on this device:</b> <counted>{what}</counted> waiting to be sent. {count, plural, one {It is} other {They are}} sent by themselves when you are online again.",
  "offline.waitingItem": "{action} — recorded <time>{recorded}</time>",
  "offline.sending": "(sending…)",
  "offline.failed":
    "<b>Not recorded:</b> the server refused {count, plural, one {this action} other {these actions}} saved on this device.",
  "offline.failedItem": "{action} (recorded <time>{recorded}</time>): {error}",
  "offline.sentItem": "<b>Sent:</b> {action}, recorded <recordedTime>{recorded}</recordedTime> on this device, sent at <sentTime>{sent}</sentTime>.",
  "offline.dismiss": "Dismiss",

  "upload.dropHere": "Drop the picture here",
  "upload.dragHere": "Drag a picture here, or",
  "upload.cancel": "Cancel upload",
  "download.preparing": "Preparing…",
  "download.failed": "The download failed; try again.",
  "greeting.welcome": "Welcome",
  "greeting.welcomeName": "Welcome, {name}",
  "greeting.welcomeBack": "Welcome back",
  "greeting.welcomeBackName": "Welcome back, {name}",
  "geo.unsupported": "Geolocation is not supported by your browser",
  "geo.unavailable": "Unable to get your location",
  "geo.denied": "Location permission denied",
  "geo.withReason": "{message}: {reason}",
} as const;

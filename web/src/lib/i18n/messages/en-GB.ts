// The app's screen texts in British English, ICU MessageFormat (shared/i18n/translate.ts). Keys
// are "<area>.<what>"; each area keeps its keys together, in the order the screen shows them.
// The German twin (de.ts) has every key with the same arguments (i18n.test.ts checks). The
// spec's English texts are written here word for word.
//
// The shell's texts (header, layout, lists, map, panels) are here; a feature's own screens keep
// theirs in messages/<feature>.en-GB.ts beside a <feature>.de.ts twin, spread in below, one line
// each, so features can be translated without touching each other's lines.


const shell = {
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

  "layout.skipToContent": "Skip to content",
  "layout.tagline": "{brand, select, bee {Feed the bees: look after bee cafes and the beepasses that join them up.} other {Look after the shared things around you, together.}}",
  "layout.about": "About",
  "notice.positive": "Done",
  "notice.negative": "Problem",
  "notice.warning": "Warning",
  "notice.info": "Note",
  "notice.ongoing": "Working",
  "notice.dismiss": "Dismiss notice",
  "routeError.title": "Something went wrong",
  "routeError.lead": "This page could not be shown. Reloading often helps.",
  "routeError.reload": "Reload",
  "routeError.home": "Go to the home page",
  "common.loading": "Loading…",
  "common.comingSoon": "This screen is still being built.",

  "list.options": "List options",
  "list.sortBy": "Sort by",
  "list.all": "All",
  "list.layout": "Layout",
  "list.tiles": "Tiles",
  "list.list": "List",
  "list.count": "{count} {noun}",
  "list.matches": "{count, plural, one {# {noun} matches} other {# {noun} match}}",
  "list.matchesShowing": "{count} {noun} match (showing {shown})",
  "list.showingOf": "Showing {shown} of {total} {noun}",
  "list.showing": "Showing {shown} {noun}",
  "list.tryAgain": "Try again",
  "list.loadMore": "Load more",
  "list.shownOf": "{shown} of {total} shown",
  "common.anErrorOccurred": "An error occurred",
  "need.NEEDS_WATER.label": "Needs water",
  "need.NEEDS_WATER.meaning": "Water it today",
  "need.DUE_SOON.label": "Due soon",
  "need.DUE_SOON.meaning": "Will need water in a day or two",
  "need.FINE.label": "Fine",
  "need.FINE.meaning": "Has enough water for now",
  "need.UNKNOWN.label": "Unknown",
  "need.UNKNOWN.meaning": "Not enough known to say",
  "need.legend": "Water need",

  "upload.label": "Picture",
  "upload.hint": "JPEG, PNG, WebP or GIF, up to 10 MB.",
  "upload.previewAlt": "Preview of the chosen picture",
  "upload.currentAlt": "Current picture",
  "upload.chooseAnother": "Choose another picture",
  "upload.choose": "Choose a picture",
  "upload.keepOld": "Keep the old picture",
  "upload.dontUse": "Don't use this picture",
  "upload.remove": "Remove picture",
  "upload.uploadingLabel": "Uploading {name}",
  "upload.uploading": "Uploading… {progress}%",
  "upload.done": "✓ {name} ({size}) uploaded; it is used when you save.",




  "location.label": "Location",
  "location.hint": "Click the map to place the marker, drag it to adjust, or type the coordinates.",
  "location.pickerMap": "Map for choosing the {label}",
  "location.noMapPicker": "The map cannot be shown in this browser; type the coordinates instead.",
  "location.loadingMap": "Loading the map…",
  "location.latitude": "Latitude",
  "location.longitude": "Longitude",
  "location.finding": "Finding you…",
  "location.useMine": "Use my location",
  "location.noMap": "The map cannot be shown in this browser.",
  "location.mapOfAt": "Map of {label} at {coords}",
  "location.mapOf": "Map of {label}",
  "location.noValid": "No valid location to show.",
  "location.openInMap": "Open in the map",
  "chart.rain": "Rain",
  "chart.temperature": "Temperature",

  "chart.window": "{hours, plural, one {the last hour} other {the last # hours}}",
  "chart.windowDays": "the last {days} days",
  "chart.describeRollup": "{title} over {window}: {readings, plural, one {# reading} other {# readings}} as {count} {per, select, hour {{count, plural, one {hourly mean} other {hourly means}}} other {{count, plural, one {daily mean} other {daily means}}}}; latest mean {latest} for the {per, select, hour {hour} other {day}} from {at}; lowest {low}, highest {high}.",
  "chart.describe": "{title} over {window}: {count, plural, one {# reading} other {# readings}}; latest {latest} at {at}; lowest {low}, highest {high}.",
  "chart.describeNone": "{title}: no readings in {window}.",
  "chart.range": "range {low} – {high}",
  "chart.empty": "No {title} readings in {window}.",
  "chart.marks": "Waterings and rain over {window}",

  "notifications.level.POSITIVE": "Good news",
  "notifications.level.NEGATIVE": "Problem",
  "notifications.level.WARNING": "Warning",
  "notifications.level.INFO": "Information",
  "notifications.level.ONGOING": "In progress",
  "notifications.title": "Notifications",
  "notifications.bellUnread": "Notifications, {count} unread",
  "notifications.markAllRead": "Mark all read",
  "notifications.loadFailed": "Notifications could not be loaded.",
  "notifications.caughtUp": "You're all caught up",
  "notifications.emptyText": "News about your tasks, things and devices shows here.",
  "notifications.latest": "Latest notifications",
  "notifications.unreadCount": "{count} unread",
  "notifications.noneUnread": "No unread notifications",
  "notifications.unreadPrefix": "Unread. ",
  "notifications.dismiss": "Dismiss",
  "notifications.dismissItem": "Dismiss: {title}",
  "time.justNow": "just now",
  "time.minutesAgo": "{minutes} min ago",
  "time.hoursAgo": "{hours} h ago",
  "time.yesterday": "yesterday",
  "time.daysAgo": "{days} days ago",



  "basemap.terrain.label": "Terrain",
  "basemap.terrain.description": "Streets, paths, parks and water",
  "basemap.terrain.inSentence": "terrain",
  "basemap.satellite.label": "Satellite",
  "basemap.satellite.description": "Aerial photographs",
  "basemap.satellite.inSentence": "satellite",
  "basemap.topographic.label": "Topographic",
  "basemap.topographic.description": "Contours and relief",
  "basemap.topographic.inSentence": "topographic",
  "basemap.plain.label": "Plain",
  "basemap.plain.description": "Built in, works offline",
  "basemap.plain.inSentence": "plain",
  "basemap.unavailable": "The {basemap} map could not be loaded; showing the plain one.",
  "basemap.loading": "Loading the {basemap} map…",
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

export const en = {
  ...shell,
} as const;

export type MessageKey = keyof typeof en;
export type ShellTexts = typeof shell;

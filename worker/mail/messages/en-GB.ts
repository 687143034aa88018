// The e-mails' texts in British English, in ICU MessageFormat (shared/i18n/translate.ts). The
// German twin (de.ts) must have every key with the same arguments (worker/test/mail-i18n.test.ts).
// Arguments every message may use: {product} (the brand's name) and {brand} (steward or bee,
// for the brand's own words in a select). Whole sentences per brand, never words swapped in.

export const en = {
  "mail.hello": "Hello,",
  "mail.helloNamed": "Hello {name},",
  "mail.buttonFallback": "If the button does not work, copy this address into your browser:",
  "mail.open": "Open",
  "mail.changePreferences": "Change your e-mail preferences",
  "mail.unsubscribe": "Unsubscribe",

  "verifyEmail.subject": "Confirm your e-mail address for {product}",
  "verifyEmail.body": "Please confirm that this e-mail address belongs to your {product} account.",
  "verifyEmail.action": "Confirm my e-mail address",
  "verifyEmail.note": "The link works once and for 7 days. If you did not add this address to an account, you can ignore this e-mail.",

  "passwordReset.subject": "Reset your {product} passphrase",
  "passwordReset.body":
    "Someone, hopefully you, asked to reset the passphrase of your {product} account. Open the link below to choose a new one.",
  "passwordReset.action": "Choose a new passphrase",
  "passwordReset.note":
    "The link works once and for 1 hour. If you did not ask for this, you can ignore this e-mail: your passphrase stays as it is.",

  "accountDeletion.subject": "Confirm the deletion of your {product} account",
  "accountDeletion.body":
    "You asked to delete your {product} account. Deleting it is permanent: your profile, e-mail addresses and access to things, devices and groups are removed and cannot be restored.",
  "accountDeletion.action": "Delete my account",
  "accountDeletion.note":
    "The link works once and for 24 hours. If you did not ask for this, ignore this e-mail and your account stays as it is; you may want to change your passphrase.",

  "newUser.subject": "Your new {product} account",
  "newUser.body": "An administrator has created a {product} account for you. Your username is: {username}",
  "newUser.choose": "To start, choose a passphrase for your account:",
  "newUser.action": "Choose my passphrase",
  "newUser.note":
    'If the link has expired, use "Forgot passphrase" on the sign-in page ({forgotUrl}) with this e-mail address to get a new one.',

  "passwordChanged.subject": "Your {product} passphrase was changed",
  "passwordChanged.body": "The passphrase of your {product} account was just changed.",
  "passwordChanged.note":
    'If this was you, there is nothing else to do. If it was not, reset your passphrase straight away with "Forgot passphrase" on the {product} sign-in page.',

  "invitation.someone": "A member of {product}",
  "invitation.subject":
    "{inviter} invited you to {kind, select, thing {look after the {brand, select, bee {cafe} other {thing}} “{target}”} device {share the device “{target}”} other {join the {brand, select, bee {beepass} other {group}} “{target}”}} on {product}",
  "invitation.body":
    "{inviter} invited you to {kind, select, thing {look after the {brand, select, bee {cafe} other {thing}} “{target}”} device {share the device “{target}”} other {join the {brand, select, bee {beepass} other {group}} “{target}”}} on {product}.",
  "invitation.how": "To accept, sign in (or register) with this e-mail address, then open this link:",
  "invitation.action": "Accept the invitation",
  "invitation.note": "The invitation is valid for 14 days. If you do not know the sender, you can ignore this e-mail.",

  "notification.subject": "{title} — {product}",
  "notification.openInApp": "Open in the app",
  "notification.why": "You get this because of your account on {product}.",
  "notification.noMore": "No more e-mails like this one?",
  "notification.unsubscribe": "Unsubscribe from this kind of notice",

  "noticeDigest.subject": "Your {weekly, select, true {weekly} other {daily}} notices — {product}",
  "noticeDigest.intro":
    "{count, plural, one {One notice} other {# notices}} from {product} this {weekly, select, true {week} other {day}}:",
  "noticeDigest.why": "You get these together, once a {weekly, select, true {week} other {day}}, as your {product} notice settings ask.",
  "noticeDigest.noMore": "No more digests?",

  "dailyDigest.subject": "Your daily summary — {product}",
  "dailyDigest.intro":
    "{needy, plural, =0 {Here is how your {brand, select, bee {cafes} other {things}} are doing today.} one {# of your {brand, select, bee {cafes} other {things}} needs attention today.} other {# of your {brand, select, bee {cafes} other {things}} need attention today.}}",
  "dailyDigest.thingsHeading": "Your {brand, select, bee {cafes} other {things}}",
  "dailyDigest.noThings": "You are not looking after any {brand, select, bee {cafes} other {things}} yet.",
  "dailyDigest.need": "{name} {need, select, needs_water {needs water} due_soon {will need water soon} other {is fine}}",
  "dailyDigest.state":
    "{name} {colour, select, red {is dry and needs water now} orange {needs water soon} green {is moist, nothing to do} blue {is very wet: no watering needed} other {has no recent reading}}",
  "dailyDigest.moisture": "({water}% moisture)",
  "dailyDigest.tasksHeading": "Your tasks",
  "dailyDigest.task": "{title} at {thing}{due, select, overdue { — overdue since {date}} due { — due {date}} other {}}",
  "dailyDigest.noTasks": "No open tasks are assigned to you this week.",
  "dailyDigest.activityHeading": "In your groups in the last 24 hours",
  "dailyDigest.activity":
    "{by}: {type, select, CREATED {created} SHARE {share} MEASUREMENT {measurement} WATERING {watering} LITTER_CLEANUP {litter cleanup} UPKEEP {upkeep} EDUCATION {education} other {{other}}} at {thing}",
  "dailyDigest.someone": "Someone",
  "dailyDigest.nothing": "Nothing was recorded.",
  "dailyDigest.open": "Open the app",
  "dailyDigest.why": "You get this every morning because the daily summary is on in your {product} profile.",
} as const;

export type MailKey = keyof typeof en;

// The invitation page's texts in British English (one page for things, devices and groups).
export const invitationEn = {
  "invitation.title":
    "{kind, select, device {Accept a device invitation} group {Join a {brand, select, bee {beepass} other {group}}} other {Accept a {brand, select, bee {cafe} other {thing}} invitation}}",
  "invitation.incomplete": "This invitation link is incomplete",
  "invitation.incompleteText":
    "Open the whole link from your invitation e-mail, or ask the {kind, select, device {device’s} group {{brand, select, bee {beepass’s} other {group’s}}} other {{brand, select, bee {cafe’s} other {thing’s}}}} owner to invite you again.",
  "invitation.signInTitle": "Sign in to accept",
  "invitation.signInText":
    "Sign in with the account that uses the e-mail address this invitation was sent to, or create an account with that address. You will come back here to accept it.",
  "invitation.signIn": "Sign in",
  "invitation.register": "Create an account",
  "invitation.notFound": "This invitation was not found or has expired",
  "invitation.notFoundText":
    "Invitations last 14 days and can be used once. Ask the {kind, select, device {device’s} group {{brand, select, bee {beepass’s} other {group’s}}} other {{brand, select, bee {cafe’s} other {thing’s}}}} owner to invite you again.",
  "invitation.seeAll":
    "{kind, select, device {See all devices} group {See all {brand, select, bee {beepasses} other {groups}}} other {See all {brand, select, bee {cafes} other {things}}}}",
  "invitation.codeInvalid": "This invitation code is not valid",
  "invitation.codeInvalidText":
    "Check that you opened the whole link from the e-mail. If the owner sent the invitation again, use the newest e-mail: the older link stops working.",
  "invitation.otherAddress": "This invitation was sent to another e-mail address",
  "invitation.otherAddressText":
    "Sign in with the account that uses that address, or add that address to your account and verify it (only verified addresses count), then open the link again.",
  "invitation.yourAddresses": "Your e-mail addresses",
  "invitation.errorOccurred": "An error occurred",
  "invitation.tryAgain": "Try again",
  "invitation.checking": "Checking your invitation…",
  "invitation.invited":
    "{kind, select, device {You have been invited to share the device {name}.} group {You have been invited to join {name}.} other {You have been invited to help look after {name}.}}",
  "invitation.about":
    "{kind, select, device {Once you accept, you can see the device and its readings, even when it is private.} group {As a member you can look after its {brand, select, bee {cafes} other {things}}, record care and see its activity.} other {Accepting makes you a collaborator: you can record care actions on it and follow how it is doing.}}",
  "invitation.accept": "{kind, select, thing {Accept} other {Accept invitation}}",
  "invitation.accepting": "Accepting…",
  "invitation.notNow": "{kind, select, group {Look at the {brand, select, bee {beepass} other {group}} first} other {Not now}}",
  "invitation.failed": "{kind, select, group {Failed to accept membership} other {Failed to accept access}}",
  "invitation.done":
    "{kind, select, device {You now have access to {name}} group {{brand, select, bee {Beepass} other {Group}} joined} other {You now collaborate on {name}}}",
  "invitation.alreadyTitle": "You already have access",
  "invitation.open": "open {name}",
} as const;

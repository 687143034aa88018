// The sign-in, registration and e-mail link screens (features/auth) in British English, and the
// passphrase field every form shares (features/auth/PassphraseField.tsx). The spec's texts
// (section 8) are written here word for word.
export const authEn = {
  "auth.name": "Name",
  "auth.username": "Username",
  "auth.email": "Email",
  "auth.forgotPassphrase": "Forgot your passphrase?",
  "auth.backToSignIn": "Back to sign in",
  "auth.sendMeNewLink": "Send me a new link",
  "auth.sending": "Sending…",
  "auth.saving": "Saving…",
  "auth.linkIncomplete": "This link is incomplete",
  "auth.linkNotSent": "The link could not be sent. Please try again.",
  "auth.resendTooSoon":
    "We sent a link to this address less than a minute ago. Please check your inbox (and spam folder) before asking again.",

  "auth.passphrase.label": "Passphrase",
  "auth.passphrase.current": "Current passphrase",
  "auth.passphrase.new": "New passphrase",
  "auth.passphrase.confirm": "Confirm passphrase",
  "auth.passphrase.confirmNew": "Confirm new passphrase",
  "auth.passphrase.rules": "At least 8 characters, with an uppercase letter, a lowercase letter and a number.",
  "auth.passphrase.show": "Show",
  "auth.passphrase.hide": "Hide",
  "auth.passphrase.showLabel": "Show passphrase",
  "auth.passphrase.hideLabel": "Hide passphrase",

  "auth.signIn.title": "Sign in",
  "auth.signIn.lead": "Welcome back to {product}.",
  "auth.signIn.checkDetails": "Check your details before submission",
  "auth.signIn.incorrect": "You entered incorrect details",
  "auth.signIn.welcome": "Welcome back, {name}.",
  "auth.signIn.submit": "Sign in",
  "auth.signIn.busy": "Signing in…",
  "auth.signIn.newHere": "New here? <link>Create an account</link>",

  "auth.register.title": "Create an account",
  "auth.register.lead":
    "{brand, select, bee {Join {product} to look after cafes with others.} other {Join {product} to look after things with others.}}",
  "auth.register.usernameHint": "2 to 23 characters: letters, numbers, _ and -, starting with a letter.",
  "auth.register.failed": "Registration failed. Please try again.",
  "auth.register.welcome": "Welcome, {name}! We have sent a verification link to {email}.",
  "auth.register.submit": "Create account",
  "auth.register.busy": "Creating your account…",
  "auth.register.haveAccount": "Already have an account? <link>Sign in</link>",

  "auth.forgot.failed": "Failed to send passphrase reset link.",
  "auth.forgot.lead": "Enter the e-mail address of your account and we will send you a link to choose a new one.",
  "auth.forgot.submit": "Send reset link",
  "auth.forgot.checkEmail": "Check your e-mail",
  "auth.forgot.sent":
    "If <b>{email}</b> belongs to an account, we have sent it a link to choose a new passphrase. The link works once and for 1 hour.",
  "auth.forgot.nothingThere":
    "Nothing there after a few minutes? Check your spam folder, or make sure you used the address of your account.",
  "auth.forgot.anotherAddress": "Use another address",

  "auth.reset.title": "Reset your passphrase",
  "auth.reset.incompleteText":
    "Please open the link straight from the e-mail we sent you, or copy all of it into the address bar. You can also ask for a new one.",
  "auth.reset.codeRequired": "Verification code is required",
  "auth.reset.invalid": "This reset link is invalid or has expired",
  "auth.reset.locked": "Passphrase reset locked - too many reset attempts",
  "auth.reset.done": "Your new passphrase is set. Please sign in with it.",
  "auth.reset.failed": "Your passphrase could not be changed. Please try again.",
  "auth.reset.lead": "Choose a new passphrase for your account. The verification code is filled in from your link.",
  "auth.reset.code": "Verification code",
  "auth.reset.codeHint": "From the link in the e-mail we sent you.",
  "auth.reset.submit": "Set new passphrase",
  "auth.reset.needNewLink": "Need a new link?",

  "auth.verify.title": "Verify your e-mail",
  "auth.verify.checking": "Checking your verification link…",
  "auth.verify.verified": "Your e-mail address is verified",
  "auth.verify.thanks": "Thank you. We will use this address for messages about your account.",
  "auth.verify.yourEmails": "Your e-mail addresses",
  "auth.verify.home": "Go to the home page",
  "auth.verify.signIn": "Sign in",
  "auth.verify.failed": "This verification link is invalid or has expired",
  "auth.verify.usedOrOld":
    "Links work once and for 7 days. If you have already used this one, your address may be verified already.",
  "auth.verify.incomplete":
    "The link is incomplete. Please open it straight from the e-mail, or copy all of it into the address bar.",
  "auth.verify.sendNewTo": "Send a new link to {email}",
  "auth.verify.sentNewTo": "We have sent a new link to {email}.",
  "auth.verify.sentNotice": "Verification link sent to {email}",
  "auth.verify.alreadyVerified": "{email} is verified already; nothing more to do.",
  "auth.verify.sendNew": "Send a new link",
  "auth.verify.signInToSend": "Sign in to send a new link",
} as const;

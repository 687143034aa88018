// The registry of e-mail templates, by the name a job's payload gives in "template".
import type { EmailTemplate } from "../compose.ts";
import verifyEmail from "./verify_email.ts";
import passwordReset from "./password_reset.ts";
import accountDeletion from "./account_deletion.ts";
import newUser from "./new_user.ts";
import invitation from "./invitation.ts";
import passwordChanged from "./password_changed.ts";
import notification from "./notification.ts";
import dailyDigest from "./daily_digest.ts";
import noticeDigest from "./notice_digest.ts";

export const templates: Readonly<Record<string, EmailTemplate>> = Object.freeze(
  Object.fromEntries(
    [verifyEmail, passwordReset, accountDeletion, newUser, invitation, passwordChanged, notification, dailyDigest, noticeDigest].map(
      (t) => [t.name, t],
    ),
  ),
);

export const templateNames: readonly string[] = Object.keys(templates);

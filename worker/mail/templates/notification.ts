// The e-mail twin of an in-app notification (app_public.notifications): a task assigned to you,
// a thing that needs water, a device gone quiet. One template for all, so every notification
// reads alike and leads to the screen where something can be done.
import { appLink, defineTemplate, EmailPayloadError, optionalString, requireString } from "../compose.ts";
import { renderNotice } from "../../../shared/i18n/notices/all-languages.ts";

export default defineTemplate({
  name: "notification",
  parse(v) {
    const linkPath = optionalString(v, "linkPath", "notification");
    if (linkPath !== null && !linkPath.startsWith("/")) {
      throw new EmailPayloadError(`template "notification": variable "linkPath" must be a path on the app, starting with /`);
    }
    return {
      name: optionalString(v, "name", "notification"),
      title: requireString(v, "title", "notification"),
      body: requireString(v, "body", "notification"),
      linkPath,
      linkLabel: optionalString(v, "linkLabel", "notification"),
      // Added by send_email for notices (the one-click unsubscribe link of this kind).
      unsubscribeUrl: optionalString(v, "unsubscribeUrl", "notification"),
      // The notice's key in the shared catalogue and its data (app_hidden.notify_user), so the
      // e-mail is written in the recipient's language; title and body are the English fallback.
      textKey: optionalString(v, "textKey", "notification"),
      textValues: v.textValues ?? null,
    };
  },
  describe(
    { name, title: englishTitle, body: englishBody, linkPath, linkLabel, unsubscribeUrl, textKey, textValues },
    { publicUrl, t, locale },
  ) {
    const written = textKey ? renderNotice(locale, textKey, textValues) : null;
    const title = written?.title ?? englishTitle;
    const body = written?.body ?? englishBody;
    // The SQL's "Open in the app" is English; a written notice takes the catalogue's words.
    const label = written ? t("notification.openInApp") : linkLabel;
    return {
      subject: t("notification.subject", { title }),
      greetName: name,
      blocks: [
        { p: body },
        ...(linkPath ? [{ action: { label: label ?? t("mail.open"), url: appLink(publicUrl, linkPath) } }] : []),
        {
          footer: {
            text: t("notification.why"),
            label: t("mail.changePreferences"),
            url: appLink(publicUrl, "/account/profile"),
          },
        },
        ...(unsubscribeUrl
          ? [{ footer: { text: t("notification.noMore"), label: t("notification.unsubscribe"), url: unsubscribeUrl } }]
          : []),
      ],
    };
  },
});

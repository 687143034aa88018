// The notices held for the digest (app_private.held_notices, queued by queue_daily_digests): the
// e-mails of a person who takes a daily or weekly digest instead of single e-mails, and notices
// past the daily cap (NOTICES_PER_DAY). One e-mail listing each, with its link.
import { appLink, defineTemplate, EmailPayloadError, optionalString, type Block } from "../compose.ts";
import { renderNotice } from "../../../shared/i18n/notices/all-languages.ts";

// textKey/textValues: the notice in the shared catalogue (shared/i18n/notices), so it is written in
// the recipient's language; title and body are the English fallback.
interface HeldNotice {
  title: string;
  body: string;
  linkPath: string | null;
  textKey: string | null;
  textValues: unknown;
}

function notices(v: Record<string, unknown>): HeldNotice[] {
  const value = v.notices;
  if (!Array.isArray(value) || value.length === 0) {
    throw new EmailPayloadError(`template "notice_digest": variable "notices" must be a non-empty list`);
  }
  return value.map((n, i) => {
    const item = n as Record<string, unknown>;
    if (typeof item?.title !== "string" || typeof item.body !== "string") {
      throw new EmailPayloadError(`template "notice_digest": notice ${i + 1} needs a title and a body`);
    }
    const linkPath = typeof item.linkPath === "string" && item.linkPath.startsWith("/") ? item.linkPath : null;
    const textKey = typeof item.textKey === "string" ? item.textKey : null;
    return { title: item.title, body: item.body, linkPath, textKey, textValues: item.textValues ?? null };
  });
}

export default defineTemplate({
  name: "notice_digest",
  parse(v) {
    return {
      name: optionalString(v, "name", "notice_digest"),
      weekly: v.frequency === "weekly",
      notices: notices(v),
      unsubscribeUrl: optionalString(v, "unsubscribeUrl", "notice_digest"),
    };
  },
  describe({ name, weekly, notices, unsubscribeUrl }, { publicUrl, t, locale }) {
    const period = { weekly: String(weekly) };
    const blocks: Block[] = [{ p: t("noticeDigest.intro", { count: notices.length, ...period }) }];
    for (const n of notices) {
      const written = n.textKey ? renderNotice(locale, n.textKey, n.textValues) : null;
      blocks.push({ heading: written?.title ?? n.title }, { p: written?.body ?? n.body });
      if (n.linkPath) blocks.push({ action: { label: t("mail.open"), url: appLink(publicUrl, n.linkPath) } });
    }
    blocks.push({
      footer: {
        text: t("noticeDigest.why", period),
        label: t("mail.changePreferences"),
        url: appLink(publicUrl, "/account/notices"),
      },
    });
    if (unsubscribeUrl) {
      blocks.push({ footer: { text: t("noticeDigest.noMore"), label: t("mail.unsubscribe"), url: unsubscribeUrl } });
    }
    return { subject: t("noticeDigest.subject", period), greetName: name, blocks };
  },
});

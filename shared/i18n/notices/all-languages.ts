// Notices in every language the product speaks, for the worker (e-mails and pushes go to readers
// of any language). The browser loads only its reader's language (web/src/lib/i18n).
import { addNoticeTexts } from "./index.ts";
import { de } from "./de.ts";

addNoticeTexts("de", de);

export { renderNotice, renderReason, noticesEnGB, type NoticeKey } from "./index.ts";
export { de as noticesDe };

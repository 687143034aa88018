import { useNotices, useNoticeStore } from "../lib/notices.tsx";
import { useT } from "../lib/i18n/locale-context.tsx";

/** The page's notices, newest last. Problems are announced at once; the rest politely. */
export function NoticeArea() {
  const notices = useNotices();
  const store = useNoticeStore();
  const t = useT();
  return (
    <div className="notice-area" aria-live="polite" aria-relevant="additions text">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`notice notice-${notice.level}`}
          role={notice.level === "negative" ? "alert" : "status"}
          data-level={notice.level}
        >
          {notice.level === "ongoing" ? <span className="spinner" aria-hidden="true" /> : null}
          <span className="visually-hidden">{t(`notice.${notice.level}`)}: </span>
          <span className="notice-message">{notice.textKey ? t(notice.textKey) : notice.message}</span>
          <button type="button" className="notice-dismiss" aria-label={t("notice.dismiss")} onClick={() => store.dismiss(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

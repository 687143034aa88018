// A query of the admin page that failed: the server's message (or the page's words) and a retry.
import { useT } from "../../lib/i18n/locale-context.tsx";
import { adminTexts } from "./texts.ts";
import styles from "./admin.module.css";

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT(adminTexts);
  return (
    <div className={`form-error ${styles.loadError}`} role="alert">
      <span>{message}</span>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t("admin.tryAgain")}
      </button>
    </div>
  );
}

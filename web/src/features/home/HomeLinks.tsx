// The home page's ways elsewhere: the guided tour's button and the links to the scorer, the
// community and the feedback form at the foot of the page.
import { Link } from "react-router";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { ChatIcon, CompassIcon, StarIcon, TrophyIcon } from "./icons.tsx";
import styles from "./home.module.css";
import { homeTexts } from "./texts.ts";

export function TourButton({ onClick }: { onClick: () => void }) {
  const t = useT(homeTexts);
  return (
    <button type="button" className={`button button-secondary ${styles.tourButton}`} onClick={onClick}>
      <CompassIcon size={18} /> {t("home.takeTour")}
    </button>
  );
}

export function MoreLinks({ signedIn }: { signedIn: boolean }) {
  const t = useT(homeTexts);
  return (
    <nav className={styles.more} aria-label={t("home.more.label")}>
      <Link to="/scorer" className={styles.moreLink}>
        <TrophyIcon size={20} />
        <span>
          <strong>{t("home.more.scorer")}</strong>
          <span className={styles.rowMeta}>{t("home.more.scorerText")}</span>
        </span>
      </Link>
      <Link to="/community" className={styles.moreLink}>
        <StarIcon size={20} />
        <span>
          <strong>{t("home.more.community")}</strong>
          <span className={styles.rowMeta}>{t("home.more.communityText")}</span>
        </span>
      </Link>
      <Link to={signedIn ? "/form" : paths.signIn("/form")} className={styles.moreLink}>
        <ChatIcon size={20} />
        <span>
          <strong>{t("home.more.feedback")}</strong>
          <span className={styles.rowMeta}>{t("home.more.feedbackText")}</span>
        </span>
      </Link>
    </nav>
  );
}

// The legend of the water needs: the marker itself (shape, colour, icon) beside its words.
import { NeedIcon } from "./NeedIcon.tsx";
import styles from "./water-need.module.css";
import { LEGEND_ORDER, needStyle } from "./water-need.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";

/** A marker's face: the shape in the need's colour with its icon (the map's markers use it too). */
export function NeedBadge({ need, size = 22 }: { need: string | null | undefined; size?: number }) {
  const style = needStyle(need);
  return (
    <span
      className={`${styles.badge} ${styles[style.shape]} need-badge`}
      style={{ background: style.colour, width: size, height: size }}
      data-need={style.need}
      data-shape={style.shape}
      aria-hidden="true"
    >
      <NeedIcon icon={style.icon} size={Math.round(size * 0.62)} />
    </span>
  );
}

export function NeedLegend({ className = "" }: { className?: string }) {
  const t = useT();
  return (
    <ul className={`${styles.legend} ${className}`.trim()} aria-label={t("need.legend")}>
      {LEGEND_ORDER.map((need) => (
        <li key={need}>
          <NeedBadge need={need} size={18} />
          <span>
            <strong>{t(`need.${need}.label`)}</strong>
            <span className={styles.meaning}> · {t(`need.${need}.meaning`)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

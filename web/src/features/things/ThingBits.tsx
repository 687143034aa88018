// Small pieces the thing and activity screens share: the indicator colour with its words, a
// thing's picture (or a calm placeholder), a time with its full date on hover, and a person.
import { Link } from "react-router";
import { Avatar } from "../../components/Avatar.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { PictureIcon } from "./icons.tsx";
import {
  type IndicatorColour,
  colourLabel,
  colourMeaning,
  formatDateTime,
  formatRelative,
  normaliseColour,
  thingTypeLabel,
} from "./thing-meta.ts";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

const INDICATOR_TONES: Record<IndicatorColour, string> = {
  red: styles.indicatorRed,
  orange: styles.indicatorOrange,
  green: styles.indicatorGreen,
  blue: styles.indicatorBlue,
  grey: styles.indicatorGrey,
};

/** A coloured dot with its label ("Needs water"): colour is never the only signal. */
export function IndicatorBadge({
  colour,
  parameter,
  withMeaning = false,
  size = "normal",
}: {
  colour: string | null | undefined;
  parameter?: string | null;
  withMeaning?: boolean;
  size?: "normal" | "small";
}) {
  const t = useT(thingsTexts, thingWordsTexts);
  const c = normaliseColour(colour);
  return (
    <span className={`${styles.indicator} ${INDICATOR_TONES[c]}${size === "small" ? ` ${styles.indicatorSmall}` : ""}`}>
      <span className={styles.indicatorDot} aria-hidden="true" />
      <span className={styles.indicatorLabel}>{colourLabel(c, parameter, t)}</span>
      {withMeaning ? <span className={styles.indicatorMeaning}>{colourMeaning(c, parameter, t)}</span> : null}
    </span>
  );
}

/** The thing's picture, or a placeholder with its type. */
export function ThingPicture({
  id,
  name,
  hasImage,
  type,
  size = 96,
  variant = "medium",
  className,
}: {
  id: string;
  name: string;
  hasImage: boolean;
  type?: string | null;
  size?: number;
  variant?: "thumb" | "medium" | "large";
  className?: string;
}) {
  const t = useT(thingsTexts, thingWordsTexts);
  if (hasImage) {
    return (
      <Avatar
        type="thing"
        id={id}
        name={name}
        hasImage
        size={size}
        variant={variant}
        shape="square"
        alt={t("things.pictureOf", { name })}
        className={className}
      />
    );
  }
  return (
    <span
      className={className ? `${styles.placeholder} ${className}` : styles.placeholder}
      style={{ width: size, height: size }}
      role="img"
      aria-label={t("things.noPictureOf", { name })}
    >
      <PictureIcon size={Math.max(20, Math.round(size / 3))} />
      {size >= 80 && type ? <span className={styles.placeholderType}>{thingTypeLabel(type, t)}</span> : null}
    </span>
  );
}

/** "3 hours ago", with the date and time for hover and assistive technology. */
export function TimeAgo({ value }: { value: string | null | undefined }) {
  const t = useT(thingsTexts, thingWordsTexts);
  if (!value) return <span>{t("things.never")}</span>;
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value, undefined, t)}
    </time>
  );
}

export interface PersonLike {
  id: string;
  name?: string | null;
  username?: string | null;
  hasImage?: boolean | null;
}

/** A person's name linking to their page; "Someone" when the viewer may not see users (guests). */
export function PersonLink({ person, you = false }: { person: PersonLike | null | undefined; you?: boolean }) {
  const t = useT(thingsTexts, thingWordsTexts);
  if (!person) return <span>{you ? t("things.you") : t("things.someone")}</span>;
  const label = you ? t("things.you") : person.name || person.username || t("things.someone");
  return <Link to={paths.user(person.id)}>{label}</Link>;
}

export function PersonAvatar({ person, size = 32 }: { person: PersonLike | null | undefined; size?: number }) {
  if (!person) {
    return <span className={styles.personUnknown} style={{ width: size, height: size }} aria-hidden="true" />;
  }
  return <Avatar id={person.id} name={person.name || person.username} hasImage={person.hasImage} size={size} />;
}

// Small pieces the thing and activity screens share: the indicator colour with its words, a
// thing's picture (or a calm placeholder), a time with its full date on hover, and a person.
import { Link } from "react-router";
import { Avatar } from "../../components/Avatar.tsx";
import { paths } from "../../routes/paths.ts";
import { PictureIcon } from "./icons.tsx";
import { colourLabel, colourMeaning, formatDateTime, formatRelative, normaliseColour, thingTypeLabel } from "./thing-meta.ts";

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
  const c = normaliseColour(colour);
  return (
    <span className={`indicator indicator-${c}${size === "small" ? " indicator-small" : ""}`}>
      <span className="indicator-dot" aria-hidden="true" />
      <span className="indicator-label">{colourLabel(c, parameter)}</span>
      {withMeaning ? <span className="indicator-meaning">{colourMeaning(c, parameter)}</span> : null}
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
        alt={`Picture of ${name}`}
        className={className}
      />
    );
  }
  return (
    <span
      className={`thing-placeholder${className ? ` ${className}` : ""}`}
      style={{ width: size, height: size }}
      role="img"
      aria-label={`No picture of ${name} yet`}
    >
      <PictureIcon size={Math.max(20, Math.round(size / 3))} />
      {size >= 80 && type ? <span className="thing-placeholder-type">{thingTypeLabel(type)}</span> : null}
    </span>
  );
}

/** "3 hours ago", with the date and time for hover and assistive technology. */
export function TimeAgo({ value, prefix }: { value: string | null | undefined; prefix?: string }) {
  if (!value) return <span>{prefix ? `${prefix} never` : "never"}</span>;
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {prefix ? `${prefix} ` : ""}
      {formatRelative(value)}
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
  if (!person) return <span>{you ? "You" : "Someone"}</span>;
  const label = you ? "You" : person.name || person.username || "Someone";
  return <Link to={paths.user(person.id)}>{label}</Link>;
}

export function PersonAvatar({ person, size = 32 }: { person: PersonLike | null | undefined; size?: number }) {
  if (!person) {
    return <span className="person-unknown" style={{ width: size, height: size }} aria-hidden="true" />;
  }
  return <Avatar id={person.id} name={person.name || person.username} hasImage={person.hasImage} size={size} />;
}

// The home dashboard's building blocks: a card with a heading, the overview figures, colour dots,
// loading and error states, and the cards for things, devices, groups, badges, activity, the
// colour summary and recent things. HomePage.tsx puts them together for members and guests.
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import type { CombinedError } from "urql";
import type { Branding } from "../../../../shared/branding.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { LocationMap, mapLink } from "../../components/environment/LocationMap.tsx";
import { paths } from "../../routes/paths.ts";
import {
  colourLabel,
  formatDateTime,
  formatReading,
  formatRelative,
  INDICATOR_COLOURS,
  normaliseColour,
  thingTypeLabel,
} from "../things/thing-meta.ts";
import { thingWordsTexts } from "../things/thing-words.ts";
import {
  totalOf,
  type ActivityItem,
  type ColourCounts,
  type GlanceThing,
  type MyBadge,
  type MyDevice,
  type MyGroup,
  type MyThingEntry,
  type PersonRef,
} from "./home-data.ts";
import { MapIcon, StarIcon } from "./icons.tsx";
import { NeedBadge } from "../../components/water-need/NeedLegend.tsx";
import { needStyle } from "../../components/water-need/water-need.ts";
import { useWaterNeedReason, waterNeedReasonIn } from "../../lib/i18n/water-need-reason.ts";
import { useLocale, useT } from "../../lib/i18n/locale-context.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import styles from "./home.module.css";
import { homeTexts, type HomeT } from "./texts.ts";

/** Numbers as the reader's language writes them ("8,000", "8.000"). */
export function useCountFormat(): (count: number) => string {
  const { locale } = useLocale();
  return (count) => count.toLocaleString(locale);
}

// Cards and states ---------------------------------------------------------------------------

export function HomeCard({
  title,
  link,
  tour,
  children,
  count,
}: {
  title: string;
  link?: { to: string; label: string } | null;
  /** `data-tour` target for the guided tour. */
  tour?: string;
  children: ReactNode;
  count?: number | null;
}) {
  const id = useId();
  const format = useCountFormat();
  return (
    <section className={styles.card} aria-labelledby={id} data-tour={tour}>
      <div className={styles.cardHead}>
        <h2 id={id}>
          {title}
          {count !== undefined && count !== null ? <span className="count-pill">{format(count)}</span> : null}
        </h2>
        {link ? (
          <Link to={link.to} className={styles.cardLink}>
            {link.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** Grey lines in the shape of a list while it loads. */
export function SkeletonRows({ rows = 3, label }: { rows?: number; label?: string }) {
  const t = useT(homeTexts);
  return (
    <div className={`${styles.skeleton} home-skeleton`} role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t("common.loading")}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity of their own, and never move
        <span key={i} className={styles.skeletonRow} aria-hidden="true">
          <span className={`${styles.shimmer} ${styles.skeletonDot}`} />
          <span className={styles.skeletonLines}>
            <span className={`${styles.shimmer} ${styles.skeletonLine}`} />
            <span className={`${styles.shimmer} ${styles.skeletonLine} ${styles.skeletonLineShort}`} />
          </span>
        </span>
      ))}
    </div>
  );
}

/** A failed load: offline says so calmly; a server error shows its first message and a retry. */
export function SectionError({ error, onRetry }: { error: CombinedError; onRetry?: () => void }) {
  const t = useT(homeTexts);
  if (error.networkError && !error.graphQLErrors.length) {
    return (
      <p className={styles.offlineNote}>
        {t("home.offlineNote")}
        {onRetry ? (
          <>
            {" "}
            <button type="button" className={styles.linkButton} onClick={onRetry}>
              {t("home.tryAgain")}
            </button>
          </>
        ) : null}
      </p>
    );
  }
  return (
    <div className={`form-error ${styles.error}`} role="alert">
      <span>{error.graphQLErrors[0]?.message ? translateServerMessage(error.graphQLErrors[0].message) : t("common.anErrorOccurred")}</span>
      {onRetry ? (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          {t("home.tryAgain")}
        </button>
      ) : null}
    </div>
  );
}

/** A section the page could not load (the page says why, once, at the top). */
export function Unavailable() {
  const t = useT(homeTexts);
  return <p className={styles.offlineNote}>{t("home.unavailable")}</p>;
}

/** An empty section that says what to do. */
export function EmptyNote({ children, action }: { children: ReactNode; action?: { to: string; label: string } | null }) {
  return (
    <div className={styles.empty}>
      <p>{children}</p>
      {action ? (
        <Link to={action.to} className="button button-secondary">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

export function SignInPrompt({ children, next = "/" }: { children: ReactNode; next?: string }) {
  const t = useT(homeTexts);
  return (
    <div className={styles.signin}>
      <p>{children}</p>
      <div className={styles.signinActions}>
        <Link to={paths.signIn(next)} className="button">
          {t("home.signIn")}
        </Link>
        <Link to={paths.register(next)} className="button button-secondary">
          {t("home.createAccount")}
        </Link>
      </div>
    </div>
  );
}

// Colour dots --------------------------------------------------------------------------------

const capitalised = (colour: string) => colour.charAt(0).toUpperCase() + colour.slice(1);
/** The dot's class for a colour (normaliseColour's red, orange, green, blue or grey). */
const indClass = (colour: string) => styles[`ind${capitalised(colour)}`];
/** The colour bar's segment class for a colour. */
const segClass = (colour: string) => styles[`seg${capitalised(colour)}`];

/** The indicator colour as a dot with its words: colour is never the only signal. */
export function ColourDot({
  colour,
  parameter,
  label = true,
  onPhoto = false,
}: {
  colour: string | null | undefined;
  parameter?: string | null;
  label?: boolean;
  /** On a photo (the gallery's caption): the words in white, whatever the colour. */
  onPhoto?: boolean;
}) {
  const t = useT(thingWordsTexts);
  const c = normaliseColour(colour);
  const text = colourLabel(c, parameter, t);
  return (
    <span className={`${styles.ind} ${indClass(c)}${onPhoto ? ` ${styles.indOnPhoto}` : ""}`} title={label ? undefined : text}>
      <span className={styles.indDot} aria-hidden="true" />
      {label ? <span className={styles.indLabel}>{text}</span> : <span className="visually-hidden">{text}</span>}
    </span>
  );
}

// Overview figures ---------------------------------------------------------------------------

export interface Figure {
  key: string;
  label: string;
  value: number | null;
  to: string;
  hint?: string;
}

export function OverviewFigures({ figures, loading, label }: { figures: Figure[]; loading: boolean; label: string }) {
  const format = useCountFormat();
  return (
    <ul
      className={figures.length === 4 ? `${styles.figures} ${styles.figures4}` : styles.figures}
      aria-label={label}
      aria-busy={loading || undefined}
    >
      {figures.map((figure) => (
        <li key={figure.key}>
          <Link to={figure.to} className={styles.figure}>
            {loading ? (
              <span className={`${styles.shimmer} ${styles.figureSkeleton}`} aria-hidden="true" />
            ) : (
              <span className={`${styles.figureValue} home-figure-value`}>{figure.value === null ? "—" : format(figure.value)}</span>
            )}
            <span className={styles.figureLabel}>{figure.label}</span>
            {figure.hint ? <span className={styles.figureHint}>{figure.hint}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

// My things ----------------------------------------------------------------------------------

function latestReading(thing: { indicatorParameter: string | null; water: number | null; ph: number | null }, t: HomeT): string | null {
  if (thing.indicatorParameter === "P_H") {
    return thing.ph === null || thing.ph === undefined
      ? null
      : t("home.thing.ph", { value: formatReading(thing.ph, { unit: "", digits: 1 }) });
  }
  return thing.water === null || thing.water === undefined
    ? null
    : t("home.thing.water", { value: formatReading(thing.water, { unit: "%", digits: 0 }) });
}

function personName(person: PersonRef | null | undefined, t: HomeT, selfId?: string): string {
  if (!person) return t("home.thing.someone");
  if (selfId && person.id === selfId) return t("home.thing.you");
  return person.name || person.username || t("home.thing.someone");
}

export function MyThingRow({
  entry,
  b,
  selfId,
  onMakeOneThing,
  busy,
}: {
  entry: MyThingEntry;
  b: Branding;
  selfId: string;
  onMakeOneThing?: (thingId: string | null) => void;
  busy?: boolean;
}) {
  const t = useT(homeTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { thing, isOneThing, isOwner, canRecord } = entry;
  const reason = useWaterNeedReason(thing);
  const reading = latestReading(thing, t);
  const last = thing.lastCareAction;
  return (
    <li className={`${styles.thing} home-thing${isOneThing ? ` ${styles.thingOne}` : ""}`}>
      <Avatar type="thing" id={thing.id} name={thing.name} hasImage={thing.hasImage} size={48} shape="square" />
      <span className={styles.thingBody}>
        <span className={styles.thingTitle}>
          <Link to={paths.thing(thing.id)}>{thing.name}</Link>
          {isOneThing ? <span className="tag tag-positive">{t("home.thing.yourOneThing", brand)}</span> : null}
          {isOwner ? <span className="tag">{t("home.thing.owner")}</span> : <span className="tag">{t("home.thing.collaborator")}</span>}
        </span>
        <span className={styles.thingMeta} title={reason ?? undefined}>
          <NeedBadge need={thing.waterNeed} size={16} />
          <strong className="home-thing-need">{t(`need.${needStyle(thing.waterNeed).need}.label`)}</strong>
          <span>
            {reading ? (
              <>
                {reading}
                {thing.lastSensorData ? (
                  <>
                    {" "}
                    ·{" "}
                    <time dateTime={thing.lastSensorData} title={formatDateTime(thing.lastSensorData)}>
                      {formatRelative(thing.lastSensorData, undefined, t)}
                    </time>
                  </>
                ) : null}
              </>
            ) : (
              thingTypeLabel(thing.type, t)
            )}
          </span>
        </span>
        <span className={styles.thingLast}>
          {last
            ? richText(
                t,
                "home.thing.last",
                {
                  when: (
                    <time dateTime={last.createdAt} title={formatDateTime(last.createdAt)}>
                      {formatRelative(last.createdAt, undefined, t)}
                    </time>
                  ),
                },
                // The action is part of the sentence (its words and their grammar differ by language).
                { type: last.type, who: personName(last.userByCreatedBy, t, selfId) },
              )
            : t("home.thing.noActions")}
        </span>
      </span>
      <span className={styles.thingActions}>
        {canRecord ? (
          <Link
            to={paths.thingAction(thing.id)}
            className="button button-secondary"
            aria-label={t("home.thing.recordLabel", { name: thing.name })}
          >
            {t("home.thing.record")}
          </Link>
        ) : null}
        {onMakeOneThing ? (
          <button
            type="button"
            className={isOneThing ? `${styles.star} ${styles.starOn}` : styles.star}
            aria-pressed={isOneThing}
            disabled={busy}
            onClick={() => onMakeOneThing(isOneThing ? null : thing.id)}
            title={isOneThing ? t("home.thing.yourOneThing", brand) : t("home.thing.makeOneThing", brand)}
          >
            <StarIcon size={20} filled={isOneThing} />
            <span className="visually-hidden">
              {isOneThing
                ? t("home.thing.isOneThing", { ...brand, name: thing.name })
                : t("home.thing.makeNamedOneThing", { ...brand, name: thing.name })}
            </span>
          </button>
        ) : null}
      </span>
    </li>
  );
}

// Devices, groups, badges ----------------------------------------------------------------------

const MODELS = ["LSE01", "LSPH01", "THE_THINGS_UNO"] as const;

function modelLabel(model: string, t: HomeT): string {
  return (MODELS as readonly string[]).includes(model) ? t(`home.model.${model as (typeof MODELS)[number]}`) : model;
}

export function DeviceRows({ devices }: { devices: MyDevice[] }) {
  const t = useT(homeTexts);
  return (
    <ul className={styles.rows}>
      {devices.map((device) => (
        <li key={device.id} className={styles.row}>
          <ColourDot colour={device.indicatorColour} parameter={device.indicatorParameter === "PH" ? "P_H" : "WATER"} label={false} />
          <span className={styles.rowBody}>
            <Link to={paths.device(device.id)}>{device.name}</Link>
            <span className={styles.rowMeta}>
              {modelLabel(device.model, t)}
              {device.thingByThingId ? ` · ${t("home.devices.on", { thing: device.thingByThingId.name })}` : ""}
              {device.battery !== null && device.battery !== undefined
                ? ` · ${t("home.devices.battery", { value: formatReading(device.battery, { unit: "", digits: 2 }) })}`
                : ""}
            </span>
          </span>
          <span className={styles.rowSide}>
            {device.lastSensorData ? (
              <time dateTime={device.lastSensorData} title={formatDateTime(device.lastSensorData)}>
                {formatRelative(device.lastSensorData)}
              </time>
            ) : (
              t("home.devices.noReadings")
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

const GROUP_TYPES = ["BEEPASS", "COUNCIL", "ESTATE", "ORCHARD", "GROWER"] as const;

function groupTypeLabel(type: string, t: HomeT): string {
  return (GROUP_TYPES as readonly string[]).includes(type)
    ? t(`home.groupType.${type as (typeof GROUP_TYPES)[number]}`)
    : type.charAt(0) + type.slice(1).toLowerCase();
}

export function GroupRows({ groups }: { groups: { group: MyGroup; isOwner: boolean }[] }) {
  const t = useT(homeTexts);
  return (
    <ul className={styles.rows}>
      {groups.map(({ group, isOwner }) => (
        <li key={group.id} className={styles.row}>
          <Avatar type="group" id={group.id} name={group.name} hasImage={group.hasImage} size={32} shape="square" />
          <span className={styles.rowBody}>
            <Link to={paths.group(group.id)}>{group.name}</Link>
            <span className={styles.rowMeta}>
              {groupTypeLabel(group.type, t)}
              {isOwner ? ` · ${t("home.groups.owner")}` : ""}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Medal({ level }: { level: number }) {
  const l = Math.min(Math.max(level, 1), 3);
  return (
    <svg
      className={`${styles.medal} ${[styles.medal1, styles.medal2, styles.medal3][l - 1]}`}
      viewBox="0 0 32 36"
      width="30"
      height="34"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 1h6l3 10h-6z" className={styles.medalRibbon} />
      <path d="M23 1h-6l-3 10h6z" className={`${styles.medalRibbon} ${styles.medalRibbonRight}`} />
      <circle cx="16" cy="22" r="12" className={styles.medalDisc} />
      <text x="16" y="26.5" textAnchor="middle" className={styles.medalText}>
        {["I", "II", "III"][l - 1]}
      </text>
    </svg>
  );
}

/** A badge level as its name says it: I, II, III. */
const ROMAN = ["", "I", "II", "III", "IV", "V"];

export function BadgeRows({ badges }: { badges: MyBadge[] }) {
  const t = useT(homeTexts);
  return (
    <ul className={styles.badges}>
      {badges.map((badge) => {
        const type = badge.badgeTypeByBadgeTypeId;
        return (
          <li key={badge.id} className={styles.badge}>
            <Medal level={type?.level ?? 1} />
            <span className={styles.rowBody}>
              <span className={styles.badgeTitle}>
                {/* The name by its kind (the stored title is English). */}
                {type
                  ? t("home.badges.name", { kind: type.badgeType, level: ROMAN[type.level] ?? String(type.level) })
                  : t("home.badges.badge")}
              </span>
              <span className={styles.rowMeta}>
                {t("home.badges.level", { level: type?.level ?? 1 })} ·{" "}
                <time dateTime={badge.awardedAt} title={formatDateTime(badge.awardedAt)}>
                  {formatRelative(badge.awardedAt)}
                </time>
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

// Activity -----------------------------------------------------------------------------------

export function ActivityRows({ items, selfId, signedIn }: { items: ActivityItem[]; selfId?: string; signedIn: boolean }) {
  const t = useT(homeTexts);
  return (
    <ul className={styles.activity}>
      {items.map((item) => {
        const person = item.userByCreatedBy;
        const someone = t("home.activity.someone");
        const who = person
          ? selfId && person.id === selfId
            ? t("home.activity.you")
            : person.name || person.username || someone
          : someone;
        return (
          <li key={item.id} className={styles.activityItem}>
            {person ? (
              <Avatar id={person.id} name={person.name || person.username} hasImage={person.hasImage} size={32} />
            ) : (
              <span className={styles.activityAnon} aria-hidden="true" />
            )}
            <span className={styles.rowBody}>
              <span>
                {richText(
                  t,
                  "home.activity.line",
                  {
                    who: person && signedIn ? <Link to={paths.user(person.id)}>{who}</Link> : <strong>{who}</strong>,
                    thing: item.thingByThingId ? (
                      <Link to={paths.thing(item.thingByThingId.id)}>{item.thingByThingId.name}</Link>
                    ) : (
                      t("home.activity.aThing")
                    ),
                  },
                  // The verb is part of the sentence: German puts it at the end and says "hast" to "Du".
                  { type: item.type ?? "other", you: selfId && person?.id === selfId ? "yes" : "no" },
                )}
              </span>
              {/* A new thing's action carries the database's "Added <name>": the line says it already. */}
              {item.comments && !(item.type === "CREATED" && /^Added /.test(item.comments)) ? (
                <span className={styles.activityComment}>“{item.comments}”</span>
              ) : null}
            </span>
            <time className={styles.rowSide} dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
              {formatRelative(item.createdAt)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}

// Things at a glance (the home page's map substitute) ---------------------------------------------

/** Marker colours on the map, as the dots. */
const MARKER_COLOURS: Record<string, string> = {
  red: "#c62828",
  orange: "#e07b00",
  green: "#2e7d32",
  blue: "#1565c0",
  grey: "#6b736b",
};

export interface MapFocus {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  indicatorColour: string | null;
  /** "Your One Thing", "One of your things" (in the reader's language). */
  caption: string;
}

export function ThingsAtAGlance({
  counts,
  needsWater,
  b,
  scope,
  focus,
}: {
  /** How many things of each colour there are (the server counts them all). */
  counts: ColourCounts;
  /** The things that need water most, the driest first (at most five). */
  needsWater: GlanceThing[];
  b: Branding;
  /** Whose things are counted: those the member can see, or the public ones. */
  scope: "mine" | "public";
  /** A thing to show on a small map (the One Thing). */
  focus?: MapFocus | null;
}) {
  const t = useT(homeTexts);
  const brand = { brand: b.key };
  const format = useCountFormat();
  const total = totalOf(counts);
  const { locale } = useLocale();
  return (
    <>
      {focus ? (
        <div className={styles.map}>
          <LocationMap
            latitude={focus.latitude}
            longitude={focus.longitude}
            label={focus.name}
            height={170}
            zoom={14}
            colour={MARKER_COLOURS[normaliseColour(focus.indicatorColour)]}
            caption={false}
          />
          <p className={styles.mapCaption}>
            <span>
              {richText(t, "home.map.caption", { name: <Link to={paths.thing(focus.id)}>{focus.name}</Link> }, { caption: focus.caption })}
            </span>
            <Link to={mapLink(focus.latitude, focus.longitude, 14)}>{t("home.map.aroundIt")}</Link>
          </p>
        </div>
      ) : null}
      {total === 0 ? (
        <EmptyNote action={{ to: "/map", label: t("home.map.open") }}>{t("home.glance.empty", brand)}</EmptyNote>
      ) : (
        <>
          <p className={styles.glanceTotal}>{t("home.glance.total", { ...brand, scope, count: total })}</p>
          <div className={styles.colourBar} aria-hidden="true">
            {INDICATOR_COLOURS.filter((c) => counts[c] > 0).map((c) => (
              <span key={c} className={`${styles.colourSeg} ${segClass(c)}`} style={{ flexGrow: counts[c] }} />
            ))}
          </div>
          <ul className={styles.legend}>
            {INDICATOR_COLOURS.filter((c) => counts[c] > 0).map((c) => (
              <li key={c}>
                <span className={`${styles.ind} ${indClass(c)}`}>
                  <span className={styles.indDot} aria-hidden="true" />
                </span>
                <strong>{format(counts[c])}</strong> {t(`home.colour.${c}`)}
              </li>
            ))}
          </ul>
          {needsWater.length ? (
            <>
              <h3 className={styles.subhead}>{t("home.glance.needsWater")}</h3>
              <ul className={`${styles.rows} ${styles.rowsTight}`}>
                {needsWater.map((thing) => (
                  <li key={thing.id} className={styles.row} title={waterNeedReasonIn(locale, thing) ?? undefined}>
                    <NeedBadge need={thing.waterNeed} size={18} />
                    <span className={styles.rowBody}>
                      <Link to={paths.thing(thing.id)}>{thing.name}</Link>
                    </span>
                    <span className={styles.rowSide}>{t(`need.${needStyle(thing.waterNeed).need}.label`)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className={`muted ${styles.allWell}`}>{t("home.glance.allWell")}</p>
          )}
        </>
      )}
      <Link to="/map" className={`button button-secondary ${styles.mapButton}`}>
        <MapIcon size={18} /> {t("home.map.open")}
      </Link>
    </>
  );
}

// Recent things --------------------------------------------------------------------------------

export function RecentThingTiles({
  things,
}: {
  things: {
    id: string;
    name: string;
    type: string;
    hasImage: boolean;
    indicatorColour: string | null;
    indicatorParameter: string | null;
  }[];
}) {
  const t = useT(homeTexts);
  return (
    <ul className={styles.recent}>
      {things.map((thing) => (
        <li key={thing.id}>
          <Link to={paths.thing(thing.id)} className={styles.recentTile}>
            <Avatar type="thing" id={thing.id} name={thing.name} hasImage={thing.hasImage} size={40} shape="square" />
            <span className={styles.recentBody}>
              <span className={styles.recentName}>{thing.name}</span>
              <span className={styles.rowMeta}>
                <ColourDot colour={thing.indicatorColour} parameter={thing.indicatorParameter} label={false} />{" "}
                {thingTypeLabel(thing.type, t)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

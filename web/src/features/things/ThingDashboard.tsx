// The dashboard tab: how the thing is doing (indicator colour and what it means, latest readings,
// hydration band), what it is, the last care action, and quick buttons: record an action,
// collaborate or stop, make it my One Thing.
import { ThingInventoryDetails } from "./ThingInventoryDetails.tsx";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { useMutation } from "urql";
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useLocale, useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { ChatPanel } from "../chat/ChatPanel.tsx";
import { errorText } from "./errors.ts";
import { actionIconClass } from "./ActionItem.tsx";
import { ActionIcon, StarIcon } from "./icons.tsx";
import { IndicatorBadge, PersonLink, TimeAgo } from "./ThingBits.tsx";
import {
  READINGS,
  actionTypeLabel,
  bandRange,
  colourLabel,
  formatDate,
  formatReading,
  hydrationBandLabel,
  hydrationLevelsOf,
  readingLabel,
  thingTypeLabel,
} from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";
import { formatLitres } from "./LitresField.tsx";
import { DeleteThingAccessDocument as DeleteThingAccessMutation } from "./DeleteThingAccess.generated.ts";
import { SetOneThingDocument as SetOneThingMutation } from "./SetOneThing.generated.ts";
import { TasksForThing } from "../tasks/index.ts";
import { AdoptionPanel } from "../adoption/AdoptionPanel.tsx";
import { ThingRotaWeek } from "../rotas/ThingRotaWeek.tsx";
import { thingsTexts } from "./texts.ts";
import { thingWordsTexts } from "./thing-words.ts";
import styles from "./things.module.css";

export function ThingDashboard({ thing, onChanged }: { thing: ThingDetails; onChanged(): void }) {
  return (
    <div className={styles.dashboardGrid}>
      <StatusCard thing={thing} />
      <QuickActions thing={thing} onChanged={onChanged} />
      <AdoptionPanel thingId={thing.id} />
      <ThingRotaWeek thingId={thing.id} />
      <AboutCard thing={thing} />
      <LastActionCard thing={thing} />
      <TasksForThing thingId={thing.id} thingName={thing.name} canPlan={Boolean(thing.canEdit || thing.canRecordAction)} />
      <ChatPanel thingId={thing.id} thingName={thing.name} />
    </div>
  );
}

function StatusCard({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const { locale } = useLocale();
  const brand = { brand: b.key };
  const levels = hydrationLevelsOf(thing.hydrationLevels);
  const band = hydrationBandLabel(thing.hydrationBand, t);
  const range = bandRange(thing.hydrationBand, levels, t);
  const hasReadings = Boolean(thing.lastSensorData);
  const was = colourLabel(thing.indicatorColourLast, thing.indicatorParameter, t);
  const devices = thing.devicesByThingId.nodes.map((device, index) => (
    <span key={device.id}>
      {index > 0 ? ", " : ""}
      <Link to={paths.device(device.id)}>{device.name}</Link>
    </span>
  ));
  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title">{t("things.status.title")}</h2>
      <IndicatorBadge colour={thing.indicatorColour} parameter={thing.indicatorParameter} withMeaning />
      {thing.indicatorColourChangedAt && thing.indicatorColourLast && thing.indicatorColourLast !== thing.indicatorColour ? (
        <p className="muted small">
          {/* English writes the state in lower case mid-sentence ("was too dry"); German keeps its capitals. */}
          {richText(
            t,
            "things.status.was",
            { time: <TimeAgo value={thing.indicatorColourChangedAt} /> },
            { colour: locale === "de" ? was : was.toLowerCase() },
          )}
        </p>
      ) : null}
      {hasReadings ? (
        <>
          <dl className={styles.readingsGrid} aria-label={t("things.status.latestReadings")}>
            {READINGS.filter((reading) => thing[reading.key] !== null && thing[reading.key] !== undefined).map((reading) => (
              <div key={reading.key} className={styles.reading}>
                <dt>{readingLabel(reading.key, t)}</dt>
                <dd>
                  {formatReading(thing[reading.key], { ...reading, unit: "" })}
                  {reading.unit ? <span className={styles.readingUnit}>{reading.unit === "%" ? "%" : ` ${reading.unit}`}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
          {band ? (
            <p>
              {richText(t, "things.status.band", { band: <strong>{band}</strong> }, {})}
              {range ? <span className="muted"> ({range})</span> : null}
            </p>
          ) : null}
          <p className="muted small">
            {thing.devicesByThingId.totalCount > 0
              ? richText(
                  t,
                  "things.status.lastReadingFrom",
                  { time: <TimeAgo value={thing.lastSensorData} />, devices: <>{devices}</> },
                  {},
                )
              : richText(t, "things.status.lastReading", { time: <TimeAgo value={thing.lastSensorData} /> }, {})}{" "}
            <Link to={paths.thing(thing.id, "readings")}>{t("things.status.seeReadings")}</Link>
          </p>
        </>
      ) : (
        <div className={styles.noReadings}>
          <p>{thing.devicesByThingId.totalCount > 0 ? t("things.status.noReadingsFitted") : t("things.status.noReadingsFit", brand)}</p>
          {thing.canEdit && thing.devicesByThingId.totalCount === 0 ? (
            <Link to="/devices/new" className="button button-secondary">
              {t("things.registerDevice")}
            </Link>
          ) : null}
        </div>
      )}
    </section>
  );
}

function QuickActions({ thing, onChanged }: { thing: ThingDetails; onChanged(): void }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { session, signedIn, store } = useSession();
  const notify = useNotify();
  const location = useLocation();
  const [, deleteAccess] = useMutation(DeleteThingAccessMutation);
  const [, setOneThing] = useMutation(SetOneThingMutation);
  const [busy, setBusy] = useState<"leave" | "one" | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!signedIn || !session) {
    return (
      <section className="card" aria-labelledby="quick-title">
        <h2 id="quick-title">{t("things.quick.helpTitle")}</h2>
        <p>{t("things.quick.signInText", brand)}</p>
        <div className={styles.quickActions}>
          <Link to={paths.signIn(location.pathname)} className="button">
            {t("things.signInButton")}
          </Link>
          <Link to={paths.register(location.pathname)} className="button button-secondary">
            {t("things.register")}
          </Link>
        </div>
      </section>
    );
  }

  const mine = thing.thingAccessesByThingId.nodes.find((access) => access.userId === session.id);
  const isOwner = Boolean(mine?.isOwner);
  const isCollaborator = Boolean(mine?.isCollaborator);
  const isOneThing = session.oneThingId === thing.id;

  const stopCollaborating = async () => {
    if (!mine) return;
    setBusy("leave");
    setError(null);
    const result = await deleteAccess({ id: mine.id });
    setBusy(null);
    if (result.error) {
      setError(errorText(result.error, t("things.failedRemoveAccess")));
      return;
    }
    notify.positive(t("things.collaboratorRemoved"));
    onChanged();
  };

  const toggleOneThing = async () => {
    setBusy("one");
    setError(null);
    const next = isOneThing ? null : thing.id;
    const result = await setOneThing({ userId: session.id, thingId: next });
    setBusy(null);
    if (result.error) {
      setError(errorText(result.error, t("things.errorOccurred")));
      return;
    }
    const current = store.get();
    if (current) store.set({ ...current, oneThingId: next });
    notify.positive(next ? t("things.quick.nowOneThing", { name: thing.name }) : t("things.quick.noLongerOneThing", { name: thing.name }));
  };

  return (
    <section className="card" aria-labelledby="quick-title">
      <h2 id="quick-title">{t("things.quick.title")}</h2>
      <p className="muted small">
        {isOwner
          ? t("things.quick.youOwn", brand)
          : isCollaborator
            ? t("things.quick.youCollaborate", brand)
            : thing.canRecordAction
              ? t("things.quick.youMayRecord")
              : t("things.quick.collaborateToRecord", brand)}
      </p>
      <div className={styles.quickActions}>
        {thing.canRecordAction ? (
          <Link to={paths.thingAction(thing.id)} className="button">
            <ActionIcon type="WATERING" size={18} /> {t("things.recordAction")}
          </Link>
        ) : null}
        {!isOwner && !isCollaborator ? (
          <Link to={paths.thingCollaborate(thing.id)} className={thing.canRecordAction ? "button button-secondary" : "button"}>
            {t("things.collaborate")}
          </Link>
        ) : null}
        {isCollaborator && !isOwner ? (
          <button type="button" className="button button-secondary" onClick={stopCollaborating} disabled={busy !== null}>
            {busy === "leave" ? t("things.quick.stopping") : t("things.quick.stopCollaborating")}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          onClick={toggleOneThing}
          disabled={busy !== null}
          aria-pressed={isOneThing}
        >
          <StarIcon size={18} filled={isOneThing} />
          {busy === "one" ? t("things.saving") : isOneThing ? t("things.quick.myOneThing") : t("things.quick.makeOneThing")}
        </button>
      </div>
      {isOneThing ? <p className="muted small">{t("things.quick.oneThingText", brand)}</p> : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function AboutCard({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const owners = thing.thingAccessesByThingId.nodes.filter((a) => a.isOwner);
  const collaborators = thing.thingAccessesByThingId.nodes.filter((a) => a.isCollaborator && !a.isOwner);
  return (
    <section className="card" aria-labelledby="about-title">
      <h2 id="about-title">{t("things.about.title", brand)}</h2>
      {thing.description ? (
        <p className={styles.description}>{thing.description}</p>
      ) : (
        <p className="muted">{t("things.about.noDescription")}</p>
      )}
      <dl className="details">
        <dt>{t("things.filter.type")}</dt>
        <dd>{thingTypeLabel(thing.type, t)}</dd>
        <ThingInventoryDetails thing={thing} />
        <dt>{t("things.filter.group", brand)}</dt>
        <dd>{thing.groupByGroupId ? <Link to={paths.group(thing.groupByGroupId.id)}>{thing.groupByGroupId.name}</Link> : "—"}</dd>
        {thing.locationDescription ? (
          <>
            <dt>{t("things.about.where")}</dt>
            <dd>{thing.locationDescription}</dd>
          </>
        ) : null}
        <dt>{t("things.about.caredForBy")}</dt>
        <dd>
          {owners.length + collaborators.length === 0 ? (
            t("things.about.nobodyYet")
          ) : (
            <Link to={paths.thing(thing.id, "collaborators")}>
              {t("things.about.carers", { owners: owners.length, collaborators: collaborators.length })}
            </Link>
          )}
        </dd>
        <dt>{t("things.about.added")}</dt>
        <dd>
          <time dateTime={thing.createdAt}>{formatDate(thing.createdAt)}</time>
        </dd>
      </dl>
    </section>
  );
}

function LastActionCard({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const t = useT(thingsTexts, thingWordsTexts);
  const brand = { brand: b.key };
  const { session } = useSession();
  const last = thing.actionsByThingId.nodes[0];
  const total = thing.actionsByThingId.totalCount;
  return (
    <section className="card" aria-labelledby="last-action-title">
      <h2 id="last-action-title">{t("things.last.title")}</h2>
      {last ? (
        <div className={styles.lastAction}>
          <span className={actionIconClass(last.type)}>
            <ActionIcon type={last.type} />
          </span>
          <div>
            <p className={styles.lastActionLine}>
              {last.type !== "CREATED" ? (
                <>
                  <strong>{actionTypeLabel(last.type, t)}</strong> ·{" "}
                </>
              ) : null}
              {richText(
                t,
                "things.actionLine",
                { person: <PersonLink person={last.userByCreatedBy} you={Boolean(session && last.createdBy === session.id)} /> },
                { type: last.type, you: session && last.createdBy === session.id ? "yes" : "no", thing: t("things.it") },
              )}
              {last.litres ? ` · ${formatLitres(last.litres)}` : ""} <TimeAgo value={last.createdAt} />
            </p>
            {last.comments && !(last.type === "CREATED" && last.comments === `Added ${thing.name}`) ? (
              <p className={styles.actionComments}>{last.comments}</p>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="muted">{t("things.last.nothingYet")}</p>
      )}
      {thing.litresTotal ? (
        <p className={styles.litresTotal}>
          <ActionIcon type="WATERING" size={16} />{" "}
          {richText(t, "things.last.litresTotal", { litres: <strong>{formatLitres(thing.litresTotal)}</strong> }, {})}
        </p>
      ) : null}
      <p className="small">
        <Link to={paths.thing(thing.id, "timeline")}>{t("things.last.seeTimeline", { total })}</Link>
        {thing.canRecordAction ? (
          <>
            {" · "}
            <Link to={paths.thingAction(thing.id)}>{t("things.last.recordWhat", brand)}</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}

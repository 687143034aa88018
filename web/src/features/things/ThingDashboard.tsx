// The dashboard tab: how the thing is doing (indicator colour and what it means, latest readings,
// hydration band), what it is, the last care action, and quick buttons: record an action,
// collaborate or stop, make it my One Thing.
import { ThingInventoryDetails } from "./ThingInventoryDetails.tsx";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { useMutation } from "urql";
import { term } from "../../../../shared/branding.ts";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import { ChatPanel } from "../chat/ChatPanel.tsx";
import { errorText } from "./errors.ts";
import { ActionIcon, StarIcon } from "./icons.tsx";
import { IndicatorBadge, PersonLink, TimeAgo } from "./ThingBits.tsx";
import {
  READINGS,
  actionTypeLabel,
  actionVerb,
  bandRange,
  colourLabel,
  formatDate,
  formatReading,
  hydrationBandLabel,
  hydrationLevelsOf,
  thingTypeLabel,
} from "./thing-meta.ts";
import type { ThingDetails } from "./types.ts";
import { formatLitres } from "./LitresField.tsx";
import { DeleteThingAccessDocument as DeleteThingAccessMutation } from "./DeleteThingAccess.generated.ts";
import { SetOneThingDocument as SetOneThingMutation } from "./SetOneThing.generated.ts";
import { TasksForThing } from "../tasks/index.ts";
import { AdoptionPanel } from "../adoption/AdoptionPanel.tsx";
import { ThingRotaWeek } from "../rotas/ThingRotaWeek.tsx";

export function ThingDashboard({ thing, onChanged }: { thing: ThingDetails; onChanged(): void }) {
  return (
    <div className="dashboard-grid">
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
  const levels = hydrationLevelsOf(thing.hydrationLevels);
  const band = hydrationBandLabel(thing.hydrationBand);
  const range = bandRange(thing.hydrationBand, levels);
  const hasReadings = Boolean(thing.lastSensorData);
  return (
    <section className="card status-card" aria-labelledby="status-title">
      <h2 id="status-title">How it is doing</h2>
      <IndicatorBadge colour={thing.indicatorColour} parameter={thing.indicatorParameter} withMeaning />
      {thing.indicatorColourChangedAt && thing.indicatorColourLast && thing.indicatorColourLast !== thing.indicatorColour ? (
        <p className="muted small">
          Was {colourLabel(thing.indicatorColourLast, thing.indicatorParameter).toLowerCase()} until{" "}
          <TimeAgo value={thing.indicatorColourChangedAt} />.
        </p>
      ) : null}
      {hasReadings ? (
        <>
          <dl className="readings-grid" aria-label="Latest readings">
            {READINGS.filter((reading) => thing[reading.key] !== null && thing[reading.key] !== undefined).map((reading) => (
              <div key={reading.key} className="reading">
                <dt>{reading.label}</dt>
                <dd>
                  {formatReading(thing[reading.key], { ...reading, unit: "" })}
                  {reading.unit ? <span className="reading-unit">{reading.unit === "%" ? "%" : ` ${reading.unit}`}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
          {band ? (
            <p className="hydration">
              Hydration band: <strong>{band}</strong>
              {range ? <span className="muted"> ({range})</span> : null}
            </p>
          ) : null}
          <p className="muted small">
            Last reading <TimeAgo value={thing.lastSensorData} />
            {thing.devicesByThingId.totalCount > 0 ? (
              <>
                {" "}
                from{" "}
                {thing.devicesByThingId.nodes.map((device, index) => (
                  <span key={device.id}>
                    {index > 0 ? ", " : ""}
                    <Link to={paths.device(device.id)}>{device.name}</Link>
                  </span>
                ))}
              </>
            ) : null}
            . <Link to={paths.thing(thing.id, "readings")}>See readings</Link>
          </p>
        </>
      ) : (
        <div className="no-readings">
          <p>
            No sensor readings yet.{" "}
            {thing.devicesByThingId.totalCount > 0
              ? "The fitted device has not reported in yet."
              : `Fit a soil sensor to this ${term(b, "thing")} to see its water, temperature, conductivity and pH here.`}
          </p>
          {thing.canEdit && thing.devicesByThingId.totalCount === 0 ? (
            <Link to="/devices/new" className="button button-secondary">
              Register a device
            </Link>
          ) : null}
        </div>
      )}
    </section>
  );
}

function QuickActions({ thing, onChanged }: { thing: ThingDetails; onChanged(): void }) {
  const b = useBranding();
  const { session, signedIn, store } = useSession();
  const notify = useNotify();
  const location = useLocation();
  const [, deleteAccess] = useMutation(DeleteThingAccessMutation);
  const [, setOneThing] = useMutation(SetOneThingMutation);
  const [busy, setBusy] = useState<"leave" | "one" | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!signedIn || !session) {
    return (
      <section className="card quick-card" aria-labelledby="quick-title">
        <h2 id="quick-title">Help look after it</h2>
        <p>Sign in to record what you do for this {term(b, "thing")}, collaborate with its carers and follow it.</p>
        <div className="quick-actions">
          <Link to={paths.signIn(location.pathname)} className="button">
            Sign in
          </Link>
          <Link to={paths.register(location.pathname)} className="button button-secondary">
            Create an account
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
      setError(errorText(result.error, "Failed to remove access"));
      return;
    }
    notify.positive("Collaborator removed");
    onChanged();
  };

  const toggleOneThing = async () => {
    setBusy("one");
    setError(null);
    const next = isOneThing ? null : thing.id;
    const result = await setOneThing({ userId: session.id, thingId: next });
    setBusy(null);
    if (result.error) {
      setError(errorText(result.error, "An error occurred"));
      return;
    }
    const current = store.get();
    if (current) store.set({ ...current, oneThingId: next });
    notify.positive(next ? `${thing.name} is now your One Thing` : `${thing.name} is no longer your One Thing`);
  };

  return (
    <section className="card quick-card" aria-labelledby="quick-title">
      <h2 id="quick-title">Quick actions</h2>
      <p className="muted small">
        {isOwner
          ? `You own this ${term(b, "thing")}.`
          : isCollaborator
            ? `You collaborate on this ${term(b, "thing")}.`
            : thing.canRecordAction
              ? "You can record care actions here."
              : `Collaborate to record what you do for this ${term(b, "thing")}.`}
      </p>
      <div className="quick-actions">
        {thing.canRecordAction ? (
          <Link to={paths.thingAction(thing.id)} className="button">
            <ActionIcon type="WATERING" size={18} /> Record an action
          </Link>
        ) : null}
        {!isOwner && !isCollaborator ? (
          <Link to={paths.thingCollaborate(thing.id)} className={thing.canRecordAction ? "button button-secondary" : "button"}>
            Collaborate
          </Link>
        ) : null}
        {isCollaborator && !isOwner ? (
          <button type="button" className="button button-secondary" onClick={stopCollaborating} disabled={busy !== null}>
            {busy === "leave" ? "Stopping…" : "Stop collaborating"}
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
          {busy === "one" ? "Saving…" : isOneThing ? "My One Thing" : "Make it my One Thing"}
        </button>
      </div>
      {isOneThing ? (
        <p className="muted small">This is your One Thing: the {term(b, "thing")} you care about most. Press again to unset it.</p>
      ) : null}
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
  const owners = thing.thingAccessesByThingId.nodes.filter((a) => a.isOwner);
  const collaborators = thing.thingAccessesByThingId.nodes.filter((a) => a.isCollaborator && !a.isOwner);
  return (
    <section className="card about-card" aria-labelledby="about-title">
      <h2 id="about-title">About this {term(b, "thing")}</h2>
      {thing.description ? <p className="thing-description">{thing.description}</p> : <p className="muted">No description yet.</p>}
      <dl className="details">
        <dt>Type</dt>
        <dd>{thingTypeLabel(thing.type)}</dd>
        <ThingInventoryDetails thing={thing} />
        <dt>{term(b, "group", true)}</dt>
        <dd>
          {thing.groupByGroupId ? <Link to={paths.group(thing.groupByGroupId.id)}>{thing.groupByGroupId.name}</Link> : "—"}
        </dd>
        {thing.locationDescription ? (
          <>
            <dt>Where</dt>
            <dd>{thing.locationDescription}</dd>
          </>
        ) : null}
        <dt>Cared for by</dt>
        <dd>
          {owners.length + collaborators.length === 0 ? (
            "Nobody yet"
          ) : (
            <Link to={paths.thing(thing.id, "collaborators")}>
              {owners.length} {owners.length === 1 ? "owner" : "owners"}
              {collaborators.length ? `, ${collaborators.length} ${collaborators.length === 1 ? "collaborator" : "collaborators"}` : ""}
            </Link>
          )}
        </dd>
        <dt>Added</dt>
        <dd>{formatDate(thing.createdAt)}</dd>
      </dl>
    </section>
  );
}

function LastActionCard({ thing }: { thing: ThingDetails }) {
  const b = useBranding();
  const { session } = useSession();
  const last = thing.actionsByThingId.nodes[0];
  const total = thing.actionsByThingId.totalCount;
  return (
    <section className="card last-action-card" aria-labelledby="last-action-title">
      <h2 id="last-action-title">Last action</h2>
      {last ? (
        <div className="last-action">
          <span className={`action-icon action-${last.type.toLowerCase()}`}>
            <ActionIcon type={last.type} />
          </span>
          <div>
            <p className="last-action-line">
              {last.type !== "CREATED" ? (
                <>
                  <strong>{actionTypeLabel(last.type)}</strong> ·{" "}
                </>
              ) : null}
              <PersonLink person={last.userByCreatedBy} you={Boolean(session && last.createdBy === session.id)} />{" "}
              {actionVerb(last.type)} it
              {last.litres ? ` · ${formatLitres(last.litres)}` : ""} <TimeAgo value={last.createdAt} />
            </p>
            {last.comments && !(last.type === "CREATED" && last.comments === `Added ${thing.name}`) ? (
              <p className="action-comments">{last.comments}</p>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="muted">Nothing recorded yet.</p>
      )}
      {thing.litresTotal ? (
        <p className="litres-total">
          <ActionIcon type="WATERING" size={16} /> <strong>{formatLitres(thing.litresTotal)}</strong> of water recorded in all
        </p>
      ) : null}
      <p className="small">
        <Link to={paths.thing(thing.id, "timeline")}>
          See the timeline{total > 0 ? ` (${total} ${total === 1 ? "action" : "actions"})` : ""}
        </Link>
        {thing.canRecordAction ? (
          <>
            {" · "}
            <Link to={paths.thingAction(thing.id)}>Record what you did for this {term(b, "thing")}</Link>
          </>
        ) : null}
      </p>
    </section>
  );
}

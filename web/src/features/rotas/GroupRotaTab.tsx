// /groups/{id}/rota (issue 26): the group's watering rota. Members take days of the week ("I do
// Tuesdays") for all the group's things; owners put members on days and take anyone off; the next
// four weeks show who is on, after swaps; someone on a date asks to swap it, another member takes
// it (optionally giving one of their own dates back). Dates and limits are checked here first
// (shared/care-rules.ts) and again by the database, whose words are shown.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import { ROTA_PEOPLE_PER_DAY, SWAP_NOTE_MAX, WEEKDAYS, rotaDateLabel, swapDateProblem, ukToday } from "../../../../shared/care-rules.ts";
import { useNotify } from "../../lib/notices.tsx";
import { errorText } from "../things/errors.ts";
import { personName, type GroupRotaData, type RotaDuty, type RotaSwap } from "./rota-types.ts";
import { AcceptRotaSwapDocument as AcceptRotaSwapMutation } from "./AcceptRotaSwap.generated.ts";
import { AskRotaSwapDocument as AskRotaSwapMutation } from "./AskRotaSwap.generated.ts";
import { CancelRotaSwapDocument as CancelRotaSwapMutation } from "./CancelRotaSwap.generated.ts";
import { GroupRotaDocument as GroupRotaQuery } from "./GroupRota.generated.ts";
import { LeaveRotaSlotDocument as LeaveRotaSlotMutation } from "./LeaveRotaSlot.generated.ts";
import { TakeRotaSlotDocument as TakeRotaSlotMutation } from "./TakeRotaSlot.generated.ts";
import "./rotas.css";

const UPCOMING_DAYS = 28;

export interface GroupRotaTabProps {
  groupId: string;
  /** The signed-in person's id, or null for a guest. */
  myUserId: string | null;
  isMember: boolean;
  /** Owners and admins. */
  canManage: boolean;
  today?: string;
}

export function GroupRotaTab({ groupId, myUserId, isMember, canManage, today = ukToday() }: GroupRotaTabProps) {
  const notify = useNotify();
  const [problem, setProblem] = useState<string | null>(null);
  const [result, reexecute] = useQuery<GroupRotaData>({
    query: GroupRotaQuery,
    variables: { id: groupId, from: today, days: UPCOMING_DAYS },
    pause: !isMember && !canManage,
  });
  const [, take] = useMutation(TakeRotaSlotMutation);
  const [, leave] = useMutation(LeaveRotaSlotMutation);
  const [, ask] = useMutation(AskRotaSwapMutation);
  const [, accept] = useMutation(AcceptRotaSwapMutation);
  const [, cancel] = useMutation(CancelRotaSwapMutation);

  if (!isMember && !canManage) {
    return (
      <section className="card" aria-labelledby="rota-title">
        <h2 id="rota-title">Watering rota</h2>
        <p>The rota is for the group's members: join the group to take a day.</p>
      </section>
    );
  }
  const group = result.data?.groupById;
  if (!group) return result.error ? <p role="alert">{errorText(result.error, "An error occurred")}</p> : <p>Loading the rota…</p>;

  /** Runs a mutation; on success says so and loads the rota again, else shows the reason. */
  const run = async (send: () => Promise<{ error?: Parameters<typeof errorText>[0] }>, done: string, fallback: string) => {
    setProblem(null);
    const r = await send();
    if (r.error) {
      setProblem(errorText(r.error, fallback));
      return false;
    }
    notify.positive(done);
    reexecute({ requestPolicy: "network-only" });
    return true;
  };

  const slots = group.rotaSlotsByGroupId.nodes;
  const duties = group.rotaDuties.nodes;
  const swaps = group.rotaSwapsByGroupId.nodes;
  const myDuties = duties.filter((d) => d.userId === myUserId);

  return (
    <div className="rota-tab">
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <section className="card" aria-labelledby="rota-title">
        <h2 id="rota-title">Watering rota</h2>
        <p className="muted">
          Each day of the week, up to {ROTA_PEOPLE_PER_DAY} people water the group's things. You get a reminder on your day.
        </p>
        <ul className="rota-days">
          {WEEKDAYS.map((dayName, i) => {
            const weekday = i + 1;
            const here = slots.filter((s) => s.weekday === weekday);
            const mine = here.some((s) => s.userId === myUserId);
            return (
              <li key={dayName} className="rota-row" data-testid={`rota-weekday-${weekday}`}>
                <span className="rota-day">{dayName}</span>
                {here.length === 0 ? <span className="muted">Nobody yet</span> : null}
                {here.map((s) => (
                  <span key={s.id} className="rota-person">
                    {s.userId === myUserId ? "You" : personName(s.userByUserId)}
                    {s.userId === myUserId || canManage ? (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        aria-label={`Take ${s.userId === myUserId ? "yourself" : personName(s.userByUserId)} off ${dayName}s`}
                        onClick={() => run(() => leave({ slotId: s.id }), `Off the rota on ${dayName}s`, "Could not change the rota")}
                      >
                        Remove
                      </button>
                    ) : null}
                  </span>
                ))}
                {isMember && !mine && here.length < ROTA_PEOPLE_PER_DAY ? (
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => run(() => take({ groupId, weekday, userId: null }), `You are on the rota on ${dayName}s`, "Could not change the rota")}
                  >
                    Take {dayName}s
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
        {canManage ? <AssignForm members={group.rotaMembers.nodes} onAssign={(userId, weekday) => run(() => take({ groupId, weekday, userId }), `Added to the rota on ${WEEKDAYS[weekday - 1]}s`, "Could not change the rota")} /> : null}
      </section>

      <section className="card" aria-labelledby="rota-upcoming-title">
        <h2 id="rota-upcoming-title">The next four weeks</h2>
        {duties.length === 0 ? <p className="muted">Nobody is on the rota yet.</p> : null}
        <ul className="rota-upcoming">
          {duties.map((d) => (
            <UpcomingDuty
              key={`${d.day}-${d.slotId}-${d.userId}`}
              duty={d}
              mine={d.userId === myUserId}
              today={today}
              asked={swaps.some((w) => w.slotId === d.slotId && w.onDate === d.day)}
              onAsk={(note) => run(() => ask({ slotId: d.slotId, onDate: d.day, note }), `Asked the group to take ${rotaDateLabel(d.day)}`, "Could not ask for a swap")}
            />
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="rota-swaps-title">
        <h2 id="rota-swaps-title">Swap requests</h2>
        {swaps.length === 0 ? <p className="muted">No open requests.</p> : null}
        <ul className="rota-swaps">
          {swaps.map((w) => (
            <SwapRequest
              key={w.id}
              swap={w}
              mine={w.requestedBy === myUserId}
              canAccept={isMember && w.requestedBy !== myUserId}
              canCancel={w.requestedBy === myUserId || canManage}
              myDuties={myDuties.filter((d) => d.day !== w.onDate)}
              onAccept={(returnDate) =>
                run(() => accept({ swapId: w.id, returnDate }), `You take ${rotaDateLabel(w.onDate)}`, "Could not take the swap")
              }
              onCancel={() => run(() => cancel({ swapId: w.id }), "Request withdrawn", "Could not withdraw the request")}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

function AssignForm({
  members,
  onAssign,
}: {
  members: { userId: string; userByUserId: { username: string; name: string | null } | null }[];
  onAssign(userId: string, weekday: number): Promise<boolean>;
}) {
  const [userId, setUserId] = useState("");
  const [weekday, setWeekday] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId || !weekday) {
      setProblem(!userId ? "Choose a member" : "Choose a day of the week");
      return;
    }
    setProblem(null);
    await onAssign(userId, Number(weekday));
  };
  return (
    <form className="rota-form" onSubmit={onSubmit} noValidate aria-label="Put a member on the rota">
      <label>
        Member
        <select value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">Choose…</option>
          {members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {personName(m.userByUserId)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Day
        <select value={weekday} onChange={(e) => setWeekday(e.target.value)}>
          <option value="">Choose…</option>
          {WEEKDAYS.map((d, i) => (
            <option key={d} value={i + 1}>
              {d}s
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button-secondary">
        Put on the rota
      </button>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function UpcomingDuty({
  duty,
  mine,
  today,
  asked,
  onAsk,
}: {
  duty: RotaDuty;
  mine: boolean;
  today: string;
  asked: boolean;
  onAsk(note: string | null): Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = swapDateProblem(duty.day, duty.weekday, today) ?? (note.trim().length > SWAP_NOTE_MAX ? `The note must be at most ${SWAP_NOTE_MAX} characters` : null);
    setProblem(found);
    if (found) return;
    if (await onAsk(note.trim() || null)) setOpen(false);
  };
  return (
    <li className="rota-row" data-testid="rota-duty">
      <span className="rota-day">{rotaDateLabel(duty.day)}</span>
      <span>{mine ? "You" : personName(duty)}</span>
      {duty.swapped ? <span className="muted">(swapped)</span> : null}
      {/* A date taken over by a swap is not one's own slot: only the slot's person may ask. */}
      {mine && !duty.swapped && duty.day >= today && !asked && !open ? (
        <button type="button" className="button button-secondary button-small" onClick={() => setOpen(true)}>
          Ask to swap
        </button>
      ) : null}
      {mine && asked ? <span className="muted">Swap asked</span> : null}
      {open ? (
        <form className="rota-form" onSubmit={onSubmit} noValidate aria-label={`Ask to swap ${rotaDateLabel(duty.day)}`}>
          <label>
            Note (optional)
            <input value={note} maxLength={SWAP_NOTE_MAX + 50} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="submit" className="button button-small">
            Ask the group
          </button>
          <button type="button" className="button button-secondary button-small" onClick={() => setOpen(false)}>
            Cancel
          </button>
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}

function SwapRequest({
  swap,
  mine,
  canAccept,
  canCancel,
  myDuties,
  onAccept,
  onCancel,
}: {
  swap: RotaSwap;
  mine: boolean;
  canAccept: boolean;
  canCancel: boolean;
  myDuties: RotaDuty[];
  onAccept(returnDate: string | null): Promise<boolean>;
  onCancel(): Promise<boolean>;
}) {
  const [giveBack, setGiveBack] = useState("");
  const who = mine ? "You ask" : `${personName(swap.userByRequestedBy)} asks`;
  return (
    <li className="rota-row" data-testid="rota-swap">
      <span>
        {who} someone to take <strong>{rotaDateLabel(swap.onDate)}</strong>
        {swap.note ? <span className="muted">: “{swap.note}”</span> : null}
      </span>
      {canAccept ? (
        <>
          {myDuties.length > 0 ? (
            <label className="rota-person">
              In return
              <select value={giveBack} onChange={(e) => setGiveBack(e.target.value)} aria-label="Give one of your dates in return">
                <option value="">Nothing (I just cover)</option>
                {myDuties.map((d) => (
                  <option key={`${d.day}-${d.slotId}`} value={d.day}>
                    They take my {rotaDateLabel(d.day)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button type="button" className="button button-small" onClick={() => onAccept(giveBack || null)}>
            Take {rotaDateLabel(swap.onDate)}
          </button>
        </>
      ) : null}
      {canCancel ? (
        <button type="button" className="button button-secondary button-small" onClick={() => onCancel()}>
          Withdraw
        </button>
      ) : null}
    </li>
  );
}

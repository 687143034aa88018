// /groups/{id}/rota (issue 26): the group's watering rota. Members take days of the week ("I do
// Tuesdays") for all the group's things; owners put members on days and take anyone off; the next
// four weeks show who is on, after swaps; someone on a date asks to swap it, another member takes
// it (optionally giving one of their own dates back). Dates and limits are checked here first
// (shared/care-rules.ts) and again by the database, whose words are shown.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "urql";
import {
  ROTA_HORIZON_DAYS,
  ROTA_PEOPLE_PER_DAY,
  SWAP_NOTE_MAX,
  isoWeekday,
  swapDateProblem,
  ukToday,
} from "../../../../shared/care-rules.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { errorText } from "../things/errors.ts";
import { personName, rotaDayLabel, type GroupRotaData, type RotaDuty, type RotaSwap } from "./rota-types.ts";
import { AcceptRotaSwapDocument as AcceptRotaSwapMutation } from "./AcceptRotaSwap.generated.ts";
import { AskRotaSwapDocument as AskRotaSwapMutation } from "./AskRotaSwap.generated.ts";
import { CancelRotaSwapDocument as CancelRotaSwapMutation } from "./CancelRotaSwap.generated.ts";
import { GroupRotaDocument as GroupRotaQuery } from "./GroupRota.generated.ts";
import { LeaveRotaSlotDocument as LeaveRotaSlotMutation } from "./LeaveRotaSlot.generated.ts";
import { TakeRotaSlotDocument as TakeRotaSlotMutation } from "./TakeRotaSlot.generated.ts";
import { richText } from "../../lib/i18n/rich.tsx";
import styles from "./rotas.module.css";
import { rotasTexts, type RotasT } from "./texts.ts";

const UPCOMING_DAYS = 28;
/** ISO days of the week, Monday (1) to Sunday (7). */
const WEEKDAY_NUMBERS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The shared check's reasons against a swap date (shared/care-rules.ts), in the reader's language. */
function swapProblem(t: RotasT, day: string, weekday: number, today: string): string | null {
  if (!swapDateProblem(day, weekday, today)) return null;
  // On its own weekday the date can only be out of range; otherwise it is the wrong day.
  return swapDateProblem(day, isoWeekday(day), today)
    ? t("rotas.dateRange", { weeks: ROTA_HORIZON_DAYS / 7 })
    : t("rotas.notSlotDay", { date: rotaDayLabel(day), weekday });
}

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
  const t = useT(rotasTexts);
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
        <h2 id="rota-title">{t("rotas.title")}</h2>
        <p>{t("rotas.membersOnly")}</p>
      </section>
    );
  }
  const group = result.data?.groupById;
  if (!group)
    return result.error ? <p role="alert">{errorText(result.error, t("common.anErrorOccurred"))}</p> : <p>{t("rotas.loading")}</p>;

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
    <div className={styles.tab}>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <section className="card" aria-labelledby="rota-title">
        <h2 id="rota-title">{t("rotas.title")}</h2>
        <p className="muted">{t("rotas.intro", { max: ROTA_PEOPLE_PER_DAY })}</p>
        <ul className={styles.days}>
          {WEEKDAY_NUMBERS.map((weekday) => {
            const dayName = t("rotas.weekday", { weekday });
            const days = t("rotas.weekdays", { weekday });
            const here = slots.filter((s) => s.weekday === weekday);
            const mine = here.some((s) => s.userId === myUserId);
            return (
              <li key={dayName} className={styles.row} data-testid={`rota-weekday-${weekday}`}>
                <span className={`${styles.day} rota-day`}>{dayName}</span>
                {here.length === 0 ? <span className="muted">{t("rotas.nobodyYet")}</span> : null}
                {here.map((s) => (
                  <span key={s.id} className={styles.person}>
                    {s.userId === myUserId ? t("rotas.you") : personName(s.userByUserId, t)}
                    {s.userId === myUserId || canManage ? (
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        aria-label={
                          s.userId === myUserId
                            ? t("rotas.takeYourselfOff", { days })
                            : t("rotas.takeOff", { name: personName(s.userByUserId, t), days })
                        }
                        onClick={() => run(() => leave({ slotId: s.id }), t("rotas.offRota", { days }), t("rotas.changeFailed"))}
                      >
                        {t("rotas.remove")}
                      </button>
                    ) : null}
                  </span>
                ))}
                {isMember && !mine && here.length < ROTA_PEOPLE_PER_DAY ? (
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() =>
                      run(() => take({ groupId, weekday, userId: null }), t("rotas.youAreOn", { days }), t("rotas.changeFailed"))
                    }
                  >
                    {t("rotas.take", { days })}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
        {canManage ? (
          <AssignForm
            members={group.rotaMembers.nodes}
            onAssign={(userId, weekday) =>
              run(
                () => take({ groupId, weekday, userId }),
                t("rotas.added", { days: t("rotas.weekdays", { weekday }) }),
                t("rotas.changeFailed"),
              )
            }
          />
        ) : null}
      </section>

      <section className="card" aria-labelledby="rota-upcoming-title">
        <h2 id="rota-upcoming-title">{t("rotas.nextFourWeeks")}</h2>
        {duties.length === 0 ? <p className="muted">{t("rotas.nobodyOnRota")}</p> : null}
        <ul className={styles.upcoming}>
          {duties.map((d) => (
            <UpcomingDuty
              key={`${d.day}-${d.slotId}-${d.userId}`}
              duty={d}
              mine={d.userId === myUserId}
              today={today}
              asked={swaps.some((w) => w.slotId === d.slotId && w.onDate === d.day)}
              onAsk={(note) =>
                run(
                  () => ask({ slotId: d.slotId, onDate: d.day, note }),
                  t("rotas.asked", { date: rotaDayLabel(d.day) }),
                  t("rotas.askFailed"),
                )
              }
            />
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="rota-swaps-title">
        <h2 id="rota-swaps-title">{t("rotas.swapRequests")}</h2>
        {swaps.length === 0 ? <p className="muted">{t("rotas.noRequests")}</p> : null}
        <ul className={styles.swaps}>
          {swaps.map((w) => (
            <SwapRequest
              key={w.id}
              swap={w}
              mine={w.requestedBy === myUserId}
              canAccept={isMember && w.requestedBy !== myUserId}
              canCancel={w.requestedBy === myUserId || canManage}
              myDuties={myDuties.filter((d) => d.day !== w.onDate)}
              onAccept={(returnDate) =>
                run(() => accept({ swapId: w.id, returnDate }), t("rotas.youTake", { date: rotaDayLabel(w.onDate) }), t("rotas.takeFailed"))
              }
              onCancel={() => run(() => cancel({ swapId: w.id }), t("rotas.withdrawn"), t("rotas.withdrawFailed"))}
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
  const t = useT(rotasTexts);
  const [userId, setUserId] = useState("");
  const [weekday, setWeekday] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId || !weekday) {
      setProblem(!userId ? t("rotas.chooseMember") : t("rotas.chooseDay"));
      return;
    }
    setProblem(null);
    await onAssign(userId, Number(weekday));
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t("rotas.assignLabel")}>
      <label>
        {t("rotas.member")}
        <select value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">{t("rotas.choose")}</option>
          {members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {personName(m.userByUserId, t)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("rotas.day")}
        <select value={weekday} onChange={(e) => setWeekday(e.target.value)}>
          <option value="">{t("rotas.choose")}</option>
          {WEEKDAY_NUMBERS.map((day) => (
            <option key={day} value={day}>
              {t("rotas.weekdaysOption", { weekday: day })}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button-secondary">
        {t("rotas.assign")}
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
  const t = useT(rotasTexts);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found =
      swapProblem(t, duty.day, duty.weekday, today) ??
      (note.trim().length > SWAP_NOTE_MAX ? t("rotas.noteTooLong", { max: SWAP_NOTE_MAX }) : null);
    setProblem(found);
    if (found) return;
    if (await onAsk(note.trim() || null)) setOpen(false);
  };
  return (
    <li className={styles.row} data-testid="rota-duty">
      <span className={`${styles.day} rota-day`}>{rotaDayLabel(duty.day)}</span>
      <span>{mine ? t("rotas.you") : personName(duty, t)}</span>
      {duty.swapped ? <span className="muted">{t("rotas.swapped")}</span> : null}
      {/* A date taken over by a swap is not one's own slot: only the slot's person may ask. */}
      {mine && !duty.swapped && duty.day >= today && !asked && !open ? (
        <button type="button" className="button button-secondary button-small" onClick={() => setOpen(true)}>
          {t("rotas.askToSwap")}
        </button>
      ) : null}
      {mine && asked ? <span className="muted">{t("rotas.swapAsked")}</span> : null}
      {open ? (
        <form
          className={styles.form}
          onSubmit={onSubmit}
          noValidate
          aria-label={t("rotas.askToSwapDate", { date: rotaDayLabel(duty.day) })}
        >
          <label>
            {t("rotas.note")}
            <input value={note} maxLength={SWAP_NOTE_MAX + 50} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="submit" className="button button-small">
            {t("rotas.askGroup")}
          </button>
          <button type="button" className="button button-secondary button-small" onClick={() => setOpen(false)}>
            {t("rotas.cancel")}
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
  const t = useT(rotasTexts);
  const [giveBack, setGiveBack] = useState("");
  const day = <strong>{rotaDayLabel(swap.onDate)}</strong>;
  const request = mine
    ? richText(t, "rotas.youAsk", { date: day })
    : richText(t, "rotas.theyAsk", { date: day }, { name: personName(swap.userByRequestedBy, t) });
  return (
    <li className={styles.row} data-testid="rota-swap">
      <span>
        {request}
        {swap.note ? <span className="muted">: “{swap.note}”</span> : null}
      </span>
      {canAccept ? (
        <>
          {myDuties.length > 0 ? (
            <label className={styles.person}>
              {t("rotas.inReturn")}
              <select value={giveBack} onChange={(e) => setGiveBack(e.target.value)} aria-label={t("rotas.giveBackLabel")}>
                <option value="">{t("rotas.nothingBack")}</option>
                {myDuties.map((d) => (
                  <option key={`${d.day}-${d.slotId}`} value={d.day}>
                    {t("rotas.theyTakeMine", { date: rotaDayLabel(d.day) })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button type="button" className="button button-small" onClick={() => onAccept(giveBack || null)}>
            {t("rotas.takeDate", { date: rotaDayLabel(swap.onDate) })}
          </button>
        </>
      ) : null}
      {canCancel ? (
        <button type="button" className="button button-secondary button-small" onClick={() => onCancel()}>
          {t("rotas.withdraw")}
        </button>
      ) : null}
    </li>
  );
}

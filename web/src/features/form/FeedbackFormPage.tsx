// /form (auth): the feedback form (decisions.md: subject, message, an optional thing) sent with
// createFeedback and stored for the admins. Messages show as you type, with the database's words;
// a failed call shows the server's first message by the form. Below it, admins read everything
// people have sent (newest first, with a way to delete); everyone else sees what they sent.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { useMutation, useQuery, type CombinedError } from "urql";
import { charLength } from "../../../../shared/validation.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { FormField } from "../../components/FormField.tsx";
import { richText } from "../../lib/i18n/rich.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { dateSettings } from "../../lib/dates.ts";
import { englishT } from "../../lib/i18n/english.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { EmptyNote, SectionError, SkeletonRows } from "../home/home-sections.tsx";
import { OfflineBanner } from "../offline/OfflineBanner.tsx";
import { formatDateTime, formatRelative } from "../things/thing-meta.ts";
import { CreateFeedbackDocument as createFeedbackMutation } from "./CreateFeedback.generated.ts";
import { DeleteFeedbackDocument as deleteFeedbackMutation } from "./DeleteFeedback.generated.ts";
import { FeedbackThingsDocument as feedbackThingsQuery } from "./FeedbackThings.generated.ts";
import { FeedbacksDocument as feedbacksQuery, type FeedbacksQuery as FeedbacksData } from "./Feedbacks.generated.ts";
import { EMPTY_FEEDBACK, feedbackInput, MESSAGE_MAX, validateFeedback, type FeedbackField } from "./feedback-form.ts";
import styles from "./form.module.css";
import { errorText as readError } from "../../lib/errors.ts";
import { formTexts } from "./texts.ts";

/** The server's first message, or the catalogue's general one. */
const errorText = (error: unknown, t = englishT) => readError(error, t("common.anErrorOccurred"));

type FeedbackItem = NonNullable<FeedbacksData["allFeedbacks"]>["nodes"][number];

const LIST_SIZE = 50;

export default function FeedbackFormPage() {
  const t = useT(formTexts);
  const brand = { brand: useBranding().key };
  const { admin } = useSession();
  const notify = useNotify();
  const [params] = useSearchParams();
  const [sent, setSent] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [feedbacks, refetchFeedbacks] = useQuery({
    query: feedbacksQuery,
    variables: { first: LIST_SIZE },
    requestPolicy: "cache-and-network",
  });
  const refreshList = () => refetchFeedbacks({ requestPolicy: "network-only" });

  return (
    <section className={`page ${styles.page}`} aria-labelledby="page-title">
      <OfflineBanner />
      <div className={styles.intro}>
        <h1 id="page-title">{t("form.title")}</h1>
        <p className="lead">{t("form.lead", brand)}</p>
      </div>

      {sent ? (
        <div className={styles.sent} role="status">
          <h2>{t("form.thanksTitle")}</h2>
          <p>{admin ? t("form.sentAdmin", { subject: sent }) : t("form.sentMember", { subject: sent })}</p>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setSent(null);
                setFormKey((k) => k + 1);
              }}
            >
              {t("form.sendMore")}
            </button>
            <Link to={paths.home()}>{t("form.backHome")}</Link>
          </div>
        </div>
      ) : (
        <FeedbackForm
          key={formKey}
          initialThingId={params.get("thing") ?? ""}
          onSent={(subject) => {
            setSent(subject);
            notify.positive(t("form.sentNotice"));
            refreshList();
          }}
        />
      )}

      <FeedbackList admin={admin} result={feedbacks} onRetry={refreshList} onDeleted={refreshList} />
    </section>
  );
}

function FeedbackForm({ initialThingId, onSent }: { initialThingId: string; onSent: (subject: string) => void }) {
  const t = useT(formTexts);
  const brand = { brand: useBranding().key };
  const form = useForm<FeedbackField>({ ...EMPTY_FEEDBACK, thingId: initialThingId }, validateFeedback);
  const [things] = useQuery({ query: feedbackThingsQuery, requestPolicy: "cache-and-network" });
  const [state, send] = useMutation(createFeedbackMutation);
  const [serverError, setServerError] = useState<string | null>(null);
  const subjectRef = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const messageId = useId();
  const thingId = useId();
  const { errors } = form;
  const messageLength = charLength(form.values.message);
  const thingOptions = things.data?.allThings?.nodes ?? [];
  const chosenUnknown = form.values.thingId && !thingOptions.some((thing) => thing.id === form.values.thingId);

  // The server's message is about what was sent; editing the form makes it stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: editing any field makes the server's message stale: the effect runs on them, it doesn't read them
  useEffect(() => setServerError(null), [form.values.subject, form.values.message, form.values.thingId]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    if (!form.submit()) {
      const first = form.firstInvalid();
      if (first === "subject") subjectRef.current?.querySelector("input")?.focus();
      else if (first === "message") messageRef.current?.focus();
      return;
    }
    const result = await send({ feedback: feedbackInput(form.values) });
    if (result.error || !result.data?.createFeedback?.feedback) {
      setServerError(errorText(result.error, t));
      return;
    }
    onSent(form.values.subject.trim());
  };

  return (
    <form className={`${styles.form} card`} onSubmit={onSubmit} noValidate aria-busy={state.fetching || undefined}>
      <div ref={subjectRef}>
        <FormField
          label={t("form.subject")}
          hint={t("form.subjectHint")}
          error={errors.subject}
          autoComplete="off"
          required
          {...form.field("subject")}
        />
      </div>

      <div className={`field${errors.message ? " field-invalid" : ""}`}>
        <label htmlFor={messageId}>{t("form.message")}</label>
        <p id={`${messageId}-hint`} className="field-hint">
          {t("form.messageHint", { max: MESSAGE_MAX })}
        </p>
        <textarea
          ref={messageRef}
          id={messageId}
          name="message"
          rows={7}
          required
          value={form.values.message}
          onChange={(event) => form.setValue("message", event.target.value)}
          onBlur={() => form.setValue("message", form.values.message)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${messageId}-hint ${messageId}-count${errors.message ? ` ${messageId}-error` : ""}`}
        />
        <p
          id={`${messageId}-count`}
          className={messageLength > MESSAGE_MAX ? `${styles.count} ${styles.countOver}` : styles.count}
          aria-live={messageLength > MESSAGE_MAX - 200 ? "polite" : "off"}
        >
          {t("form.messageCount", { length: messageLength, max: MESSAGE_MAX })}
        </p>
        {errors.message ? (
          <p id={`${messageId}-error`} className="field-error">
            {translateServerMessage(errors.message)}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label htmlFor={thingId}>{t("form.about", brand)}</label>
        <select
          id={thingId}
          name="thingId"
          value={form.values.thingId}
          onChange={(event) => form.setValue("thingId", event.target.value)}
          aria-describedby={`${thingId}-hint`}
        >
          <option value="">{t("form.notAbout", brand)}</option>
          {chosenUnknown ? <option value={form.values.thingId}>{t("form.cameFrom", brand)}</option> : null}
          {thingOptions.map((thing) => (
            <option key={thing.id} value={thing.id}>
              {thing.name}
            </option>
          ))}
        </select>
        <p id={`${thingId}-hint`} className="field-hint">
          {things.fetching && !things.data
            ? t("form.thingsLoading", brand)
            : things.error && !things.data
              ? t("form.thingsFailed", brand)
              : t("form.thingsHint", brand)}
        </p>
      </div>

      {serverError ? (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      ) : null}

      <div className="form-actions">
        <button type="submit" className="button" disabled={state.fetching}>
          {state.fetching ? t("form.sending") : t("form.send")}
        </button>
        <span className={`muted ${styles.note}`}>{t("form.sentWithName")}</span>
      </div>
    </form>
  );
}

/** Everyone's feedback for admins (their dashboard shows it too), or your own. */
export function ReceivedFeedback() {
  const { admin } = useSession();
  const [feedbacks, refetchFeedbacks] = useQuery({
    query: feedbacksQuery,
    variables: { first: LIST_SIZE },
    requestPolicy: "cache-and-network",
  });
  const refresh = () => refetchFeedbacks({ requestPolicy: "network-only" });
  return <FeedbackList admin={admin} result={feedbacks} onRetry={refresh} onDeleted={refresh} />;
}

function FeedbackList({
  admin,
  result,
  onRetry,
  onDeleted,
}: {
  admin: boolean;
  result: { data?: FeedbacksData; error?: CombinedError; fetching: boolean };
  onRetry: () => void;
  onDeleted: () => void;
}) {
  const t = useT(formTexts);
  const headingId = useId();
  const items = result.data?.allFeedbacks?.nodes ?? [];
  const total = result.data?.allFeedbacks?.totalCount ?? 0;
  const title = admin ? t("form.receivedTitle") : t("form.yoursTitle");
  return (
    <section className={styles.list} aria-labelledby={headingId}>
      <div className={styles.listHead}>
        <h2 id={headingId}>
          {title}
          {result.data ? <span className="count-pill">{total.toLocaleString(dateSettings().locale)}</span> : null}
        </h2>
        {admin ? <p className="muted">{t("form.receivedLead")}</p> : null}
      </div>
      {result.error && !result.data ? (
        <SectionError error={result.error} onRetry={onRetry} />
      ) : result.fetching && !result.data ? (
        <SkeletonRows rows={3} label={t("form.loading")} />
      ) : items.length === 0 ? (
        <EmptyNote>{admin ? t("form.noneReceived") : t("form.noneSent")}</EmptyNote>
      ) : (
        <>
          <ul className={styles.items}>
            {items.map((item) => (
              <FeedbackEntry key={item.id} item={item} admin={admin} onDeleted={onDeleted} />
            ))}
          </ul>
          {total > items.length ? <p className="muted">{t("form.showingNewest", { shown: items.length, total })}</p> : null}
        </>
      )}
    </section>
  );
}

function FeedbackEntry({ item, admin, onDeleted }: { item: FeedbackItem; admin: boolean; onDeleted: () => void }) {
  const t = useT(formTexts);
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [state, remove] = useMutation(deleteFeedbackMutation);
  const person = item.userByUserId;
  const who = person?.name || person?.username || t("form.formerMember");

  const onDelete = async () => {
    const result = await remove({ id: item.id });
    if (result.error) {
      notify.negative(errorText(result.error, t));
      return;
    }
    notify.positive(t("form.deleted"));
    onDeleted();
  };

  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <h3>{item.subject}</h3>
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatRelative(item.createdAt)}
        </time>
      </div>
      <p className={styles.message}>{item.message}</p>
      <div className={styles.itemMeta}>
        {admin ? (
          <span className={styles.from}>
            {person ? (
              <>
                <Avatar id={person.id} name={who} hasImage={person.hasImage} size={24} />
                <Link to={paths.user(person.id)}>{who}</Link>
              </>
            ) : (
              who
            )}
          </span>
        ) : null}
        {item.thingByThingId ? (
          <span>
            {richText(
              t,
              "form.aboutThing",
              {
                link: (words) => <Link to={paths.thing(item.thingByThingId!.id)}>{words}</Link>,
              },
              { name: item.thingByThingId.name },
            )}
          </span>
        ) : null}
        {admin ? (
          <span className={styles.itemActions}>
            {confirming ? (
              <>
                <button type="button" className={`button ${styles.delete}`} onClick={onDelete} disabled={state.fetching}>
                  {state.fetching ? t("form.deleting") : t("form.deleteForGood")}
                </button>
                <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
                  {t("form.keep")}
                </button>
              </>
            ) : (
              <button
                type="button"
                className={`button button-secondary ${styles.small}`}
                aria-label={t("form.deleteLabel", { subject: item.subject })}
                onClick={() => setConfirming(true)}
              >
                {t("form.delete")}
              </button>
            )}
          </span>
        ) : null}
      </div>
    </li>
  );
}

// /form (auth): the feedback form (decisions.md: subject, message, an optional thing) sent with
// createFeedback and stored for the admins. Messages show as you type, with the database's words;
// a failed call shows the server's first message by the form. Below it, admins read everything
// people have sent (newest first, with a way to delete); everyone else sees what they sent.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { useMutation, useQuery, type CombinedError } from "urql";
import { term } from "../../../../shared/branding.ts";
import { charLength } from "../../../../shared/validation.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { FormField } from "../../components/FormField.tsx";
import { useBranding } from "../../lib/config-context.tsx";
import { useNotify } from "../../lib/notices.tsx";
import { useSession } from "../../lib/session-context.tsx";
import { useForm } from "../../lib/use-form.ts";
import { paths } from "../../routes/paths.ts";
import { EmptyNote, SectionError, SkeletonRows } from "../home/home-sections.tsx";
import { OfflineBanner } from "../home/OfflineBanner.tsx";
import { formatDateTime, formatRelative } from "../things/thing-meta.ts";
import { CreateFeedbackDocument as createFeedbackMutation } from "./CreateFeedback.generated.ts";
import { DeleteFeedbackDocument as deleteFeedbackMutation } from "./DeleteFeedback.generated.ts";
import { FeedbackThingsDocument as feedbackThingsQuery } from "./FeedbackThings.generated.ts";
import { FeedbacksDocument as feedbacksQuery, type FeedbacksQuery as FeedbacksData } from "./Feedbacks.generated.ts";
import {
  EMPTY_FEEDBACK,
  feedbackInput,
  MESSAGE_MAX,
  validateFeedback,
  type FeedbackField,
} from "./feedback-form.ts";
import "./form.css";
import { errorText as readError } from "../../lib/errors.ts";

/** The server's first message, or the catalogue's general one. */
const errorText = (error: unknown) => readError(error, "An error occurred");

type FeedbackItem = NonNullable<FeedbacksData["allFeedbacks"]>["nodes"][number];

const LIST_SIZE = 50;

export default function FeedbackFormPage() {
  const b = useBranding();
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
    <section className="page feedback-page" aria-labelledby="page-title">
      <OfflineBanner />
      <div className="feedback-intro">
        <h1 id="page-title">Feedback</h1>
        <p className="lead">
          Tell us what works, what does not and what you would like to see. The team reads every message. If it is
          about one {term(b, "thing")}, choose it so we know where to look.
        </p>
      </div>

      {sent ? (
        <div className="feedback-sent" role="status">
          <h2>Thank you</h2>
          <p>
            Your feedback “{sent}” has been sent. {admin ? "It is at the top of the list below." : "You can see it below."}
          </p>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setSent(null);
                setFormKey((k) => k + 1);
              }}
            >
              Send more feedback
            </button>
            <Link to={paths.home()}>Back to the home page</Link>
          </div>
        </div>
      ) : (
        <FeedbackForm
          key={formKey}
          initialThingId={params.get("thing") ?? ""}
          onSent={(subject) => {
            setSent(subject);
            notify.positive("Thank you: your feedback has been sent.");
            refreshList();
          }}
        />
      )}

      <FeedbackList admin={admin} result={feedbacks} onRetry={refreshList} onDeleted={refreshList} />
    </section>
  );
}

function FeedbackForm({ initialThingId, onSent }: { initialThingId: string; onSent: (subject: string) => void }) {
  const b = useBranding();
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
  const chosenUnknown = form.values.thingId && !thingOptions.some((t) => t.id === form.values.thingId);

  // The server's message is about what was sent; editing the form makes it stale.
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
      setServerError(errorText(result.error));
      return;
    }
    onSent(form.values.subject.trim());
  };

  return (
    <form className="feedback-form card" onSubmit={onSubmit} noValidate aria-busy={state.fetching || undefined}>
      <div ref={subjectRef}>
        <FormField
          label="Subject"
          hint="A few words: what is it about?"
          error={errors.subject}
          autoComplete="off"
          required
          {...form.field("subject")}
        />
      </div>

      <div className={`field${errors.message ? " field-invalid" : ""}`}>
        <label htmlFor={messageId}>Message</label>
        <p id={`${messageId}-hint`} className="field-hint">
          What happened, what you expected, or your idea. Up to {MESSAGE_MAX.toLocaleString("en-US")} characters.
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
          className={`feedback-count${messageLength > MESSAGE_MAX ? " feedback-count-over" : ""}`}
          aria-live={messageLength > MESSAGE_MAX - 200 ? "polite" : "off"}
        >
          {messageLength.toLocaleString("en-US")} / {MESSAGE_MAX.toLocaleString("en-US")}
        </p>
        {errors.message ? (
          <p id={`${messageId}-error`} className="field-error">
            {errors.message}
          </p>
        ) : null}
      </div>

      <div className="field">
        <label htmlFor={thingId}>About a {term(b, "thing")} (optional)</label>
        <select
          id={thingId}
          name="thingId"
          value={form.values.thingId}
          onChange={(event) => form.setValue("thingId", event.target.value)}
          aria-describedby={`${thingId}-hint`}
        >
          <option value="">Not about a particular {term(b, "thing")}</option>
          {chosenUnknown ? <option value={form.values.thingId}>The {term(b, "thing")} you came from</option> : null}
          {thingOptions.map((thing) => (
            <option key={thing.id} value={thing.id}>
              {thing.name}
            </option>
          ))}
        </select>
        <p id={`${thingId}-hint`} className="field-hint">
          {things.fetching && !things.data
            ? `Loading the ${term(b, "things")} you can see…`
            : things.error && !things.data
              ? `Your ${term(b, "things")} could not be loaded; you can still send feedback without one.`
              : `Any ${term(b, "thing")} you can see.`}
        </p>
      </div>

      {serverError ? (
        <p className="form-error" role="alert">
          {serverError}
        </p>
      ) : null}

      <div className="form-actions">
        <button type="submit" className="button" disabled={state.fetching}>
          {state.fetching ? "Sending…" : "Send feedback"}
        </button>
        <span className="muted feedback-note">Sent with your name, so we can reply.</span>
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
  const headingId = useId();
  const items = result.data?.allFeedbacks?.nodes ?? [];
  const total = result.data?.allFeedbacks?.totalCount ?? 0;
  const title = admin ? "Received feedback" : "Feedback you have sent";
  return (
    <section className="feedback-list" aria-labelledby={headingId}>
      <div className="feedback-list-head">
        <h2 id={headingId}>
          {title}
          {result.data ? <span className="home-count">{total.toLocaleString("en-US")}</span> : null}
        </h2>
        {admin ? <p className="muted">Everyone’s messages, newest first. Only admins see this list.</p> : null}
      </div>
      {result.error && !result.data ? (
        <SectionError error={result.error} onRetry={onRetry} />
      ) : result.fetching && !result.data ? (
        <SkeletonRows rows={3} label="Loading feedback…" />
      ) : items.length === 0 ? (
        <EmptyNote>{admin ? "No feedback has arrived yet." : "Nothing sent yet. Your messages show here once sent."}</EmptyNote>
      ) : (
        <>
          <ul className="feedback-items">
            {items.map((item) => (
              <FeedbackEntry key={item.id} item={item} admin={admin} onDeleted={onDeleted} />
            ))}
          </ul>
          {total > items.length ? (
            <p className="muted">
              Showing the newest {items.length} of {total.toLocaleString("en-US")}.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function FeedbackEntry({ item, admin, onDeleted }: { item: FeedbackItem; admin: boolean; onDeleted: () => void }) {
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [state, remove] = useMutation(deleteFeedbackMutation);
  const person = item.userByUserId;
  const who = person?.name || person?.username || "A former member";

  const onDelete = async () => {
    const result = await remove({ id: item.id });
    if (result.error) {
      notify.negative(errorText(result.error));
      return;
    }
    notify.positive("Feedback deleted");
    onDeleted();
  };

  return (
    <li className="feedback-item">
      <div className="feedback-item-head">
        <h3>{item.subject}</h3>
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatRelative(item.createdAt)}
        </time>
      </div>
      <p className="feedback-message">{item.message}</p>
      <div className="feedback-item-meta">
        {admin ? (
          <span className="feedback-from">
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
            About <Link to={paths.thing(item.thingByThingId.id)}>{item.thingByThingId.name}</Link>
          </span>
        ) : null}
        {admin ? (
          <span className="feedback-item-actions">
            {confirming ? (
              <>
                <button type="button" className="button feedback-delete" onClick={onDelete} disabled={state.fetching}>
                  {state.fetching ? "Deleting…" : "Delete for good"}
                </button>
                <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button button-secondary feedback-small"
                aria-label={`Delete “${item.subject}”`}
                onClick={() => setConfirming(true)}
              >
                Delete
              </button>
            )}
          </span>
        ) : null}
      </div>
    </li>
  );
}

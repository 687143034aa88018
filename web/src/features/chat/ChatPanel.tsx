// The AI chat about a thing, on the thing's dashboard (issue 10): the signed-in user's private
// conversation with the care assistant about this thing. Questions go out with sendChatMessage;
// the reply is written by a background job and announced on thingUpdated with event "chat",
// which makes the panel read its conversation again. While a question waits the panel shows that
// the assistant is thinking (and, should a live event be missed, asks again every few seconds).
// Guests see a short sign-in prompt. The panel folds away; open or closed is remembered.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useLocation } from "react-router";
import { useMutation, useQuery, useSubscription, type CombinedError } from "urql";
import { useBranding } from "../../lib/config-context.tsx";
import { errorText, serverErrorOf } from "../../lib/errors.ts";
import { useChatT } from "./texts.ts";
import { translateServerMessage } from "../../lib/i18n/server-messages.ts";
import { useSession } from "../../lib/session-context.tsx";
import { paths } from "../../routes/paths.ts";
import {
  CHAT_MESSAGES,
  MAX_MESSAGE_LENGTH,
  formatMessageTime,
  formatMessageTimeFull,
  isQuestion,
  isThinking,
  mergeConversation,
  messageLength,
  readPanelOpen,
  suggestedQuestions,
  trimMessage,
  validateChatMessage,
  writePanelOpen,
  type ChatMessage,
} from "./chat-logic.ts";
import { ChatMessagesDocument as ChatMessagesQuery } from "./ChatMessages.generated.ts";
import { ChatThingUpdatedDocument as ChatThingUpdatedSubscription } from "./ChatThingUpdated.generated.ts";
import { SendChatMessageDocument as SendChatMessageMutation } from "./SendChatMessage.generated.ts";
import { ReportButton } from "../moderation/ReportButton.tsx";
import styles from "./chat.module.css";

/** How often a waiting question is looked up again, in case the live event does not come. */
export const PENDING_POLL_MS = 5000;
/** After this long, the thinking indicator says the answer is taking a while. */
export const SLOW_REPLY_MS = 30_000;

interface ShownError {
  message: string;
  code?: string;
}

/** The server's first error (spec section 8) in the reader's language, or a fallback when it says nothing. */
function shownError(error: CombinedError | undefined, fallback: string): ShownError {
  return { message: errorText(error, fallback), code: error ? serverErrorOf(error).code : undefined };
}

export interface ChatPanelProps {
  thingId: string;
  thingName: string;
}

export function ChatPanel({ thingId, thingName }: ChatPanelProps) {
  const t = useChatT();
  const { session, signedIn } = useSession();
  const [open, setOpen] = useState(() => readPanelOpen());
  const id = useId();
  const titleId = `${id}-title`;
  const subtitleId = `${id}-subtitle`;
  const stateId = `${id}-state`;
  const bodyId = `${id}-body`;

  const toggle = () => {
    const next = !open;
    setOpen(next);
    writePanelOpen(next);
  };

  return (
    <section className={`card ${styles.panel} chat-panel`} aria-labelledby={titleId}>
      <h2 className={styles.title} aria-labelledby={titleId}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          // Named by all of its visible words, Open/Hide included (WCAG 2.5.3, label in name), so
          // speech users can say what they see.
          aria-labelledby={`${titleId} ${subtitleId} ${stateId}`}
          onClick={toggle}
        >
          <span className={styles.avatar} aria-hidden="true">
            <AssistantIcon />
          </span>
          {/* The {" "} between the parts (invisible in these flex boxes) keep their words apart
              when the text is read as one string, as accessibility checkers do. */}
          <span className={styles.titleText}>
            <span id={titleId} className={styles.titleMain}>
              {t("chat.title")}
            </span>{" "}
            <span id={subtitleId} className={styles.titleSub}>
              {t("chat.subtitle")}
            </span>
          </span>{" "}
          <span className={styles.toggleState} aria-hidden="true">
            <span id={stateId} className={styles.toggleLabel}>
              {t(open ? "chat.hide" : "chat.open")}
            </span>
            <ChevronIcon up={open} />
          </span>
        </button>
      </h2>
      <div id={bodyId} className={`${styles.body} chat-body`} hidden={!open}>
        {open ? (
          signedIn && session ? (
            <Conversation key={`${session.id}:${thingId}`} thingId={thingId} thingName={thingName} userId={session.id} />
          ) : (
            <GuestPrompt thingName={thingName} />
          )
        ) : null}
      </div>
    </section>
  );
}

function GuestPrompt({ thingName }: { thingName: string }) {
  const t = useChatT();
  const location = useLocation();
  return (
    <div className={styles.guest}>
      <p>{t("chat.guest", { thing: thingName })}</p>
      <Link to={paths.signIn(location.pathname + location.search)} className="button">
        {t("chat.signIn")}
      </Link>
    </div>
  );
}

function Conversation({ thingId, thingName, userId }: { thingId: string; thingName: string; userId: string }) {
  const b = useBranding();
  const t = useChatT();
  const [result, reexecute] = useQuery({
    query: ChatMessagesQuery,
    variables: { recipientId: userId, thingId },
    requestPolicy: "cache-and-network",
  });
  const refetch = useCallback(() => reexecute({ requestPolicy: "network-only" }), [reexecute]);

  // A stored reply is announced on the thing's topic: read the conversation again.
  const [live] = useSubscription({ query: ChatThingUpdatedSubscription, variables: { id: thingId } }, (count: number = 0, data) =>
    data?.thingUpdated?.event === "chat" ? count + 1 : count,
  );
  const chatEvents = live.data ?? 0;
  useEffect(() => {
    if (chatEvents > 0) refetch();
  }, [chatEvents, refetch]);

  const [, sendMessage] = useMutation(SendChatMessageMutation);
  // Questions the server accepted that the list read before them does not hold yet.
  const [sent, setSent] = useState<ChatMessage[]>([]);
  // The question on its way (shown at once, greyed, until the server answers).
  const [outgoing, setOutgoing] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const sending = outgoing !== null;

  const serverMessages = result.data?.allChatMessages?.nodes ?? [];
  const conversation = mergeConversation(serverMessages, sent);
  const thinking = isThinking(conversation);
  const loading = !result.data && result.fetching && !result.error;

  // Should the live event be missed (a dropped connection), look again while a question waits.
  useEffect(() => {
    if (!thinking) return;
    const timer = window.setInterval(refetch, PENDING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [thinking, refetch]);

  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!thinking) return;
    const timer = window.setTimeout(() => setSlow(true), SLOW_REPLY_MS);
    return () => window.clearTimeout(timer);
  }, [thinking]);

  // Keep the newest message in sight inside the conversation (never scrolls the page).
  const logRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the newest message whenever the conversation or its state changes, which is what the list names
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [conversation.length, thinking, outgoing, loading]);

  const length = messageLength(text);
  const tooLong = length > MAX_MESSAGE_LENGTH;
  const fieldError = tooLong ? CHAT_MESSAGES.tooLong : tried && length === 0 ? CHAT_MESSAGES.required : null;

  const ask = async (value: string, fromBox: boolean) => {
    if (sending) return;
    const problem = validateChatMessage(value);
    if (problem) {
      if (fromBox) setTried(true);
      return;
    }
    const message = trimMessage(value);
    setError(null);
    setOutgoing(message);
    if (fromBox) {
      setText("");
      setTried(false);
    }
    const answer = await sendMessage({ message, metadata: { thingId } });
    setOutgoing(null);
    const created = answer.data?.sendChatMessage?.chatMessage;
    if (answer.error || !created) {
      setError(shownError(answer.error, t("chat.sendFailed")));
      // Give the words back, unless something new has been typed meanwhile.
      if (fromBox) setText((current) => (current === "" ? value : current));
      return;
    }
    setSent((list) => [...list, created]);
    refetch();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void ask(text, true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void ask(text, true);
    }
  };

  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  const errorId = `${inputId}-error`;
  const empty = conversation.length === 0 && !sending;

  return (
    <div className={styles.conversation}>
      <div
        ref={logRef}
        className={empty ? `${styles.log} ${styles.logEmpty}` : styles.log}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t("chat.conversation", { thing: thingName })}
        aria-busy={loading || undefined}
        tabIndex={empty ? undefined : 0}
      >
        {loading ? (
          <div className={styles.status} role="status">
            <span className="spinner" aria-hidden="true" /> {t("chat.loading")}
          </div>
        ) : empty ? (
          <div className={styles.empty}>
            <p>{t("chat.empty", { brand: b.key })}</p>
            <p className="muted small">{t("chat.private")}</p>
          </div>
        ) : (
          <ol className={styles.messages}>
            {conversation.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
            {outgoing !== null ? (
              <li className={`${styles.message} ${styles.messageUser} ${styles.messageSending} chat-message chat-message-user`}>
                <div className={styles.messageBody}>
                  <div className={styles.bubble}>
                    <p className={styles.text}>{outgoing}</p>
                  </div>
                  <p className={styles.meta}>{t("chat.sending")}</p>
                </div>
              </li>
            ) : null}
            {thinking ? (
              <li
                className={`${styles.message} ${styles.messageAssistant} ${styles.thinking} chat-message chat-message-assistant chat-thinking`}
              >
                <span className={`${styles.avatar} ${styles.avatarSmall}`} aria-hidden="true">
                  <AssistantIcon />
                </span>
                <div className={styles.messageBody}>
                  <div className={styles.bubble}>
                    <span className={styles.dots} aria-hidden="true">
                      <span />
                      <span />
                      <span />
                    </span>
                    <span>{t("chat.thinking")}</span>
                  </div>
                  {slow ? <p className={styles.meta}>{t("chat.slow")}</p> : null}
                </div>
              </li>
            ) : null}
          </ol>
        )}
      </div>

      {result.error && !result.data ? (
        <div className={`form-error ${styles.loadError}`} role="alert">
          <span>{shownError(result.error, t("chat.loadFailed")).message}</span>
          <button type="button" className="button button-secondary" onClick={refetch}>
            {t("chat.tryAgain")}
          </button>
        </div>
      ) : null}

      <div className={styles.suggestions} role="group" aria-label={t("chat.suggestions")}>
        <span className={styles.suggestionsLabel} aria-hidden="true">
          {t("chat.tryAsking")}
        </span>
        {suggestedQuestions(t).map((question) => (
          <button key={question} type="button" className={styles.chip} onClick={() => void ask(question, false)} disabled={sending}>
            {question}
          </button>
        ))}
      </div>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {t("chat.questionLabel", { thing: thingName })}
        </label>
        <div className={fieldError ? `${styles.input} ${styles.inputInvalid}` : styles.input}>
          <textarea
            id={inputId}
            name="message"
            rows={2}
            value={text}
            placeholder={t("chat.placeholder", { thing: thingName })}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) setTried(false);
            }}
            onKeyDown={onKeyDown}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={[fieldError ? errorId : null, countId, hintId].filter(Boolean).join(" ")}
            autoComplete="off"
            enterKeyHint="send"
          />
          <button type="submit" className={`button ${styles.send}`} disabled={sending || length === 0 || tooLong}>
            <SendIcon />
            <span>{t(sending ? "chat.sending" : "chat.send")}</span>
          </button>
        </div>
        <div className={styles.formFoot}>
          <p id={hintId} className={styles.hint}>
            {t("chat.hint")}
          </p>
          <p id={countId} className={tooLong ? `${styles.count} ${styles.countOver}` : styles.count}>
            <span aria-hidden="true">
              {length} / {MAX_MESSAGE_LENGTH}
            </span>
            <span className="visually-hidden">{t("chat.count", { length: String(length), max: String(MAX_MESSAGE_LENGTH) })}</span>
          </p>
        </div>
        {fieldError ? (
          <p id={errorId} className="field-error" aria-live="polite">
            {translateServerMessage(fieldError)}
          </p>
        ) : null}
        {error ? (
          <p className={`form-error ${styles.sendError}${error.code === "RATEL" ? ` ${styles.sendErrorLimit}` : ""}`} role="alert">
            {error.message}
          </p>
        ) : null}
      </form>
    </div>
  );
}

function MessageItem({ message }: { message: ChatMessage }) {
  const t = useChatT();
  const question = isQuestion(message);
  const failed = !question && message.status === "failed";
  const time = formatMessageTime(message.createdAt, undefined, t);
  return (
    <li
      className={`${styles.message} ${question ? `${styles.messageUser} chat-message-user` : `${styles.messageAssistant} chat-message-assistant`}${failed ? ` ${styles.messageFailed}` : ""} chat-message`}
    >
      {question ? null : (
        <span className={`${styles.avatar} ${styles.avatarSmall}`} aria-hidden="true">
          <AssistantIcon />
        </span>
      )}
      <div className={styles.messageBody}>
        <div className={styles.bubble}>
          <p className={styles.text}>
            <span className="visually-hidden">{t(question ? "chat.youAsked" : "chat.assistantSaid")} </span>
            {message.messageText}
          </p>
        </div>
        <p className={styles.meta}>
          <span aria-hidden="true">{t(question ? "chat.you" : "chat.assistant")} · </span>
          <time dateTime={message.createdAt} title={formatMessageTimeFull(message.createdAt)}>
            {time}
          </time>
          {failed ? <span className={styles.failedTag}>{t("chat.failed")}</span> : null}
        </p>
        {/* A reply that is wrong or offensive can be reported to the admins (issue 26). */}
        {question ? null : <ReportButton targetType="CHAT_MESSAGE" targetId={message.id} className="link-button" />}
      </div>
    </li>
  );
}

function AssistantIcon() {
  // A leaf: the care assistant.
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
    >
      <path d="M5 19c0-8 5-13 14-14-1 9-6 14-14 14Z" />
      <path d="M5 19c3-4 6-7 10-10" />
    </svg>
  );
}

function ChevronIcon({ up }: { up: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
    >
      <path d={up ? "m6 15 6-6 6 6" : "m6 9 6 6 6-6"} />
    </svg>
  );
}

function SendIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
    >
      <path d="M4 12 20 4l-6 16-2.5-6.5L4 12Z" />
      <path d="m11.5 13.5 3-3" />
    </svg>
  );
}

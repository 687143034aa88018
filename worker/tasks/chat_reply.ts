// Task chat_reply: answers one question of the AI chat about a thing. Queued by
// app_public.send_chat_message with { messageId } (job key chat_reply:<id>, one queue per user so
// answers come in the order asked).
//
//   1. reads the question; nothing to do when it is gone or already answered (a retried job);
//   2. reads the thing's context (app_private.chat_context) and the last 10 turns of the conversation;
//   3. asks the assistant: the configured language model (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY,
//      LLM_TIMEOUT_MS) or the built-in rule-based one (worker/assistant/);
//   4. stores the reply once (app_private.store_chat_reply), which notifies thing:<id> with
//      {"event": "chat"} for the thingUpdated subscription.
//
// A failing language model is not an error of the job: the reply then apologises (status failed)
// and the job succeeds, so nothing is retried against a struggling service. Database errors throw
// (graphile-worker retries, at most 3 attempts); the last attempt stores a failure reply so a
// question is never left waiting for ever.
import type { JobHelpers, Task } from "graphile-worker";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales.ts";
import { workerContext } from "../context.ts";
import { chatTranslator } from "../assistant/messages/index.ts";
import { looksGerman } from "../assistant/rules.ts";
import { createAssistant, type Assistant, type AssistantAnswer } from "../assistant/assistant.ts";
import { DEFAULT_HEALTH, loadHistory, loadThingContext, type HealthThresholds, type Queryable } from "../assistant/context.ts";

export type ChatReplyOutcome = "stored" | "already-answered" | "no-question";

export interface ChatReplyResult {
  outcome: ChatReplyOutcome;
  replyId?: string;
  status?: AssistantAnswer["status"];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface QuestionRow {
  id: string;
  thing_id: string;
  recipient_id: string;
  message_text: string;
  created_at: Date;
  user_name: string | null;
  user_language: string | null;
  answered: boolean;
}

/** The asker's language: their account's, else the question's (German or not). */
function askerLocale(question: Pick<QuestionRow, "user_language" | "message_text">): Locale {
  if (isLocale(question.user_language)) return question.user_language;
  return looksGerman(question.message_text) ? "de" : DEFAULT_LOCALE;
}

type Helpers = Pick<JobHelpers, "withPgClient" | "logger"> & { job?: Pick<JobHelpers["job"], "attempts" | "max_attempts"> };

function asQueryable(client: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }): Queryable {
  return { query: <R>(text: string, values?: unknown[]) => client.query(text, values) as Promise<{ rows: R[] }> };
}

/** The question, and (when it still wants an answer) what the assistant needs to answer it. */
async function readQuestion(db: Queryable, messageId: string) {
  const { rows } = await db.query<QuestionRow>(
    `select q.id, q.thing_id, q.recipient_id, q.message_text, q.created_at, u.name as user_name, u.language as user_language,
            exists (select 1 from app_public.chat_messages r where r.in_reply_to = q.id) as answered
     from app_public.chat_messages q left join app_public.users u on u.id = q.recipient_id
     where q.id = $1 and q.type_name = 'user'`,
    [messageId],
  );
  const question = rows[0];
  if (!question || question.answered) return { question };
  const context = await loadThingContext(db, question.thing_id);
  const history = await loadHistory(db, {
    id: question.id,
    recipientId: question.recipient_id,
    thingId: question.thing_id,
    createdAt: question.created_at,
  });
  return { question, context, history };
}

async function storeReply(
  helpers: Helpers,
  questionId: string,
  answer: Pick<AssistantAnswer, "text" | "status" | "metadata">,
): Promise<string | null> {
  return helpers.withPgClient(async (client) => {
    const { rows } = await client.query<{ id: string | null }>("select app_private.store_chat_reply($1, $2, $3, $4) as id", [
      questionId,
      answer.text,
      answer.status,
      JSON.stringify(answer.metadata),
    ]);
    return rows[0]?.id ?? null;
  });
}

export async function replyToChatMessage(payload: unknown, helpers: Helpers, assistant: Assistant): Promise<ChatReplyResult> {
  const messageId = (payload as { messageId?: unknown } | null)?.messageId;
  if (typeof messageId !== "string" || !UUID.test(messageId)) {
    // Retrying cannot mend a bad payload.
    helpers.logger.error(`chat_reply: payload without a valid messageId: ${JSON.stringify(payload)}`);
    return { outcome: "no-question" };
  }

  let prepared: Awaited<ReturnType<typeof readQuestion>>;
  try {
    prepared = await helpers.withPgClient((client) => readQuestion(asQueryable(client), messageId));
  } catch (e) {
    const job = helpers.job;
    if (job && job.attempts >= job.max_attempts) {
      // The last try: say so in the conversation rather than leave the question pending (in the
      // asker's language if it can still be read).
      helpers.logger.error(`chat_reply: ${messageId}: giving up after ${job.attempts} attempts: ${e instanceof Error ? e.message : e}`);
      const locale = await helpers
        .withPgClient(async (client) => {
          const { rows } = await client.query<Pick<QuestionRow, "user_language" | "message_text">>(
            `select u.language as user_language, q.message_text
             from app_public.chat_messages q left join app_public.users u on u.id = q.recipient_id where q.id = $1`,
            [messageId],
          );
          return rows[0] ? askerLocale(rows[0]) : DEFAULT_LOCALE;
        })
        .catch(() => DEFAULT_LOCALE);
      const replyId = await storeReply(helpers, messageId, {
        text: chatTranslator(locale)("failure.reading"),
        status: "failed",
        metadata: { provider: assistant.kind, error: "error" },
      });
      return replyId ? { outcome: "stored", replyId, status: "failed" } : { outcome: "already-answered" };
    }
    throw e;
  }

  const { question } = prepared;
  if (!question) {
    helpers.logger.info(`chat_reply: message ${messageId} is gone (deleted with its thing or user?), nothing to answer`);
    return { outcome: "no-question" };
  }
  if (question.answered || !("context" in prepared)) {
    helpers.logger.info(`chat_reply: message ${messageId} is already answered`);
    return { outcome: "already-answered" };
  }

  const locale = askerLocale(question);
  const t = chatTranslator(locale);
  let answer: AssistantAnswer;
  if (!prepared.context) {
    answer = { text: t("failure.noContext"), status: "failed", metadata: { provider: assistant.kind, error: "no_context" } };
  } else {
    try {
      answer = await assistant.answer({
        question: question.message_text,
        history: prepared.history ?? [],
        context: prepared.context,
        userName: question.user_name,
        locale,
      });
    } catch (e) {
      // The assistants do not throw; a bug must still not leave the question unanswered.
      answer = {
        text: t("failure.readingThing", { name: prepared.context.thing.name }),
        status: "failed",
        metadata: { provider: assistant.kind, error: "error" },
        problem: e instanceof Error ? (e.stack ?? e.message) : String(e),
      };
    }
  }
  // Which language it was answered in, with the reply (what a reader or the tests can check).
  answer = { ...answer, metadata: { ...answer.metadata, locale } };
  if (answer.problem) helpers.logger.warn(`chat_reply: ${messageId}: ${answer.problem}`);

  const replyId = await storeReply(helpers, question.id, answer);
  if (!replyId) {
    helpers.logger.info(`chat_reply: message ${messageId} was answered meanwhile; this answer is dropped`);
    return { outcome: "already-answered" };
  }
  helpers.logger.info(`chat_reply: answered ${messageId} (${answer.status}, ${String(answer.metadata.provider)})`);
  return { outcome: "stored", replyId, status: answer.status };
}

/** The assistant a configuration asks for (the hourly checks' device thresholds apply to both). */
export function assistantFor(config: { llm?: Parameters<typeof createAssistant>[0]; checks?: Partial<HealthThresholds> }): Assistant {
  const limits: HealthThresholds = {
    deviceSilentHours: config.checks?.deviceSilentHours ?? DEFAULT_HEALTH.deviceSilentHours,
    lowBatteryVolts: config.checks?.lowBatteryVolts ?? DEFAULT_HEALTH.lowBatteryVolts,
  };
  return createAssistant(config.llm, limits);
}

const chatReply: Task = async (payload, helpers) => {
  await replyToChatMessage(payload, helpers, assistantFor(workerContext().config));
};

export default chatReply;

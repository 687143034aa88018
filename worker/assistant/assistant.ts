// The care assistant behind the AI chat: a small interface with two real implementations.
//   * llm: an OpenAI-compatible chat API (llm.ts), used when LLM_BASE_URL and LLM_MODEL are set;
//   * rules: the built-in rule-based assistant (rules.ts), the local default.
// Both answer from the same context (context.ts) and never throw: when the language model fails
// (an error, a non-2xx answer, a timeout), the answer is a polite failure reply (status "failed")
// that still carries what the built-in assistant can tell from the thing's data.
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales.ts";
import type { LlmSettings } from "../config.ts";
import { DEFAULT_HEALTH, type ChatTurn, type HealthThresholds, type ThingContext } from "./context.ts";
import { buildMessages, createHttpLlmProvider, LlmError, llmConfigured, type LlmProvider } from "./llm.ts";
import { chatTranslator } from "./messages/index.ts";
import { answerWithRules } from "./rules.ts";

export interface AssistantInput {
  question: string;
  /** The conversation before the question, oldest first. */
  history: ChatTurn[];
  context: ThingContext;
  userName: string | null;
  /** The asker's language (British English when not given). */
  locale?: Locale;
}

export interface AssistantAnswer {
  text: string;
  status: "answered" | "failed";
  /** Stored with the reply (the user can read it): provider ("llm" or "rules"), model, intent, error kind. */
  metadata: Record<string, unknown>;
  /** For the worker's log only (may quote the service's own error text). */
  problem?: string;
}

export interface Assistant {
  readonly kind: "llm" | "rules";
  answer(input: AssistantInput): Promise<AssistantAnswer>;
}

export function createRulesAssistant(limits: HealthThresholds = DEFAULT_HEALTH): Assistant {
  return {
    kind: "rules",
    async answer({ question, context, locale }) {
      const { text, intent } = answerWithRules(question, context, limits, locale);
      return { text, status: "answered", metadata: { provider: "rules", intent } };
    },
  };
}

/** What the user reads when the language model fails: an apology, the reason in plain words, and the built-in answer. */
export function failureReply(error: unknown, fallback: string, thingName: string, locale: Locale = DEFAULT_LOCALE): string {
  const t = chatTranslator(locale);
  const failure =
    error instanceof LlmError
      ? error.failure === "timeout" || error.failure === "http" || error.failure === "network"
        ? error.failure
        : "unreadable"
      : "other";
  return t("failure.reply", { reason: t("failure.reason", { failure }), name: thingName, fallback });
}

export function createLlmAssistant(provider: LlmProvider, model: string, limits: HealthThresholds = DEFAULT_HEALTH): Assistant {
  return {
    kind: "llm",
    async answer(input) {
      try {
        const reply = await provider.complete(buildMessages({ ...input, limits }));
        return {
          text: reply.text,
          status: "answered",
          metadata: { provider: "llm", model: reply.model, ...(reply.usage ? { usage: reply.usage } : {}) },
        };
      } catch (error) {
        const fallback = answerWithRules(input.question, input.context, limits, input.locale);
        return {
          text: failureReply(error, fallback.text, input.context.thing.name, input.locale),
          status: "failed",
          metadata: {
            provider: "llm",
            model,
            error: error instanceof LlmError ? error.failure : "error",
            fallback: "rules",
            intent: fallback.intent,
          },
          problem: error instanceof Error ? error.message : String(error),
        };
      }
    },
  };
}

/** The configured assistant: the language model when LLM_BASE_URL and LLM_MODEL are set, else the rules. */
export function createAssistant(llm: LlmSettings | undefined, limits: HealthThresholds = DEFAULT_HEALTH): Assistant {
  if (llmConfigured(llm)) return createLlmAssistant(createHttpLlmProvider(llm), llm.model, limits);
  return createRulesAssistant(limits);
}

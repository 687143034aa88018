// A language model behind an OpenAI-compatible chat API (OpenAI, Azure OpenAI's v1 endpoint,
// Mistral, Groq, OpenRouter, a local Ollama or llama.cpp server...):
//
//   POST {LLM_BASE_URL}/chat/completions
//   Authorization: Bearer {LLM_API_KEY}            (left out when no key is set)
//   { "model": LLM_MODEL, "messages": [system, ...the last 10 turns, the question] }
//   -> { "choices": [{ "message": { "content": "..." } }], "model": "...", "usage": {...} }
//
// One attempt per question, bounded by LLM_TIMEOUT_MS (connect, answer and body together). Every
// failure is an LlmError saying what went wrong; the caller turns it into a polite reply rather
// than retrying, so a struggling service is not hammered.
import type { Locale } from "../../shared/i18n/locales.ts";
import type { LlmSettings } from "../config.ts";
import { DEFAULT_HEALTH, promptData, type ChatTurn, type HealthThresholds, type ThingContext } from "./context.ts";

export interface LlmMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface LlmReply {
  text: string;
  /** The model that answered, as the service reports it. */
  model: string;
  usage?: Record<string, unknown>;
}

export type LlmFailure = "timeout" | "network" | "http" | "invalid";

export class LlmError extends Error {
  constructor(
    readonly failure: LlmFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

export interface LlmProvider {
  complete(messages: LlmMessage[]): Promise<LlmReply>;
}

/** Largest answer body read (bytes); a bigger one is refused as invalid. */
const MAX_BODY_BYTES = 1_000_000;

export function llmConfigured(settings: LlmSettings | undefined): settings is LlmSettings & { baseUrl: string; model: string } {
  return Boolean(settings?.baseUrl && settings.model);
}

export function createHttpLlmProvider(
  settings: LlmSettings & { baseUrl: string; model: string },
  fetchImpl: typeof fetch = fetch,
): LlmProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    async complete(messages) {
      const signal = AbortSignal.timeout(settings.timeoutMs);
      const timedOut = () => new LlmError("timeout", `The language model did not answer within ${settings.timeoutMs} ms`);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: settings.model, messages, stream: false }),
          signal,
        });
      } catch (e) {
        if (signal.aborted) throw timedOut();
        throw new LlmError("network", `The language model could not be reached (${e instanceof Error ? e.message : String(e)})`);
      }
      let body: string;
      try {
        body = await response.text();
      } catch (e) {
        if (signal.aborted) throw timedOut();
        throw new LlmError("network", `The language model's answer broke off (${e instanceof Error ? e.message : String(e)})`);
      }
      if (!response.ok) {
        throw new LlmError("http", `The language model answered HTTP ${response.status}${summariseError(body)}`, response.status);
      }
      if (body.length > MAX_BODY_BYTES) throw new LlmError("invalid", "The language model's answer is too large");
      // The service's answer as read: every member is checked before use.
      let json: { choices?: { message?: { content?: unknown } | null }[]; model?: unknown; usage?: Record<string, unknown> | null } | null;
      try {
        json = JSON.parse(body);
      } catch {
        throw new LlmError("invalid", "The language model's answer is not JSON");
      }
      const content = json?.choices?.[0]?.message?.content;
      const text =
        typeof content === "string"
          ? content
          : Array.isArray(content) // some services answer with content parts
            ? content.map((p: { text?: unknown } | null) => (typeof p?.text === "string" ? p.text : "")).join("")
            : "";
      if (!text.trim()) throw new LlmError("invalid", "The language model's answer has no text");
      return {
        text: text.trim(),
        model: typeof json?.model === "string" ? json.model : settings.model,
        usage: json?.usage && typeof json.usage === "object" ? json.usage : undefined,
      };
    },
  };
}

/** The service's own error message, when it sends one ({"error": {"message": ...}}), shortened. */
function summariseError(body: string): string {
  try {
    const message = JSON.parse(body)?.error?.message;
    if (typeof message === "string" && message.trim()) return `: ${message.trim().slice(0, 200)}`;
  } catch {
    // not JSON: say nothing more
  }
  return "";
}

export function systemPrompt(
  ctx: ThingContext,
  userName: string | null,
  limits: HealthThresholds = DEFAULT_HEALTH,
  locale?: Locale,
): string {
  const l = ctx.readings.bandLimits;
  return [
    // The instructions stay English (what models follow best); the answer is in the asker's language.
    ...(locale === "de" ? ["Answer in German, and address the volunteer informally (du)."] : []),
    "You are the care assistant of a community stewardship app, where volunteers look after shared public things " +
      "(planters, trees, bee cafes, meadows, benches...), some fitted with LoRaWAN soil sensors.",
    `You are talking with ${userName ?? "a volunteer"} about "${ctx.thing.name}". The current time is ${ctx.now} (UTC).`,
    "Answer from the data below only; never invent readings, dates, rainfall or forecasts. " +
      "Name every figure you use with its unit and when or where it was measured, for example: " +
      '"The soil moisture is 14% (dry is below 20%), measured 2 hours ago; 0.4 mm of rain fell at Reading (2.1 km away) ' +
      'in the last 24 hours and 6 mm is forecast tomorrow, so water it today."',
    `Hydration bands of this thing: dry below ${l.dry}%, needs water ${l.dry} to ${l.needsWater}%, good ${l.needsWater} to ${l.good}%, saturated from ${l.good}%. ` +
      "A reading older than 48 hours is stale: say so. Rain gauges report only once or twice a day, so few readings are not the same as no rain.",
    "If the data does not answer the question, say so plainly and suggest how to find out. " +
      "Be practical and friendly; answer in plain text (no tables or markdown headings), in at most about 150 words.",
    `Data about ${ctx.thing.name} (JSON):`,
    JSON.stringify(promptData(ctx, limits)),
  ].join("\n");
}

/** System message with the context, the conversation so far (at most 10 turns), then the question. */
export function buildMessages(input: {
  context: ThingContext;
  history: ChatTurn[];
  question: string;
  userName: string | null;
  limits?: HealthThresholds;
  locale?: Locale;
}): LlmMessage[] {
  return [
    { role: "system", content: systemPrompt(input.context, input.userName, input.limits, input.locale) },
    ...input.history.slice(-10).map((t) => ({ role: t.role, content: t.text }) as LlmMessage),
    { role: "user", content: input.question },
  ];
}

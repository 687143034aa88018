// The first screen's queries asked by the page's first script (early.ts), before the app's code
// has arrived (lib/first-data.ts says why). They are plain POSTs, as the GraphQL client would send
// them (the same document, with the __typename fields its cache adds, and the same token); each
// answer waits here, under its operation's name and variables, until the client asks the same
// question and takes it (exchange.ts). No urql client and no React here: this runs first.
import { formatDocument, getOperationName, stringifyDocument } from "@urql/core";
import type { Ask } from "../first-data.ts";

/** A GraphQL answer as it came over the wire; null when the request failed. */
export interface EarlyBody {
  data?: Record<string, unknown> | null;
  errors?: unknown[];
}

/** An answer not taken by then is left to the network: the screen asked something else, or much later. */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

interface Waiting {
  body: Promise<EarlyBody | null>;
  askedAt: number;
}

const waiting = new Map<string, Waiting>();
/** Requests on their way, and how many were ever made (earlyAnswersSettled). */
const inFlight = new Set<Promise<unknown>>();
let asksMade = 0;

/** Object keys sorted at every level, so the same variables give the same key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function earlyKey(operationName: string | undefined, variables: unknown): string {
  return `${operationName ?? ""} ${stableJson(variables ?? {})}`;
}

/** Whether an answer can stand for the server's: data and no errors. */
export function usableAnswer(body: EarlyBody | null): body is EarlyBody & { data: Record<string, unknown> } {
  return Boolean(body?.data) && !(Array.isArray(body?.errors) && body.errors.length > 0);
}

/** The early answer to this question, once: later askers go to the network. */
export function takeEarlyAnswer(
  operationName: string | undefined,
  variables: unknown,
  now = Date.now(),
): Promise<EarlyBody | null> | undefined {
  const key = earlyKey(operationName, variables);
  const found = waiting.get(key);
  if (!found) return undefined;
  waiting.delete(key);
  return now - found.askedAt <= EARLY_ANSWER_MAX_AGE_MS ? found.body : undefined;
}

/**
 * Resolves once no early request is on its way, including the ones an answer leads to (the map's
 * things in view, asked once the member's things are known): the first render waits for them, at
 * most a moment (main.tsx), so it can show their answers instead of rendering again for them.
 */
export async function earlyAnswersSettled(): Promise<void> {
  for (;;) {
    const asked = asksMade;
    await Promise.allSettled([...inFlight]);
    // The questions an answer leads to are asked in its callbacks, before this timer.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (asksMade === asked && inFlight.size === 0) return;
  }
}

/** Forgets every early answer (tests; and signing out, where they belonged to someone else). */
export function forgetEarlyAnswers(): void {
  waiting.clear();
}

/** Asks over plain HTTP with this token; the answers wait for the client (takeEarlyAnswer). */
export function earlyAsk(url: string, token: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Ask {
  return (query, variables, onAnswer) => {
    const operationName = getOperationName(query);
    const key = earlyKey(operationName, variables);
    if (waiting.has(key)) return;
    const body = fetchImpl(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/graphql-response+json, application/json",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ operationName, variables, query: stringifyDocument(formatDocument(query)) }),
      cache: "no-store",
      // The token says who asks; no cookies. A request without them has connections of its own in
      // Chromium (not the six the code's requests queue for on HTTP/1.1).
      credentials: "omit",
    })
      .then((response) => (response.ok ? (response.json() as Promise<EarlyBody>) : null))
      .catch(() => null);
    waiting.set(key, { body, askedAt: Date.now() });
    asksMade += 1;
    inFlight.add(body);
    void body.finally(() => inFlight.delete(body));
    if (onAnswer) {
      void body.then((answer) => {
        if (usableAnswer(answer)) onAnswer({ data: answer.data as never });
      });
    }
  };
}

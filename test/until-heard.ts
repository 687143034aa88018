// A subscription (graphql-ws over PostgreSQL LISTEN) sends nothing to say it has started
// listening, so a test cannot wait for "subscribed". What it can wait for is an event: cause
// something the subscriber may hear, again, until it is heard; from then on it listens. This
// replaces the fixed pauses tests used to take "to let the subscription start" (issue #23), which
// were too short on a busy machine and too long everywhere else.

/**
 * Calls `poke` (something that makes an event the subscriber may hear) until `heard()` holds,
 * giving each poke `everyMs` to arrive before the next. Throws after `timeoutMs`.
 */
export async function pokeUntilHeard(
  poke: () => Promise<unknown>,
  heard: () => boolean,
  what: string,
  { timeoutMs = 30_000, everyMs = 500 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!heard()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await poke();
    const next = Date.now() + everyMs;
    while (!heard() && Date.now() < next) await new Promise((r) => setTimeout(r, 20));
  }
}

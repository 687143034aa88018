// One polite GET of a JSON document from an external source, and defensive readers for what it
// returns (the EA sometimes sends a single-valued field as an array).

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "UpstreamError";
  }
}

const USER_AGENT = "steward/0.1 (community stewardship platform; environmental data cache)";

export async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json", "user-agent": USER_AGENT },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const reason =
      e instanceof Error && e.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : e instanceof Error ? e.message : String(e);
    throw new UpstreamError(`${new URL(url).host} could not be reached (${reason})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new UpstreamError(`${new URL(url).host} answered HTTP ${response.status}`, response.status);
  }
  try {
    return await response.json();
  } catch {
    throw new UpstreamError(`${new URL(url).host} sent something that is not JSON`);
  }
}

/** The value itself, or the first element when it arrives as an array. */
export function one(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** Zero, one or many: always an array. */
export function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function str(value: unknown): string | null {
  const v = one(value);
  if (typeof v === "string") return v.trim() === "" ? null : v.trim();
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return null;
}

export function num(value: unknown): number | null {
  const v = one(value);
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() !== "") {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function obj(value: unknown): Record<string, unknown> | null {
  const v = one(value);
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** The last path segment of a URI such as http://.../id/measures/E7050-rainfall-...-mm. */
export function idFromUri(value: unknown): string | null {
  const s = str(value);
  if (!s) return null;
  const segment = s
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "")
    .split("/")
    .pop();
  return segment ? decodeURIComponent(segment) : null;
}

/** Runs fn over items with at most `limit` at once. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return results;
}

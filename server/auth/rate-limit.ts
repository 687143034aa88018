// Per-key sliding-window limits kept in memory (per server process): enough to slow down
// guessing and flooding from one address; the database's own limits (sign-in lockout, reset
// lock, chat limits) still hold across processes.

export class RateLimiter {
  private hits = new Map<string, number[]>();
  constructor(private readonly limit: number, private readonly windowMs: number) {}

  /** Records a hit; false when the key is over its limit (the hit is not counted then). */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 50_000) this.sweep(now);
    return true;
  }

  /** Whether the key has used its limit within the window (nothing is counted). */
  isOver(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const times = this.hits.get(key);
    if (!times) return false;
    let recent = 0;
    for (const t of times) if (t > since) recent += 1;
    return recent >= this.limit;
  }

  private sweep(now: number) {
    for (const [key, times] of this.hits) {
      if (!times.some((t) => t > now - this.windowMs)) this.hits.delete(key);
    }
  }
}

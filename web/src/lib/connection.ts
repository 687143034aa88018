// Whether the app can reach its server, for the offline notice. Offline means: the browser says so
// (navigator.onLine false, the offline event), or the service worker answered this page from its
// cache because the network failed. In the second case the server is asked (/health, never
// cached) every PROBE_INTERVAL_MS until it answers, and when the browser says it is back online.
// Framework-free: the service worker registration feeds it, <OfflineBanner> reads it.
import { useSyncExternalStore } from "react";

export interface ConnectionState {
  /** True when the app should say it is offline. */
  offline: boolean;
  /** Why: the browser reports no network, or the page came from the cache after a failed fetch. */
  reason: "browser" | "unreachable" | null;
  /** The app was offline in this page's life and is online again (a reload shows fresh data). */
  recovered: boolean;
}

export const PROBE_INTERVAL_MS = 15_000;
const FIRST_PROBE_MS = 3000;
const PROBE_TIMEOUT_MS = 5000;

type Listener = () => void;

export class ConnectionStore {
  private state: ConnectionState;
  private listeners = new Set<Listener>();
  private unreachable = false;
  private wasOffline = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attached = false;

  constructor(
    private readonly env: {
      onLine: () => boolean;
      probe: () => Promise<boolean>;
    } = {
      onLine: () => (typeof navigator === "undefined" ? true : navigator.onLine !== false),
      probe: probeServer,
    },
  ) {
    this.state = this.compute();
  }

  private compute(): ConnectionState {
    const browserOffline = !this.env.onLine();
    const offline = browserOffline || this.unreachable;
    if (offline) this.wasOffline = true;
    return {
      offline,
      reason: browserOffline ? "browser" : this.unreachable ? "unreachable" : null,
      recovered: !offline && this.wasOffline,
    };
  }

  private update() {
    const next = this.compute();
    const { offline, reason, recovered } = this.state;
    if (next.offline === offline && next.reason === reason && next.recovered === recovered) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  get = (): ConnectionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    this.attach();
    return () => this.listeners.delete(listener);
  };

  /** Follows the browser's online and offline events (once per store). */
  attach(target: Pick<Window, "addEventListener"> | undefined = typeof window === "undefined" ? undefined : window) {
    if (this.attached || !target) return;
    this.attached = true;
    target.addEventListener("online", () => {
      this.update();
      if (this.unreachable) void this.check();
    });
    target.addEventListener("offline", () => this.update());
  }

  /** The service worker served this page from its cache: the server could not be reached. */
  markUnreachable() {
    this.unreachable = true;
    this.update();
    // The server may only have been slow: ask again soon, then every PROBE_INTERVAL_MS.
    this.schedule(FIRST_PROBE_MS);
  }

  /** Asks the server now; clears the unreachable mark when it answers. */
  async check(): Promise<boolean> {
    clearTimeout(this.timer);
    const reachable = await this.env.probe().catch(() => false);
    if (reachable) {
      this.unreachable = false;
      this.update();
    } else {
      this.schedule();
    }
    return reachable;
  }

  private schedule(delay = PROBE_INTERVAL_MS) {
    clearTimeout(this.timer);
    if (!this.unreachable) return;
    this.timer = setTimeout(() => void this.check(), delay);
  }
}

/** GET /health without any cache: true when the server answers at all. */
export async function probeServer(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch("/health", { cache: "no-store", signal: controller.signal });
    return response.status > 0;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const connectionStore = new ConnectionStore();

export function useConnection(store: ConnectionStore = connectionStore): ConnectionState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

// Care actions recorded while the app cannot reach the server (issue #27, offline first): kept on
// this device, one list per person (localStorage), and sent in the order they were recorded once
// the server answers again. Each carries the client key it was first tried with, so a send whose
// answer was lost, a second tab sending the same list, or a reload half-way through can never
// record it twice (the server's recordAction answers the action already recorded for that key).
//
// Framework-free, like the session store: the map card, the record form, the status line and the
// runner that sends (useActionQueue, ActionQueueRunner) share one queue per person.

export type QueuedActionStatus = "queued" | "sending" | "sent" | "failed";

export interface QueuedActionInput {
  /** The client key the action was (or would have been) sent with; made by newClientKey(). */
  key: string;
  thingId: string;
  /** For the status line: "Watering of Oak". */
  thingName: string;
  type: string;
  comments: string;
  litres: number | null;
  location: { x: number; y: number } | null;
}

export interface QueuedAction extends QueuedActionInput {
  /** ISO time the person recorded it on this device. */
  recordedAt: string;
  status: QueuedActionStatus;
  /** Sends tried that did not reach the server. */
  attempts: number;
  /** ISO time the server took it (status "sent"). */
  sentAt: string | null;
  actionId: string | null;
  /** Why the server refused it (status "failed"). */
  error: string | null;
}

/** What one send came to: recorded, not reached (try again later), or refused (never retried). */
export type SendOutcome = { kind: "sent"; actionId: string } | { kind: "offline" } | { kind: "refused"; message: string };

export type SendAction = (action: QueuedAction) => Promise<SendOutcome>;

export const QUEUE_STORAGE_PREFIX = "steward.queue.";
/** Sent actions stay listed ("sent at 10:32") until dismissed, or for a day at most. */
export const KEEP_SENT_MS = 24 * 60 * 60 * 1000;

/** A random UUID (the server's client key type); crypto.randomUUID needs a secure context. */
export function newClientKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function isQueuedAction(value: unknown): value is QueuedAction {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === "string" &&
    typeof v.thingId === "string" &&
    typeof v.type === "string" &&
    typeof v.comments === "string" &&
    typeof v.recordedAt === "string" &&
    ["queued", "sending", "sent", "failed"].includes(v.status as string)
  );
}

type Listener = () => void;

export interface ActionQueueOptions {
  userId: string;
  storage?: Storage | null;
  now?: () => Date;
  /** Serialises sends across tabs (navigator.locks); without it, each tab sends on its own. */
  lock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}

export class ActionQueue {
  readonly userId: string;
  private readonly storage: Storage | null;
  private readonly now: () => Date;
  private readonly lock: ActionQueueOptions["lock"];
  private readonly key: string;
  private items: readonly QueuedAction[];
  private raw: string | null = null;
  private listeners = new Set<Listener>();
  private flushing: Promise<void> | null = null;

  constructor(options: ActionQueueOptions) {
    this.userId = options.userId;
    this.storage = options.storage ?? null;
    this.now = options.now ?? (() => new Date());
    this.lock = options.lock;
    this.key = QUEUE_STORAGE_PREFIX + options.userId;
    this.items = this.load();
  }

  /** Every action on this device for this person: waiting, being sent, sent, refused; oldest first. */
  list = (): readonly QueuedAction[] => this.items;

  /** How many wait to be sent (including one being sent now). */
  pendingCount(): number {
    return this.list().filter((a) => a.status === "queued" || a.status === "sending").length;
  }

  find(key: string): QueuedAction | undefined {
    return this.list().find((a) => a.key === key);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Keeps an action to send later. Adding a key already kept changes nothing. */
  add(input: QueuedActionInput): QueuedAction {
    const existing = this.find(input.key);
    if (existing) return existing;
    const action: QueuedAction = {
      ...input,
      recordedAt: this.now().toISOString(),
      status: "queued",
      attempts: 0,
      sentAt: null,
      actionId: null,
      error: null,
    };
    this.save([...this.items, action]);
    return action;
  }

  /** Drops an action from the list: a waiting one is then never sent; a sent or refused one is dismissed. */
  remove(key: string): void {
    this.refresh();
    if (this.items.some((a) => a.key === key)) this.save(this.items.filter((a) => a.key !== key));
  }

  /** Dismisses every sent action. */
  clearSent(): void {
    this.refresh();
    if (this.items.some((a) => a.status === "sent")) this.save(this.items.filter((a) => a.status !== "sent"));
  }

  /**
   * Sends what waits, oldest first, one at a time; stops at the first that does not reach the
   * server (the rest would not either). One flush at a time per tab; concurrent calls share it.
   */
  flush(send: SendAction): Promise<void> {
    if (this.flushing) return this.flushing;
    const run = () => this.sendAll(send);
    const task = this.lock ? this.lock(`${this.key}.send`, run) : run();
    this.flushing = task.finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll(send: SendAction): Promise<void> {
    for (;;) {
      // Read afresh each time: another tab may have sent or removed some meanwhile.
      this.refresh();
      const next = this.list().find((a) => a.status === "queued" || a.status === "sending");
      if (!next) return;
      this.update(next.key, { status: "sending" });
      let outcome: SendOutcome;
      try {
        outcome = await send(next);
      } catch {
        outcome = { kind: "offline" };
      }
      // Removed while it was on its way (the person discarded it): nothing more to note.
      if (!this.find(next.key)) {
        if (outcome.kind === "offline") return;
        continue;
      }
      if (outcome.kind === "sent") {
        this.update(next.key, { status: "sent", sentAt: this.now().toISOString(), actionId: outcome.actionId, error: null });
      } else if (outcome.kind === "refused") {
        this.update(next.key, { status: "failed", error: outcome.message });
      } else {
        this.update(next.key, { status: "queued", attempts: next.attempts + 1 });
        return;
      }
    }
  }

  private update(key: string, patch: Partial<QueuedAction>) {
    this.refresh();
    this.save(this.items.map((a) => (a.key === key ? { ...a, ...patch } : a)));
  }

  private load(): readonly QueuedAction[] {
    let raw: string | null = null;
    try {
      raw = this.storage?.getItem(this.key) ?? null;
    } catch {
      raw = null;
    }
    this.raw = raw;
    if (!raw) return [];
    try {
      const value = JSON.parse(raw) as unknown;
      return Array.isArray(value) ? this.pruned(value.filter(isQueuedAction)) : [];
    } catch {
      return [];
    }
  }

  /** Picks up changes another tab wrote (its storage event); tells listeners when there were any. */
  refresh() {
    if (!this.storage) return;
    let raw: string | null;
    try {
      raw = this.storage.getItem(this.key);
    } catch {
      return;
    }
    if (raw === this.raw) return;
    this.items = this.load();
    this.emit();
  }

  private pruned(items: QueuedAction[]): QueuedAction[] {
    const oldest = this.now().getTime() - KEEP_SENT_MS;
    return items.filter((a) => a.status !== "sent" || !a.sentAt || Date.parse(a.sentAt) >= oldest);
  }

  private save(items: readonly QueuedAction[]) {
    this.items = this.pruned([...items]);
    const raw = JSON.stringify(this.items);
    try {
      if (this.items.length === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, raw);
      this.raw = this.items.length === 0 ? null : raw;
    } catch {
      // Storage full or blocked: the list lives in this page only (it is still sent while open).
      this.raw = null;
    }
    this.emit();
  }

  private emit() {
    for (const listener of [...this.listeners]) listener();
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function browserLock(): ActionQueueOptions["lock"] {
  const locks = typeof navigator === "undefined" ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks?.request) return undefined;
  return (name, task) => locks.request(name, task) as ReturnType<typeof task>;
}

const queues = new Map<string, ActionQueue>();

/** The one queue of this person in this page. */
export function actionQueueFor(userId: string): ActionQueue {
  let queue = queues.get(userId);
  if (!queue) {
    const created = new ActionQueue({ userId, storage: browserStorage(), lock: browserLock() });
    if (typeof window !== "undefined") {
      window.addEventListener("storage", (event) => {
        if (event.key === null || event.key === QUEUE_STORAGE_PREFIX + userId) created.refresh();
      });
    }
    queue = created;
    queues.set(userId, queue);
  }
  return queue;
}

// The offline queue of care actions: kept across reloads, sent oldest first and each once, stopped
// by the first send that does not reach the server, refusals kept with their reason, and a second
// tab or a page closed half-way through never sends an action twice with different keys.
import { describe, expect, it } from "vitest";
import { ActionQueue, KEEP_SENT_MS, newClientKey, QUEUE_STORAGE_PREFIX, type QueuedAction, type SendOutcome } from "./action-queue.ts";

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

const watering = (thingName: string, litres: number | null = 10) => ({
  key: newClientKey(),
  thingId: `thing-${thingName}`,
  thingName,
  type: "WATERING",
  comments: "Watered",
  litres,
  location: null,
});

/** A server: answers by key, counting how often each key arrived; `reachable` switches the network. */
function fakeServer() {
  const calls: string[] = [];
  const recorded = new Map<string, string>();
  const server = {
    reachable: true,
    refuse: new Map<string, string>(),
    calls,
    recorded,
    send: async (action: QueuedAction): Promise<SendOutcome> => {
      calls.push(action.key);
      await Promise.resolve();
      if (!server.reachable) return { kind: "offline" };
      const refusal = server.refuse.get(action.thingName);
      if (refusal) return { kind: "refused", message: refusal };
      if (!recorded.has(action.key)) recorded.set(action.key, `action-${recorded.size + 1}`);
      return { kind: "sent", actionId: recorded.get(action.key)! };
    },
  };
  return server;
}

describe("the offline action queue", () => {
  it("keeps what is recorded on the device, per person, across a reload", () => {
    const storage = new MemoryStorage();
    const queue = new ActionQueue({ userId: "ann", storage, now: () => new Date("2026-06-01T10:00:00Z") });
    const item = queue.add(watering("Oak"));
    expect(queue.pendingCount()).toBe(1);
    expect(item).toMatchObject({ status: "queued", attempts: 0, recordedAt: "2026-06-01T10:00:00.000Z", sentAt: null });
    // The page is reloaded: a new queue on the same storage finds it.
    const reloaded = new ActionQueue({ userId: "ann", storage });
    expect(reloaded.list().map((a) => a.key)).toEqual([item.key]);
    // Someone else on this device has their own (empty) queue.
    expect(new ActionQueue({ userId: "bob", storage }).list()).toEqual([]);
    // The same key twice is one action.
    reloaded.add({ ...watering("Oak"), key: item.key });
    expect(reloaded.pendingCount()).toBe(1);
  });

  it("while the server cannot be reached, keeps everything and stops at the first send", async () => {
    const server = fakeServer();
    server.reachable = false;
    const queue = new ActionQueue({ userId: "ann", storage: new MemoryStorage() });
    const first = queue.add(watering("Oak"));
    queue.add(watering("Elm"));
    await queue.flush(server.send);
    expect(server.calls).toEqual([first.key]);
    expect(queue.list().map((a) => [a.status, a.attempts])).toEqual([
      ["queued", 1],
      ["queued", 0],
    ]);
    expect(queue.pendingCount()).toBe(2);
    // A send that throws (fetch failed in the sender) counts as not reached.
    await queue.flush(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(queue.find(first.key)?.status).toBe("queued");
  });

  it("back online, sends each action once, oldest first, with its key, and notes when", async () => {
    const server = fakeServer();
    let clock = new Date("2026-06-01T10:00:00Z");
    const queue = new ActionQueue({ userId: "ann", storage: new MemoryStorage(), now: () => clock });
    const oak = queue.add(watering("Oak"));
    const elm = queue.add(watering("Elm", null));
    const changes: number[] = [];
    queue.subscribe(() => changes.push(queue.pendingCount()));
    clock = new Date("2026-06-01T12:30:00Z");
    await queue.flush(server.send);
    expect(server.calls).toEqual([oak.key, elm.key]);
    expect(queue.list().map((a) => [a.thingName, a.status, a.sentAt, a.actionId])).toEqual([
      ["Oak", "sent", "2026-06-01T12:30:00.000Z", "action-1"],
      ["Elm", "sent", "2026-06-01T12:30:00.000Z", "action-2"],
    ]);
    expect(queue.pendingCount()).toBe(0);
    expect(changes.at(-1)).toBe(0);
    // Nothing left to send: another flush sends nothing.
    await queue.flush(server.send);
    expect(server.calls).toHaveLength(2);
  });

  it("keeps a refused action with the server's reason, never sends it again, and goes on with the rest", async () => {
    const server = fakeServer();
    server.refuse.set("Oak", "Only the thing's owners and collaborators can record actions: collaborate on it first");
    const queue = new ActionQueue({ userId: "ann", storage: new MemoryStorage() });
    queue.add(watering("Oak"));
    queue.add(watering("Elm"));
    await queue.flush(server.send);
    expect(queue.list().map((a) => [a.thingName, a.status, a.error])).toEqual([
      ["Oak", "failed", "Only the thing's owners and collaborators can record actions: collaborate on it first"],
      ["Elm", "sent", null],
    ]);
    await queue.flush(server.send);
    expect(server.calls).toHaveLength(2);
    // Dismissed, it is gone.
    queue.remove(queue.list()[0].key);
    queue.clearSent();
    expect(queue.list()).toEqual([]);
  });

  it("flushes started together (the online event and a timer) share one run", async () => {
    const server = fakeServer();
    const queue = new ActionQueue({ userId: "ann", storage: new MemoryStorage() });
    queue.add(watering("Oak"));
    await Promise.all([queue.flush(server.send), queue.flush(server.send), queue.flush(server.send)]);
    expect(server.calls).toHaveLength(1);
    expect(server.recorded.size).toBe(1);
  });

  it("sends again, with the same key, an action whose page closed while it was being sent", async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const queue = new ActionQueue({ userId: "ann", storage });
    const oak = queue.add(watering("Oak"));
    // The first tab marked it "sending" and was closed before the answer came.
    const stored = JSON.parse(storage.getItem(`${QUEUE_STORAGE_PREFIX}ann`)!) as QueuedAction[];
    storage.setItem(`${QUEUE_STORAGE_PREFIX}ann`, JSON.stringify(stored.map((a) => ({ ...a, status: "sending" }))));
    // The server did record it (the answer was lost): sending again with the key is answered with that action.
    server.recorded.set(oak.key, "action-first");
    const reopened = new ActionQueue({ userId: "ann", storage });
    expect(reopened.pendingCount()).toBe(1);
    await reopened.flush(server.send);
    expect(server.calls).toEqual([oak.key]);
    expect(reopened.find(oak.key)).toMatchObject({ status: "sent", actionId: "action-first" });
    expect(server.recorded.size).toBe(1);
  });

  it("two tabs sending the same list under a lock send each action once", async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    let chain: Promise<unknown> = Promise.resolve();
    const lock = <T>(_name: string, task: () => Promise<T>): Promise<T> => {
      const run = chain.then(task);
      chain = run.catch(() => undefined);
      return run;
    };
    const tabA = new ActionQueue({ userId: "ann", storage, lock });
    tabA.add(watering("Oak"));
    tabA.add(watering("Elm"));
    const tabB = new ActionQueue({ userId: "ann", storage, lock });
    await Promise.all([tabA.flush(server.send), tabB.flush(server.send)]);
    expect(server.calls).toHaveLength(2);
    tabB.refresh();
    expect(tabB.list().map((a) => a.status)).toEqual(["sent", "sent"]);
  });

  it("a waiting action removed before the network returns is never sent", async () => {
    const server = fakeServer();
    const queue = new ActionQueue({ userId: "ann", storage: new MemoryStorage() });
    const oak = queue.add(watering("Oak"));
    queue.remove(oak.key);
    await queue.flush(server.send);
    expect(server.calls).toEqual([]);
  });

  it("forgets sent actions after a day, never waiting ones", () => {
    const storage = new MemoryStorage();
    let clock = new Date("2026-06-01T10:00:00Z");
    const queue = new ActionQueue({ userId: "ann", storage, now: () => clock });
    const waiting = queue.add(watering("Oak"));
    const sent = queue.add(watering("Elm"));
    const stored = JSON.parse(storage.getItem(`${QUEUE_STORAGE_PREFIX}ann`)!) as QueuedAction[];
    storage.setItem(
      `${QUEUE_STORAGE_PREFIX}ann`,
      JSON.stringify(stored.map((a) => (a.key === sent.key ? { ...a, status: "sent", sentAt: clock.toISOString() } : a))),
    );
    clock = new Date(clock.getTime() + KEEP_SENT_MS + 1);
    const later = new ActionQueue({ userId: "ann", storage, now: () => clock });
    expect(later.list().map((a) => a.key)).toEqual([waiting.key]);
  });

  it("ignores a stored list that is not one", () => {
    const storage = new MemoryStorage();
    storage.setItem(`${QUEUE_STORAGE_PREFIX}ann`, "{not json");
    expect(new ActionQueue({ userId: "ann", storage }).list()).toEqual([]);
    storage.setItem(`${QUEUE_STORAGE_PREFIX}ann`, JSON.stringify([{ key: 1 }, "x"]));
    expect(new ActionQueue({ userId: "ann", storage }).list()).toEqual([]);
  });

  it("makes version 4 UUIDs as client keys", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newClientKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

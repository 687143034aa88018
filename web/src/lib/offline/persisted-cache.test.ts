// The kept GraphQL cache (issue 27) through the app's real client: an answer kept by one page is
// shown by the next when the network is gone; a query nothing was kept for fails as offline (not
// an empty answer); online, the kept copy shows first and the server's answer replaces it; a
// storage that never answers does not hold the app up.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { gql } from "urql";
import type { SerializedEntries, StorageAdapter } from "@urql/exchange-graphcache";
import { signedInClient } from "../../test/helpers.tsx";
import { persistedCacheFor, settle } from "./persisted-cache.ts";

const ME = gql`
  query Me {
    currentUser {
      id
      username
    }
  }
`;
const MY_THINGS = gql`
  query MyThings {
    allThings {
      nodes {
        id
        name
      }
    }
  }
`;

function memoryAdapter(): StorageAdapter & { entries: SerializedEntries } {
  const adapter = {
    entries: {} as SerializedEntries,
    readData: async () => ({ ...adapter.entries }),
    writeData: async (delta: SerializedEntries) => {
      Object.assign(adapter.entries, delta);
    },
    readMetadata: async () => null,
    writeMetadata: () => {},
    onOnline: () => {},
  };
  return adapter;
}

function memoryAdapterWith(entries: SerializedEntries) {
  const adapter = memoryAdapter();
  Object.assign(adapter.entries, entries);
  return adapter;
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const me = (username: string) => json({ data: { currentUser: { __typename: "User", id: "u1", username } } });
const offline = async () => {
  throw new TypeError("Failed to fetch");
};

function clientWith(storage: StorageAdapter | null, fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  return signedInClient(vi.fn(fetch), { storage });
}

/** Graphcache writes to its storage a moment after an answer. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the GraphQL cache kept on the device", () => {
  // Graphcache writes nothing to its storage when NODE_ENV is "test" (as vitest sets it); these
  // tests are about that writing, so they run as the app does.
  const nodeEnv = process.env.NODE_ENV;
  beforeAll(() => {
    process.env.NODE_ENV = "development";
  });
  afterAll(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  it("answers offline from what the last page kept, and says 'offline' for what it never kept", async () => {
    const storage = memoryAdapter();
    const first = clientWith(storage, async () => me("alice"));
    expect((await first.client.query(ME, {}).toPromise()).data).toMatchObject({ currentUser: { id: "u1", username: "alice" } });
    await settled();
    first.dispose();
    expect(Object.keys(storage.entries).length).toBeGreaterThan(0);

    // The next page, with the network gone.
    const next = clientWith(storage, offline);
    const kept = await next.client.query(ME, {}).toPromise();
    expect(kept.error).toBeUndefined();
    expect(kept.data).toMatchObject({ currentUser: { id: "u1", username: "alice" } });
    const never = await next.client.query(MY_THINGS, {}).toPromise();
    expect(never.data ?? null).toBeNull();
    expect(never.error?.networkError).toBeTruthy();
    expect(never.error?.response).toBeUndefined();
    next.dispose();
  });

  it("keeps an answer that came back before the device's copy was read", async () => {
    // A new phone's first visit: opening IndexedDB takes longer than the server takes to answer.
    // Graphcache keeps only what it writes after reading the device's copy, so the query waits
    // for that read (it was lost, and the next page offline opened on the wrong place: e2e/offline).
    const storage = memoryAdapter();
    const read = storage.readData;
    storage.readData = () => new Promise((resolve) => setTimeout(() => resolve(read()), 60));
    const asked: number[] = [];
    const started = Date.now();
    const first = clientWith(storage, async () => {
      asked.push(Date.now() - started);
      return me("alice");
    });
    expect((await first.client.query(ME, {}).toPromise()).data).toMatchObject({ currentUser: { username: "alice" } });
    await settled();
    first.dispose();
    expect(asked).toHaveLength(1);
    expect(Object.keys(storage.entries).length).toBeGreaterThan(0);

    const next = clientWith(memoryAdapterWith(storage.entries), offline);
    expect((await next.client.query(ME, {}).toPromise()).data).toMatchObject({ currentUser: { id: "u1", username: "alice" } });
    next.dispose();
  });

  it("never sends a query given up before the device's copy was read", async () => {
    const storage = memoryAdapter();
    const read = storage.readData;
    let readDone = () => {};
    storage.readData = () =>
      new Promise((resolve) => {
        readDone = () => resolve(read());
      });
    const asked: string[] = [];
    const client = clientWith(storage, async (_url, init) => {
      asked.push(JSON.parse(String(init?.body)).operationName);
      return me("alice");
    });
    const gone = client.client.query(MY_THINGS, {}).subscribe(() => {});
    const wanted = client.client.query(ME, {}).toPromise();
    gone.unsubscribe();
    readDone();
    expect((await wanted).data).toMatchObject({ currentUser: { username: "alice" } });
    expect(asked).toEqual(["Me"]);
    client.dispose();
  });

  it("online, shows the kept copy at once and then the server's answer", async () => {
    const storage = memoryAdapter();
    const first = clientWith(storage, async () => me("alice"));
    await first.client.query(ME, {}).toPromise();
    await settled();
    first.dispose();

    const asked: string[] = [];
    const next = clientWith(storage, async () => {
      asked.push("Me");
      // The server takes a moment, as it does.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return me("alice-renamed");
    });
    const seen: string[] = [];
    const { unsubscribe } = next.client.query<{ currentUser: { username: string } }>(ME, {}).subscribe((result) => {
      if (result.data) seen.push(result.data.currentUser.username);
    });
    await vi.waitFor(() => expect(seen.at(-1)).toBe("alice-renamed"));
    expect(seen[0]).toBe("alice");
    expect(asked).toEqual(["Me"]);
    unsubscribe();
    next.dispose();
  });

  it("starts with an empty cache, not never, when the device's storage fails or does not answer", async () => {
    expect(await settle(Promise.reject(new Error("IndexedDB blocked")), {})).toEqual({});
    expect(await settle(new Promise<SerializedEntries>(() => {}), {}, 10)).toEqual({});
    expect(await settle<SerializedEntries>(Promise.resolve({ a: "1" }), {})).toEqual({ a: "1" });
    // jsdom has no IndexedDB: nothing is kept, and the client keeps its cache in memory.
    expect(persistedCacheFor("u1")).toBeNull();
  });

  it("reads nothing on a device's first visit (no database yet) without waiting to create one, and reads a kept copy otherwise", async () => {
    const opened: string[] = [];
    const fakeIndexedDB = (databases?: () => Promise<{ name: string }[]>) => ({
      // A database that never opens: a read that needs it never ends (within this test).
      open: vi.fn((name: string) => {
        opened.push(name);
        return {};
      }),
      ...(databases ? { databases: vi.fn(databases) } : {}),
    });
    const pending = Symbol("pending");
    const within = <T>(promise: Promise<T>, ms = 30) =>
      Promise.race([promise, new Promise<typeof pending>((r) => setTimeout(() => r(pending), ms))]);
    try {
      vi.stubGlobal(
        "indexedDB",
        fakeIndexedDB(async () => [{ name: "steward-graphcache-someone-else" }]),
      );
      const first = persistedCacheFor("u1")!;
      expect(await within(first.readData())).toEqual({});
      expect(await within(first.readMetadata!())).toBeNull();
      // Opened (created) afterwards, for what this page keeps.
      await vi.waitFor(() => expect(opened).toContain("steward-graphcache-u1"));

      vi.stubGlobal(
        "indexedDB",
        fakeIndexedDB(async () => [{ name: "steward-graphcache-u1" }]),
      );
      expect(await within(persistedCacheFor("u1")!.readData())).toBe(pending);
      // A browser that cannot list its databases: read as before.
      vi.stubGlobal("indexedDB", fakeIndexedDB());
      expect(await within(persistedCacheFor("u1")!.readData())).toBe(pending);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

// The pictures cookie (docs/decisions.md, Images). Pictures of private records are served only to
// those who may see the record, but an <img> sends no Authorization header: the server knows the
// viewer by an HttpOnly cookie that POST /images/session sets from the session's bearer token (and
// clears for a guest token). The session provider syncs it whenever the token changes, and waits
// for it when signing in, so the first pages after sign-in show private pictures at once.
// Pictures that failed before a sync finished try again: components follow
// usePictureAccessVersion() and reset their failure when it changes.
import { useSyncExternalStore } from "react";

export interface PictureAccess {
  /** Sets (signed-in token) or clears (guest token) the pictures cookie; never throws. */
  sync(token: string): Promise<void>;
}

let version = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getVersion() {
  return version;
}

/** Changes each time the pictures cookie has been set or cleared. */
export function usePictureAccessVersion(): number {
  return useSyncExternalStore(subscribe, getVersion, getVersion);
}

/** `graphqlUrl`: the API's address; /images/session is resolved against it, like picture URLs. */
export function createPictureAccess(graphqlUrl: string, fetchImpl?: typeof fetch): PictureAccess {
  let synced: string | null = null;
  let pending: { token: string; done: Promise<void> } | null = null;
  return {
    sync(token: string) {
      if (token === synced) return Promise.resolve();
      if (pending?.token === token) return pending.done;
      let url: string;
      try {
        url = new URL("/images/session", graphqlUrl).href;
      } catch {
        url = "/images/session";
      }
      const doFetch = fetchImpl ?? globalThis.fetch;
      const done = Promise.resolve()
        .then(() => doFetch(url, { method: "POST", headers: { authorization: `Bearer ${token}` }, credentials: "same-origin" }))
        .then(
          (res) => {
            if (!res.ok) return;
            synced = token;
            version += 1;
            for (const listener of [...listeners]) listener();
          },
          () => {
            // Offline or the server is starting: private pictures wait for the next token change
            // or page load; public ones do not need the cookie.
          },
        )
        .finally(() => {
          if (pending?.done === done) pending = null;
        });
      pending = { token, done };
      return done;
    },
  };
}

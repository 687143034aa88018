// The pictures cookie (docs/decisions.md, Images). Pictures of private records are served only to
// those who may see the record, but an <img> sends no Authorization header: the server knows the
// viewer by an HttpOnly cookie that POST /images/session sets from the session's bearer token (and
// clears for a guest token). The session provider syncs it whenever the token changes, and waits
// for it when signing in, so the first pages after sign-in show private pictures at once.
// A picture that failed under an older cookie is asked again (usePictureAttempt, used by Avatar,
// Picture and the timeline's action pictures).
import { useState, useSyncExternalStore } from "react";

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

export interface PictureAttempt {
  /** The picture failed under the current pictures cookie: show the fallback. */
  failed: boolean;
  /** The <img>'s key: a new element (and request) for each attempt. */
  key: string;
  /** The <img>'s onError. */
  onError(): void;
}

/**
 * Whether to show a stored picture, for an <img> of `url` (null: none). A failure counts for the
 * address and the pictures cookie the request went out under: when the cookie has changed since
 * (a private picture asked before it was set, as on a page whose first render already has its
 * data), the picture is asked again, by a new <img>. An <img> that loaded is kept, so public
 * pictures are not asked twice when the cookie is set after they were shown.
 */
export function usePictureAttempt(url: string | null): PictureAttempt {
  const access = usePictureAccessVersion();
  const [attempt, setAttempt] = useState({ url, access, failed: false });
  let current = attempt;
  if (attempt.url !== url || (attempt.failed && attempt.access < access)) {
    // A new address, or a failure under an older cookie: ask (again). Set during render, so the
    // failed <img> is never shown for a frame.
    current = { url, access, failed: false };
    setAttempt(current);
  }
  return {
    failed: current.failed,
    key: `${current.url} ${current.access}`,
    onError: () => setAttempt((a) => (a.url === current.url && a.access === current.access ? { ...a, failed: true } : a)),
  };
}

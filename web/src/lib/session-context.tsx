// React side of the session: the current session for components, a guest session made
// automatically (first visit, after sign-out, after expiry or a rejected token), other tabs
// followed through the storage event, and the sign-in / sign-out transitions.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import type { AuthApi } from "./session-calls.ts";
import { GraphQLRequestError } from "./api.ts";
import { runBeforeSignOut } from "./before-sign-out.ts";
import { englishT } from "./i18n/english.ts";
import { useNoticeStore } from "./notices.tsx";
import type { PictureAccess } from "./picture-access.ts";
import { whenFirstScreenShown } from "./first-screen.ts";
import { isAdmin, isSignedIn, sessionFromToken, withCurrentUser, type Session, type SessionStore } from "./session.ts";

/** setTimeout cannot wait longer than this (about 24.8 days); longer waits are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Waits between failed guest sign-ins (the server may be starting): 2 s, 4 s, ... up to a minute. */
export function guestRetryDelayMs(failures: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(1, failures));
}

export interface SessionContextValue {
  session: Session | null;
  signedIn: boolean;
  admin: boolean;
  store: SessionStore;
  auth: AuthApi;
  domainName: string;
  /** Starts a signed-in session from a signIn/signUp token (fetches the profile too). */
  startSession(token: string, fallback?: { username?: string; name?: string }): Promise<Session>;
  /** Signs out on the server (errors ignored), drops the token and becomes a guest. */
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export interface SessionProviderProps {
  store: SessionStore;
  auth: AuthApi;
  domainName: string;
  children: ReactNode;
  /** Window whose storage events to follow; the page's window by default. */
  target?: Pick<Window, "addEventListener" | "removeEventListener">;
  /** Keeps the pictures cookie in step with the token (lib/picture-access.ts); none in unit tests. */
  pictures?: PictureAccess;
}

export function SessionProvider({ store, auth, domainName, children, target, pictures }: SessionProviderProps) {
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  const notices = useNoticeStore();

  // Other tabs.
  useEffect(() => store.attach(target ?? window), [store, target]);

  // Tell the user when their signed-in session ends without them asking.
  useEffect(
    () =>
      store.onDrop((reason, previous) => {
        if (reason !== "signout" && isSignedIn({ ...previous, expiry: null })) {
          // Raised outside the language provider: said in the reader's language when shown.
          notices.notify(englishT("session.ended"), { level: "warning", textKey: "session.ended" });
        }
      }),
    [store, notices],
  );

  // A guest session whenever there is no usable one; retried with backoff while the API is down.
  useEffect(() => {
    let cancelled = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ensure = () => {
      if (cancelled || (store.get() && !store.isExpired())) return;
      store
        .ensure(() => auth.signInAsGuest(domainName), domainName)
        .then(
          () => {
            failures = 0;
          },
          () => {
            failures += 1;
            if (!cancelled) timer = setTimeout(ensure, guestRetryDelayMs(failures));
          },
        );
    };
    ensure();
    const unsubscribe = store.subscribe(() => {
      clearTimeout(timer);
      ensure();
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store, auth, domainName]);

  // The pictures cookie follows the token: set for a signed-in one, cleared for a guest's.
  const token = session?.token;
  useEffect(() => {
    if (token && pictures) void pictures.sync(token);
  }, [token, pictures]);

  // Drop the token when it expires, so the page turns into a guest page on time.
  useEffect(() => {
    if (!session?.expiry) return;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const wait = (session.expiry ?? 0) - Date.now();
      if (wait <= 0) {
        store.validToken();
        return;
      }
      timer = setTimeout(arm, Math.min(wait, MAX_TIMER_MS));
    };
    arm();
    return () => clearTimeout(timer);
  }, [session?.expiry, store]);

  // Refresh the signed-in user's profile once per page load (name, e-mails may have changed),
  // unless this page has just fetched it while signing in.
  const profiledTokens = useRef(new Set<string>());
  const signedInToken = isSignedIn(session) ? session?.token : undefined;
  useEffect(() => {
    if (!signedInToken || profiledTokens.current.has(signedInToken)) return;
    profiledTokens.current.add(signedInToken);
    // Not cancelled on cleanup (strict mode runs effects twice): each answer is applied only if
    // the session still holds the token it was asked for.
    // After the first screen has its data: its answer re-renders the whole app (issue 27).
    whenFirstScreenShown()
      .then(() => auth.currentUser(signedInToken))
      .then(
        (user) => {
          const current = store.get();
          if (current?.token !== signedInToken) return;
          // No user for a signed-in token: its server session was revoked (signed out elsewhere,
          // passphrase changed). The token is no good any more.
          if (user) store.set(withCurrentUser(current, user));
          else store.drop("unauthorized");
        },
        (error: unknown) => {
          // A rejected token ends the session; offline or server trouble keeps what we have.
          if (error instanceof GraphQLRequestError && error.status === 401 && store.get()?.token === signedInToken) {
            store.drop("unauthorized");
          }
        },
      );
    // Only when the token changes, not on every profile update.
  }, [signedInToken, auth, store]);

  const startSession = useCallback(
    async (token: string, fallback: { username?: string; name?: string } = {}) => {
      let next = sessionFromToken(token, domainName);
      next = { ...next, username: fallback.username ?? "", name: fallback.name ?? "" };
      try {
        next = withCurrentUser(next, await auth.currentUser(token));
        profiledTokens.current.add(token);
      } catch {
        // Signed in all the same; the profile is fetched again on the next page load.
      }
      // Before the signed-in pages render, so their private pictures show at once.
      await pictures?.sync(token);
      store.set(next);
      return next;
    },
    [auth, store, domainName, pictures],
  );

  const signOut = useCallback(async () => {
    const current = store.get();
    if (current && isSignedIn(current)) {
      // While the token still works (lib/before-sign-out.ts): the analytics tracker's last events.
      await runBeforeSignOut();
      try {
        await auth.signOut(current.token);
      } catch {
        // The server session may already be gone; the local one goes regardless.
      }
    }
    store.drop("signout");
    try {
      await store.ensure(() => auth.signInAsGuest(domainName), domainName);
    } catch {
      // The guest effect retries.
    }
  }, [auth, store, domainName]);

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      signedIn: isSignedIn(session),
      admin: isAdmin(session),
      store,
      auth,
      domainName,
      startSession,
      signOut,
    }),
    [session, store, auth, domainName, startSession, signOut],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession needs a SessionProvider");
  return value;
}

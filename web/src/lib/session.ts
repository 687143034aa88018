// The auth session (spec section 3): kept in localStorage, re-read when another tab changes it,
// replaced by a guest session on first visit, after sign-out and when the token expires
// (spec section 4). Framework-free so the urql client and the React tree share one store.
import { decodeToken } from "./jwt.ts";

export const SESSION_STORAGE_KEY = "steward.session";

export const ROLE_GUEST = "bk_anonymous";
export const ROLE_USER = "bk_user";
export const ROLE_ADMIN = "bk_admin";

export interface SessionEmail {
  id: string;
  email: string;
  isPrimary: boolean;
  isVerified: boolean;
}

export interface SessionLocation {
  /** Latitude. */
  x: number;
  /** Longitude. */
  y: number;
}

export interface Session {
  token: string;
  /** The user's id; random for a guest. */
  id: string;
  /** When the token expires, in milliseconds since the epoch; null when the token says nothing. */
  expiry: number | null;
  username: string;
  /** Display name (not in the spec's list; the header shows it). */
  name: string;
  hasImage: boolean;
  isVerified: boolean;
  emails: SessionEmail[];
  /** '' or bk_anonymous: not signed in; bk_admin: admin; anything else: signed in. */
  role: string;
  /** ISO timestamps. */
  created: string | null;
  lastSignIn: string | null;
  location: SessionLocation | null;
  notificationDaily: boolean;
  oneThingId: string | null;
  /** The account's language (en-GB, de), or null to follow the browser. */
  language: string | null;
  domainName: string;
}

/** The currentUser query's answer (null for guests). */
export interface CurrentUser {
  id: string;
  name: string | null;
  username: string | null;
  createdAt: string | null;
  hasImage: boolean | null;
  isVerified: boolean | null;
  notificationDaily: boolean | null;
  oneThingId: string | null;
  language?: string | null;
  lastSignInAt: string | null;
  role: string | null;
  userEmailsByUserId?: { nodes: SessionEmail[] } | null;
}

export type DropReason = "signout" | "expired" | "unauthorized";

export function isExpired(session: Session | null | undefined, now = Date.now()): boolean {
  if (!session) return true;
  return session.expiry !== null && session.expiry <= now;
}

export function isSignedIn(session: Session | null | undefined, now = Date.now()): boolean {
  if (!session?.token || isExpired(session, now)) return false;
  return session.role !== "" && session.role !== ROLE_GUEST;
}

export function isAdmin(session: Session | null | undefined, now = Date.now()): boolean {
  return isSignedIn(session, now) && session?.role === ROLE_ADMIN;
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `guest-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
}

/** A session from a fresh token: identity, role, expiry and domain from its claims. */
export function sessionFromToken(token: string, domainName = ""): Session {
  const claims = decodeToken(token) ?? {};
  return {
    token,
    id: claims.user_id || randomId(),
    expiry: typeof claims.exp === "number" ? claims.exp * 1000 : null,
    username: "",
    name: "",
    hasImage: false,
    isVerified: false,
    emails: [],
    role: claims.role ?? "",
    created: null,
    lastSignIn: null,
    location: null,
    notificationDaily: false,
    oneThingId: null,
    language: null,
    domainName: claims.domain_name || domainName,
  };
}

/** The session completed with the user's profile. The role stays the token's (the server's truth). */
export function withCurrentUser(session: Session, user: CurrentUser | null | undefined): Session {
  if (!user) return session;
  return {
    ...session,
    id: user.id || session.id,
    name: user.name ?? session.name,
    username: user.username ?? session.username,
    hasImage: user.hasImage ?? session.hasImage,
    isVerified: user.isVerified ?? session.isVerified,
    emails:
      user.userEmailsByUserId?.nodes?.map(({ id, email, isPrimary, isVerified }) => ({
        id,
        email,
        isPrimary,
        isVerified,
      })) ?? session.emails,
    created: user.createdAt ?? session.created,
    lastSignIn: user.lastSignInAt ?? session.lastSignIn,
    notificationDaily: user.notificationDaily ?? session.notificationDaily,
    oneThingId: user.oneThingId ?? null,
    language: user.language ?? null,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A stored session, or null when the stored text is missing or not a session. */
export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.token !== "string" || !value.token || typeof value.id !== "string") return null;
  const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);
  const location =
    isObject(value.location) && typeof value.location.x === "number" && typeof value.location.y === "number"
      ? { x: value.location.x, y: value.location.y }
      : null;
  return {
    token: value.token,
    id: value.id,
    expiry: typeof value.expiry === "number" ? value.expiry : null,
    username: str(value.username),
    name: str(value.name),
    hasImage: value.hasImage === true,
    isVerified: value.isVerified === true,
    emails: Array.isArray(value.emails) ? (value.emails.filter(isObject) as unknown as SessionEmail[]) : [],
    role: str(value.role),
    created: typeof value.created === "string" ? value.created : null,
    lastSignIn: typeof value.lastSignIn === "string" ? value.lastSignIn : null,
    location,
    notificationDaily: value.notificationDaily === true,
    oneThingId: typeof value.oneThingId === "string" ? value.oneThingId : null,
    language: typeof value.language === "string" ? value.language : null,
    domainName: str(value.domainName),
  };
}

export type SessionListener = (session: Session | null) => void;
export type DropListener = (reason: DropReason, previous: Session) => void;

export interface SessionStoreOptions {
  storage?: Storage | null;
  key?: string;
  now?: () => number;
}

/**
 * Holds the session, mirrors it to storage and tells subscribers. `get()` returns the same object
 * until the session changes (useSyncExternalStore relies on that).
 */
export class SessionStore {
  private readonly storage: Storage | null;
  private readonly key: string;
  private readonly now: () => number;
  private current: Session | null;
  private raw: string | null;
  private listeners = new Set<SessionListener>();
  private dropListeners = new Set<DropListener>();
  private pendingGuest: Promise<Session> | null = null;

  constructor(options: SessionStoreOptions = {}) {
    this.storage = options.storage ?? null;
    this.key = options.key ?? SESSION_STORAGE_KEY;
    this.now = options.now ?? (() => Date.now());
    this.raw = this.read() ?? null;
    this.current = parseSession(this.raw);
  }

  /** The stored text; undefined when storage cannot be read (the in-memory session then stands). */
  private read(): string | null | undefined {
    try {
      return this.storage ? this.storage.getItem(this.key) : undefined;
    } catch {
      return undefined;
    }
  }

  private write(raw: string | null) {
    try {
      if (raw === null) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, raw);
    } catch {
      // Storage full or blocked (private mode): the session lives in memory for this tab.
    }
  }

  private emit() {
    for (const listener of [...this.listeners]) listener(this.current);
  }

  get = (): Session | null => this.current;

  subscribe = (listener: SessionListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called when a session is dropped (sign-out, expiry, a 401), with the session it was. */
  onDrop(listener: DropListener): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  set(session: Session | null) {
    const raw = session ? JSON.stringify(session) : null;
    if (raw === this.raw) return;
    this.raw = raw;
    this.current = session;
    this.write(raw);
    this.emit();
  }

  update(patch: Partial<Session>) {
    if (this.current) this.set({ ...this.current, ...patch });
  }

  drop(reason: DropReason) {
    const previous = this.current;
    if (!previous) return;
    this.set(null);
    for (const listener of [...this.dropListeners]) listener(reason, previous);
  }

  isExpired(): boolean {
    return isExpired(this.current, this.now());
  }

  /** The token to send, after dropping an expired one (spec section 4: before each request). */
  validToken(): string | null {
    if (this.current && this.isExpired()) this.drop("expired");
    return this.current?.token ?? null;
  }

  /** Re-reads storage; another tab may have signed in or out. */
  reload() {
    const raw = this.read();
    if (raw === undefined || raw === this.raw) return;
    this.raw = raw;
    this.current = parseSession(raw);
    this.emit();
  }

  /** Follows changes that other tabs make to the stored session. Returns the detach function. */
  attach(target: Pick<Window, "addEventListener" | "removeEventListener">): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === this.key) this.reload();
    };
    target.addEventListener("storage", onStorage);
    return () => target.removeEventListener("storage", onStorage);
  }

  /**
   * A usable session: the current one while its token is valid, otherwise a new guest session made
   * with `createGuestToken` (one call at a time, however many requests wait for it).
   */
  ensure(createGuestToken: () => Promise<string>, domainName = ""): Promise<Session> {
    if (this.validToken() && this.current) return Promise.resolve(this.current);
    this.pendingGuest ??= createGuestToken()
      .then((token) => {
        // Someone may have signed in meanwhile (here or in another tab): keep that session.
        this.reload();
        if (this.current && !this.isExpired()) return this.current;
        const session = sessionFromToken(token, domainName);
        this.set(session);
        return session;
      })
      .finally(() => {
        this.pendingGuest = null;
      });
    return this.pendingGuest;
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The page's session store. */
export const sessionStore = new SessionStore({ storage: browserStorage() });

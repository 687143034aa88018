// Notices (spec sections 4 and 9): levels positive, negative, warning, info, ongoing; they close
// by themselves after 5000 ms unless told otherwise. `ongoing` notices (work in progress) stay
// until dismissed or updated. `useNotify()` is the API for screens.
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { MessageKey } from "./i18n/messages/en-GB.ts";

export type NoticeLevel = "positive" | "negative" | "warning" | "info" | "ongoing";

export const NOTICE_LEVELS: readonly NoticeLevel[] = ["positive", "negative", "warning", "info", "ongoing"];

/** Spec section 9: notification default timeout. */
export const DEFAULT_NOTICE_TIMEOUT_MS = 5000;

export interface Notice {
  id: string;
  level: NoticeLevel;
  message: string;
  /** The shell catalogue's text to show instead of `message`, said when shown (see NoticeOptions). */
  textKey?: MessageKey;
  /** Milliseconds before it closes; 0 keeps it until dismissed. */
  timeout: number;
}

export interface NoticeOptions {
  level?: NoticeLevel;
  /** Milliseconds; default 5000, or 0 (stay) for ongoing notices. */
  timeout?: number;
  /**
   * A shell text's key, said in the reader's language when the notice shows: for notices raised
   * where no language is known (the session's, outside the language provider). `message` is then
   * the British English, for whatever reads the store without the catalogue.
   */
  textKey?: MessageKey;
}

export class NoticeStore {
  private notices: readonly Notice[] = [];
  private listeners = new Set<() => void>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private counter = 0;

  get = (): readonly Notice[] => this.notices;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit() {
    for (const listener of [...this.listeners]) listener();
  }

  private schedule(notice: Notice) {
    const existing = this.timers.get(notice.id);
    if (existing) clearTimeout(existing);
    this.timers.delete(notice.id);
    if (notice.timeout > 0) {
      this.timers.set(
        notice.id,
        setTimeout(() => this.dismiss(notice.id), notice.timeout),
      );
    }
  }

  private build(id: string, message: string, options: NoticeOptions): Notice {
    const level = options.level ?? "info";
    const timeout = options.timeout ?? (level === "ongoing" ? 0 : DEFAULT_NOTICE_TIMEOUT_MS);
    return { id, level, message, timeout, ...(options.textKey ? { textKey: options.textKey } : {}) };
  }

  /** Shows a notice and returns its id. */
  notify(message: string, options: NoticeOptions = {}): string {
    this.counter += 1;
    const notice = this.build(`notice-${this.counter}`, message, options);
    this.notices = [...this.notices, notice];
    this.schedule(notice);
    this.emit();
    return notice.id;
  }

  /** Replaces a notice's text or level (an ongoing notice becoming positive, say). */
  update(id: string, message: string, options: NoticeOptions = {}) {
    const index = this.notices.findIndex((n) => n.id === id);
    if (index < 0) return;
    const notice = this.build(id, message, options);
    this.notices = this.notices.map((n) => (n.id === id ? notice : n));
    this.schedule(notice);
    this.emit();
  }

  dismiss(id: string) {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
    if (!this.notices.some((n) => n.id === id)) return;
    this.notices = this.notices.filter((n) => n.id !== id);
    this.emit();
  }

  clear() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.notices = [];
    this.emit();
  }
}

export interface Notify {
  (message: string, options?: NoticeOptions): string;
  positive(message: string, timeout?: number): string;
  negative(message: string, timeout?: number): string;
  warning(message: string, timeout?: number): string;
  info(message: string, timeout?: number): string;
  ongoing(message: string, timeout?: number): string;
  update(id: string, message: string, options?: NoticeOptions): void;
  dismiss(id: string): void;
}

export function createNotify(store: NoticeStore): Notify {
  const notify = ((message: string, options?: NoticeOptions) => store.notify(message, options)) as Notify;
  for (const level of NOTICE_LEVELS) {
    notify[level] = (message: string, timeout?: number) => store.notify(message, { level, timeout });
  }
  notify.update = (id, message, options) => store.update(id, message, options);
  notify.dismiss = (id) => store.dismiss(id);
  return notify;
}

/** The page's notices (also reachable outside React, e.g. from the session's drop handler). */
export const noticeStore = new NoticeStore();

const NoticeContext = createContext<NoticeStore>(noticeStore);

export function NoticeProvider({ store = noticeStore, children }: { store?: NoticeStore; children: ReactNode }) {
  return <NoticeContext.Provider value={store}>{children}</NoticeContext.Provider>;
}

export function useNotify(): Notify {
  const store = useContext(NoticeContext);
  return useMemo(() => createNotify(store), [store]);
}

export function useNotices(): readonly Notice[] {
  const store = useContext(NoticeContext);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useNoticeStore(): NoticeStore {
  return useContext(NoticeContext);
}

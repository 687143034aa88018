// This browser and Web Push (issue 25): whether it can receive push messages, its current
// subscription, and subscribing with the server's VAPID key (PushManager.subscribe). The service
// worker (web/public/sw.js) shows the messages and opens the thing, task or invitation on a tap.
import { type AccountT, englishAccountT } from "./texts.ts";

export type PushState = "unsupported" | "no-key" | "denied" | "off" | "on";

export interface PushDetails {
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: string | null;
}

/** Base64url (no padding) of a key, as the server stores it. */
export function toBase64Url(buffer: ArrayBuffer | null): string {
  if (!buffer) return "";
  let binary = "";
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of a base64url key (the applicationServerKey). */
export function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

export function detailsOf(subscription: PushSubscription): PushDetails {
  return {
    endpoint: subscription.endpoint,
    p256dh: toBase64Url(subscription.getKey("p256dh")),
    auth: toBase64Url(subscription.getKey("auth")),
    expiresAt: subscription.expirationTime ? new Date(subscription.expirationTime).toISOString() : null,
  };
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  // The app registers the worker (features/home/pwa); without one (dev server) there is no push.
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

export async function pushState(vapidPublicKey: string | null | undefined): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (!vapidPublicKey) return "no-key";
  if (Notification.permission === "denied") return "denied";
  return (await currentSubscription()) ? "on" : "off";
}

export class PushError extends Error {
  override name = "PushError";
}

/**
 * Asks for permission and subscribes with the server's key; a subscription made with another key
 * is replaced. A refusal is a PushError saying so in the reader's language (`t`).
 */
export async function subscribe(vapidPublicKey: string, t: AccountT = englishAccountT): Promise<PushDetails> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new PushError(t(permission === "denied" ? "account.push.blocked" : "account.push.notAllowed"));
  }
  const reg = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.ready);
  const key = fromBase64Url(vapidPublicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing) {
    const current = existing.options?.applicationServerKey;
    if (current && toBase64Url(current) === toBase64Url(key.buffer)) return detailsOf(existing);
    await existing.unsubscribe();
  }
  const subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return detailsOf(subscription);
}

/** Stops push in this browser (the server forgets it separately). */
export async function unsubscribe(): Promise<void> {
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}

/** "Chrome on Android": what the list of your devices calls this browser (in the reader's language). */
export function browserLabel(userAgent: string, t: AccountT = englishAccountT): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /OPR\//.test(userAgent)
      ? "Opera"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrom(e|ium)\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : t("account.push.aBrowser");
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return system ? t("account.push.browserOn", { browser, system }) : browser;
}

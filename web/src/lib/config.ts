// Where the API lives and which branding applies. Endpoints are configurable (spec section 7):
//  1. at run time: the server's /config.js sets window.APP_CONFIG = { graphqlUrl, graphqlWsUrl, brandHosts, nearestMaxKm };
//  2. at build time: VITE_GRAPHQL_URL / VITE_GRAPHQL_WS_URL;
//  3. by default: the serving origin, `${origin}/graphql` and ws(s)://host/graphql.
// A value given earlier in that list wins; an empty string counts as not given.
import { brandingForHost, domainNameForHost, type BrandHosts, type Branding } from "../../../shared/branding.ts";

export interface RuntimeConfig {
  graphqlUrl?: string;
  graphqlWsUrl?: string;
  brandHosts?: BrandHosts;
  /** How far /things/nearest looks, km (the server's NEAREST_MAX_KM). */
  nearestMaxKm?: number;
  /** The server's VAPID public key (base64url): the applicationServerKey of push subscriptions. */
  vapidPublicKey?: string | null;
}

declare global {
  interface Window {
    APP_CONFIG?: RuntimeConfig;
  }
}

export interface AppConfig {
  graphqlUrl: string;
  graphqlWsUrl: string;
  branding: Branding;
  /** Sent as domainName in signInAsGuest, signIn and signUp. */
  domainName: string;
  /** How far /things/nearest looks, km: the server's NEAREST_MAX_KM, else 20 (the API's default). */
  nearestMaxKm: number;
  /** The server's VAPID public key; null or absent: push is not offered. */
  vapidPublicKey?: string | null;
}

/** The API's own radius for nearestThing when none is given (app_hidden.nearest_radius_metres). */
export const DEFAULT_NEAREST_MAX_KM = 20;

export interface BuildEnv {
  VITE_GRAPHQL_URL?: string;
  VITE_GRAPHQL_WS_URL?: string;
}

interface LocationLike {
  origin: string;
  protocol: string;
  host: string;
  hostname: string;
}

function given(value: string | undefined | null): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** http(s) URL -> ws(s) URL of the same place. */
export function toWebSocketUrl(httpUrl: string): string {
  return httpUrl.replace(/^http(s?):/i, (_m, s: string) => `ws${s}:`);
}

export function resolveConfig(location: LocationLike, runtime: RuntimeConfig | undefined, env: BuildEnv): AppConfig {
  const explicitHttp = given(runtime?.graphqlUrl) ?? given(env.VITE_GRAPHQL_URL);
  const graphqlUrl = new URL(explicitHttp ?? "/graphql", location.origin).href;
  const explicitWs = given(runtime?.graphqlWsUrl) ?? given(env.VITE_GRAPHQL_WS_URL);
  let graphqlWsUrl: string;
  if (explicitWs) {
    // A relative ws URL ("/graphql") is taken relative to the serving host.
    graphqlWsUrl = /^wss?:/i.test(explicitWs) ? explicitWs : toWebSocketUrl(new URL(explicitWs, location.origin).href);
  } else if (explicitHttp) {
    graphqlWsUrl = toWebSocketUrl(graphqlUrl);
  } else {
    graphqlWsUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/graphql`;
  }
  return {
    graphqlUrl,
    graphqlWsUrl,
    branding: brandingForHost(location.hostname, runtime?.brandHosts),
    domainName: domainNameForHost(location.hostname),
    nearestMaxKm:
      typeof runtime?.nearestMaxKm === "number" && Number.isFinite(runtime.nearestMaxKm) && runtime.nearestMaxKm > 0
        ? runtime.nearestMaxKm
        : DEFAULT_NEAREST_MAX_KM,
    vapidPublicKey: given(runtime?.vapidPublicKey) ?? null,
  };
}

let cached: AppConfig | undefined;

/** The configuration of this page (read once). */
export function getAppConfig(): AppConfig {
  cached ??= resolveConfig(window.location, window.APP_CONFIG, import.meta.env as BuildEnv);
  return cached;
}

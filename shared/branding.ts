// Branding variants, chosen by the host name the app is served from (spec section 1, decisions
// "Branding"). Pure TypeScript: the web app picks its look and words with it, the server and worker
// use it for e-mails and links. The domain name sent to the API (signInAsGuest, signIn, signUp)
// is the host name itself, so the token's domain_name claim says where the user came from.

export type BrandingKey = "steward" | "bee";

export interface BrandingTerms {
  /** Singular and plural words for a thing and a group, lower case ("thing", "cafes"). */
  thing: string;
  things: string;
  group: string;
  groups: string;
}

export interface Branding {
  key: BrandingKey;
  /** Product name shown in the header, titles and e-mails. */
  name: string;
  tagline: string;
  /** Brand colours (CSS colours). primary carries white text, so it keeps a 4.5:1 contrast. */
  primaryColor: string;
  primaryDarkColor: string;
  accentColor: string;
  terms: BrandingTerms;
  /** Host patterns for this variant; `*` stands for one or more characters ("beecafe.*"). */
  hosts: readonly string[];
}

export const STEWARD_BRANDING: Branding = {
  key: "steward",
  name: "Steward",
  tagline: "Look after the shared things around you, together.",
  primaryColor: "#446d44",
  primaryDarkColor: "#2f4d2f",
  accentColor: "#c9a227",
  terms: { thing: "thing", things: "things", group: "group", groups: "groups" },
  hosts: [],
};

export const BEE_BRANDING: Branding = {
  key: "bee",
  name: "Bee Cafe",
  tagline: "Feed the bees: look after bee cafes and the beepasses that join them up.",
  primaryColor: "#8a5a00",
  primaryDarkColor: "#5e3d00",
  accentColor: "#f2b705",
  terms: { thing: "cafe", things: "cafes", group: "beepass", groups: "beepasses" },
  hosts: ["bee.localhost", "beecafe.*", "*.beecafe.*"],
};

/** Every variant; the first is the default for hosts that match no list. */
export const BRANDINGS: readonly Branding[] = [STEWARD_BRANDING, BEE_BRANDING];

export const DEFAULT_BRANDING = STEWARD_BRANDING;

/**
 * Extra host patterns per variant, from configuration (the server's BRAND_HOSTS, the web app's
 * window.APP_CONFIG.brandHosts). A plain list is taken as hosts of the bee variant.
 */
export type BrandHosts = Partial<Record<BrandingKey, readonly string[]>> | readonly string[];

/** Lower case, no port, no trailing dot: "Bee.Example.org:8080" -> "bee.example.org". */
export function normalizeHost(host: string | null | undefined): string {
  if (!host) return "";
  let value = host.trim().toLowerCase();
  if (value.startsWith("[")) {
    // IPv6 literal, "[::1]:3000"
    const end = value.indexOf("]");
    return end > 0 ? value.slice(0, end + 1) : value;
  }
  const colon = value.indexOf(":");
  if (colon >= 0) value = value.slice(0, colon);
  return value.replace(/\.$/, "");
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = normalizeHost(pattern)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".+");
  return new RegExp(`^${escaped}$`);
}

export function hostMatches(host: string, pattern: string): boolean {
  const normalized = normalizeHost(host);
  if (!normalized || !pattern.trim()) return false;
  return patternToRegExp(pattern).test(normalized);
}

function extraHostsFor(key: BrandingKey, extraHosts: BrandHosts | undefined): readonly string[] {
  if (!extraHosts) return [];
  if (Array.isArray(extraHosts)) return key === "bee" ? extraHosts : [];
  return (extraHosts as Partial<Record<BrandingKey, readonly string[]>>)[key] ?? [];
}

/** Parses "bee.example.org, beecafe.*" (an environment variable) into a host list. */
export function parseHostList(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The variant for a host name; the default variant when no list matches. */
export function brandingForHost(host: string | null | undefined, extraHosts?: BrandHosts): Branding {
  const normalized = normalizeHost(host);
  if (normalized) {
    for (const branding of BRANDINGS) {
      if (branding === DEFAULT_BRANDING) continue;
      const patterns = [...branding.hosts, ...extraHostsFor(branding.key, extraHosts)];
      if (patterns.some((pattern) => hostMatches(normalized, pattern))) return branding;
    }
  }
  return DEFAULT_BRANDING;
}

export function brandingByKey(key: string | null | undefined): Branding {
  return BRANDINGS.find((branding) => branding.key === key) ?? DEFAULT_BRANDING;
}

/** The domain name the app sends to the API: the host name, without port. */
export function domainNameForHost(host: string | null | undefined): string {
  return normalizeHost(host);
}

/** "thing" -> "Thing". */
export function capitalize(word: string): string {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

/** A branded word, capitalised on request: term(b, "things", true) -> "Cafes". */
export function term(branding: Branding, word: keyof BrandingTerms, capitalized = false): string {
  const value = branding.terms[word];
  return capitalized ? capitalize(value) : value;
}

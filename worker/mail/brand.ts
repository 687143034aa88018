// Branding variant of an e-mail, chosen by the host name the user came from (the token's domain_name,
// carried in the job payload as domainName). The variants and the host matching are the app's own
// (shared/branding.ts), so an e-mail always wears the branding the user saw; extra bee hosts come from
// BRAND_HOSTS, as for the server. This file only adapts them to what the templates need.
import { brandingForHost, type Branding } from "../../shared/branding.ts";

export interface BrandTerms {
  thing: string;
  things: string;
  group: string;
  groups: string;
  device: string;
  devices: string;
}

export interface Brand {
  id: string;
  name: string;
  terms: BrandTerms;
  /** Primary colour; carries white text. */
  colour: string;
}

function toBrand(branding: Branding): Brand {
  return {
    id: branding.key,
    name: branding.name,
    terms: { device: "device", devices: "devices", ...branding.terms },
    colour: branding.primaryColor,
  };
}

/** "https://Bee.Example.org:3000/x" -> "bee.example.org"; null for nothing usable. */
export function normalizeHost(domainName: string | null | undefined): string | null {
  if (typeof domainName !== "string") return null;
  let host = domainName.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  host = host.split(/[/?#]/, 1)[0];
  return host || null;
}

export function brandForDomain(domainName: string | null | undefined, brandHosts: readonly string[] = []): Brand {
  return toBrand(brandingForHost(normalizeHost(domainName), brandHosts));
}

export function brandName(domainName: string | null | undefined, brandHosts: readonly string[] = []): string {
  return brandForDomain(domainName, brandHosts).name;
}

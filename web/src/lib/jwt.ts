// Reads a JWT's claims without verifying it (the server verifies; the client only needs to know
// who it is, which role it has and when the token expires).

export interface TokenClaims {
  user_id?: string;
  role?: string;
  domain_name?: string;
  /** Seconds since the epoch. */
  exp?: number;
  iat?: number;
  aud?: string | string[];
  iss?: string;
  sid?: string;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when it is not one. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === "object" && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

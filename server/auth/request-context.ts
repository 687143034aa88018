// Turns the bearer token of an HTTP request or a websocket connection into the PostgreSQL
// settings of that request: the role to switch to and the claims the SQL helpers read.
import { bearerToken, verifyToken, type Claims, type TokenSettings } from "./tokens.ts";

export type PgSettings = Record<string, string>;

export function pgSettingsFor(claims: Claims | null): PgSettings {
  if (!claims) return { role: "bk_anonymous" };
  return {
    role: claims.role,
    "jwt.claims.user_id": claims.user_id,
    "jwt.claims.role": claims.role,
    "jwt.claims.domain_name": claims.domain_name ?? "",
    "jwt.claims.session_id": claims.sid ?? "",
  };
}

/** A missing token is a guest; a bad or expired one throws InvalidTokenError (HTTP 401). */
export async function claimsFromAuthorization(settings: TokenSettings, header: unknown): Promise<Claims | null> {
  const token = bearerToken(header);
  return token ? verifyToken(settings, token) : null;
}

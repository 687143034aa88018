// Minting and verifying the session tokens (HS256 JWTs). Claims per spec section 3:
// user_id, exp, role, domain_name; plus sid (the server-side session signing out revokes),
// iat, aud and iss.
import { SignJWT, jwtVerify, errors } from "jose";
import { SafeError, isSafeError } from "postgraphile/grafast";
import { randomUUID } from "node:crypto";
import { inspect } from "node:util";

export type SessionRole = "bk_anonymous" | "bk_user" | "bk_admin";
export const SESSION_ROLES: readonly SessionRole[] = ["bk_anonymous", "bk_user", "bk_admin"];

export interface Claims {
  user_id: string;
  role: SessionRole;
  domain_name: string | null;
  sid?: string;
  exp: number;
}

export interface TokenSettings {
  jwtSecret: string;
  jwtAudience: string;
  jwtIssuer: string;
}

/** decisions.md: guests' tokens last 7 days; signed-in users' follow their session (30 days). */
export const GUEST_TOKEN_SECONDS = 7 * 24 * 3600;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function mintToken(settings: TokenSettings, claims: Omit<Claims, "exp">, expiresAt: Date): Promise<string> {
  const payload: Record<string, unknown> = { user_id: claims.user_id, role: claims.role, domain_name: claims.domain_name };
  if (claims.sid) payload.sid = claims.sid;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setAudience(settings.jwtAudience)
    .setIssuer(settings.jwtIssuer)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(settings.jwtSecret));
}

export function mintGuestToken(settings: TokenSettings, domainName: string | null): Promise<string> {
  return mintToken(
    settings,
    { user_id: randomUUID(), role: "bk_anonymous", domain_name: domainName },
    new Date(Date.now() + GUEST_TOKEN_SECONDS * 1000),
  );
}

/**
 * Safe to show: HTTP answers 401 with it; over a websocket the operation fails with code TOKEN.
 * A bad token is the caller's mistake, not ours: grafserv logs the error the context callback
 * throws, and it should take one line, not a stack trace per request (anyone can send many).
 * SafeError resets the prototype, so the one-line forms are own properties.
 */
export class InvalidTokenError extends SafeError<{ code: string }> {
  statusCode = 401;
  constructor(message: string) {
    super(message, { code: "TOKEN" });
    this.name = "InvalidTokenError";
    const line = `InvalidTokenError: ${message} (TOKEN, 401)`;
    Object.defineProperty(this, "stack", { value: line, enumerable: false, writable: true, configurable: true });
    Object.defineProperty(this, inspect.custom, { value: () => line, enumerable: false });
  }
}

/** InvalidTokenError, recognised without `instanceof` (SafeError resets the prototype). */
export function isInvalidTokenError(e: unknown): e is InvalidTokenError {
  return e instanceof Error && isSafeError(e) && e.name === "InvalidTokenError";
}

/**
 * Tokens already verified, by their exact text, per secret. Every request carries its token and
 * checking the signature goes through WebCrypto's thread pool, a noticeable share of a short
 * request's CPU (bench/api.ts); a token seen before is trusted again only until its own expiry.
 * Signing out still works at once: the database checks the session on every request
 * (app_public.current_user_id()). Bounded: the oldest entries go first.
 */
const VERIFIED_CACHE_SIZE = 10_000;
const verified = new WeakMap<TokenSettings, Map<string, Claims>>();

function cachedClaims(settings: TokenSettings, token: string): Claims | null {
  const claims = verified.get(settings)?.get(token);
  if (!claims) return null;
  if (claims.exp * 1000 <= Date.now()) {
    verified.get(settings)!.delete(token);
    return null;
  }
  return claims;
}

function remember(settings: TokenSettings, token: string, claims: Claims) {
  let cache = verified.get(settings);
  if (!cache) {
    cache = new Map();
    verified.set(settings, cache);
  }
  if (cache.size >= VERIFIED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(token, Object.freeze(claims));
}

/** Verifies signature, algorithm, audience, issuer and expiry; throws InvalidTokenError (401). */
export async function verifyToken(settings: TokenSettings, token: string): Promise<Claims> {
  const known = cachedClaims(settings, token);
  if (known) return known;
  const claims = await verifyTokenSignature(settings, token);
  remember(settings, token, claims);
  return claims;
}

async function verifyTokenSignature(settings: TokenSettings, token: string): Promise<Claims> {
  try {
    // A token without exp would never expire (and would stay in the cache above for good).
    const { payload } = await jwtVerify(token, key(settings.jwtSecret), {
      algorithms: ["HS256"],
      audience: settings.jwtAudience,
      issuer: settings.jwtIssuer,
      requiredClaims: ["exp"],
    });
    const role = payload.role as SessionRole;
    if (!SESSION_ROLES.includes(role) || typeof payload.user_id !== "string" || typeof payload.exp !== "number") {
      throw new InvalidTokenError("Invalid token claims");
    }
    return {
      user_id: payload.user_id,
      role,
      domain_name: typeof payload.domain_name === "string" ? payload.domain_name : null,
      sid: typeof payload.sid === "string" ? payload.sid : undefined,
      exp: payload.exp!,
    };
  } catch (e) {
    if (isInvalidTokenError(e)) throw e;
    if (e instanceof errors.JWTExpired) throw new InvalidTokenError("Token expired");
    throw new InvalidTokenError("Invalid token");
  }
}

/** Reads "Bearer <token>" (case-insensitive scheme); null when absent. */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== "string" || header.trim() === "") return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new InvalidTokenError("Authorization header must be 'Bearer <token>'");
  return match[1];
}

// Who is asking for a picture. An <img> sends no Authorization header, so besides a bearer token
// (API clients, scripts) a picture request can carry the pictures cookie: the SPA posts its bearer
// token to POST /images/session whenever its session changes, and gets back an HttpOnly cookie,
// scoped to /images, holding a token of its own (same claims and expiry as the session token, a
// different audience), so it is good for pictures only, never for /graphql. Either way the
// claims become the request's role and settings, and the database decides (./visibility.ts);
// signing out ends the session the claims name, and with it the cookie's use.
import type { Request, Response } from "express";
import type { ServerConfig } from "../config.ts";
import { claimsFromAuthorization, pgSettingsFor, type PgSettings } from "../auth/request-context.ts";
import { mintToken, verifyToken, type Claims, type TokenSettings } from "../auth/tokens.ts";

export const PICTURE_COOKIE = "steward_pictures";
const COOKIE_PATH = "/images";

export interface Viewer {
  /** Identifies the viewer's answers in the cache: one per session. */
  key: string;
  settings: PgSettings;
}

export class ViewerTokenError extends Error {}

/** The value of one cookie of the request, or null. */
function cookieValue(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function viewerOf(claims: Claims | null): Viewer | null {
  // Guests have no rights beyond anyone's: they are the anonymous viewer.
  if (!claims || (claims.role !== "bk_user" && claims.role !== "bk_admin")) return null;
  return { key: `${claims.role}:${claims.sid ?? ""}:${claims.user_id}`, settings: pgSettingsFor(claims) };
}

export function pictureViewers(config: Pick<ServerConfig, "jwtSecret" | "jwtAudience" | "jwtIssuer">) {
  const sessionTokens: TokenSettings = { jwtSecret: config.jwtSecret, jwtAudience: config.jwtAudience, jwtIssuer: config.jwtIssuer };
  // One object for the life of the server: verified tokens are remembered per settings object.
  const pictureTokens: TokenSettings = { ...sessionTokens, jwtAudience: `${config.jwtAudience}/pictures` };

  return {
    /**
     * The viewer of a picture request: a bearer token first (a bad one throws ViewerTokenError,
     * answered 401), else the pictures cookie (a bad or expired one counts as no viewer), else
     * null: anonymous.
     */
    async of(req: Request): Promise<Viewer | null> {
      if (req.headers.authorization) {
        try {
          return viewerOf(await claimsFromAuthorization(sessionTokens, req.headers.authorization));
        } catch (e) {
          throw new ViewerTokenError((e as Error)?.message ?? "Invalid token");
        }
      }
      const cookie = cookieValue(req, PICTURE_COOKIE);
      if (!cookie) return null;
      try {
        return viewerOf(await verifyToken(pictureTokens, cookie));
      } catch {
        return null;
      }
    },

    /**
     * POST /images/session: sets the pictures cookie from the bearer token of a signed-in user,
     * clears it for a guest token; 401 without a usable token, leaving it as it was.
     */
    async session(req: Request, res: Response): Promise<void> {
      res.set("Cache-Control", "no-store");
      let claims: Claims | null;
      try {
        claims = await claimsFromAuthorization(sessionTokens, req.headers.authorization);
      } catch (e) {
        res.status(401).json({ error: (e as Error)?.message ?? "Invalid token" });
        return;
      }
      if (!claims) {
        res.status(401).set("WWW-Authenticate", "Bearer").json({ error: "Send the session's bearer token" });
        return;
      }
      const options = { httpOnly: true, sameSite: "lax" as const, path: COOKIE_PATH, secure: req.secure };
      if (!viewerOf(claims)) {
        res.clearCookie(PICTURE_COOKIE, options).status(204).end();
        return;
      }
      const expires = new Date(claims.exp * 1000);
      const token = await mintToken(pictureTokens, claims, expires);
      res
        .cookie(PICTURE_COOKIE, token, { ...options, expires })
        .status(204)
        .end();
    },
  };
}

// Security headers for every answer. The content security policy lets the app load only its own
// scripts, talk to its own API (HTTP and websocket, same origin or the configured GRAPHQL_URL /
// GRAPHQL_WS_URL), show pictures and map tiles from the
// configured tile hosts, and never be framed.
import type { RequestHandler } from "express";

export function securityHeaders(opts: { mapTileHosts: string[]; graphqlUrl: string; graphqlWsUrl: string }): RequestHandler {
  const external = (url: string) => {
    try {
      return url ? new URL(url).origin : "";
    } catch {
      return "";
    }
  };
  // 'self' covers websockets to the page's own host and port (ws: from http:, wss: from https:;
  // CSP Level 3, Chromium and Firefox alike), so no bare ws:/wss: scheme, which would allow any host.
  const connect = ["'self'", external(opts.graphqlUrl), external(opts.graphqlWsUrl), ...opts.mapTileHosts].filter(Boolean).join(" ");
  const images = ["'self'", "data:", "blob:", ...opts.mapTileHosts].join(" ");
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    // maplibre and chart.js set inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    `connect-src ${connect}`,
    "font-src 'self' data:",
    // The map renders tiles in a web worker made from a blob.
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return (req, res, next) => {
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Permissions-Policy": "geolocation=(self), camera=(), microphone=()",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    // GraphiQL (development only) needs its own inline scripts; everything else gets the policy.
    if (!req.path.startsWith("/graphiql") && !req.path.startsWith("/ruru-static")) {
      res.set("Content-Security-Policy", policy);
    }
    next();
  };
}

// Who is calling: the socket's address, or the address a trusted proxy put in X-Forwarded-For.
// TRUST_PROXY names the proxies (express's "trust proxy" values: a hop count, "loopback",
// "linklocal", "uniquelocal", addresses and CIDRs); by default none, so the header is ignored and a
// client cannot choose its own address (the rate limits are per address). HTTP requests get it as
// express's req.ip (server/app.ts sets the same value); websockets through clientAddress() below,
// from the upgrade request.
import type { IncomingMessage } from "node:http";
import { compileTrustProxy, type TrustFunction, type TrustProxy } from "../domain/config/trust-proxy.ts";

export { parseTrustProxy, type TrustProxy } from "../domain/config/trust-proxy.ts";

const compiled = new Map<TrustProxy, TrustFunction>();

/**
 * The client's address for a request that express did not see (a websocket's upgrade request),
 * the way express computes req.ip: walk X-Forwarded-For from the nearest hop while the hop is trusted.
 */
export function clientAddress(req: IncomingMessage | undefined, trustProxy: TrustProxy): string | undefined {
  const socketAddress = req?.socket?.remoteAddress;
  if (!req || !socketAddress) return undefined;
  if (trustProxy === false) return socketAddress;
  let trust = compiled.get(trustProxy);
  if (!trust) {
    trust = compileTrustProxy(trustProxy);
    compiled.set(trustProxy, trust);
  }
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  const hops = [socketAddress, ...forwarded];
  for (let i = 0; i < hops.length - 1; i++) if (!trust(hops[i], i)) return hops[i];
  return hops[hops.length - 1];
}

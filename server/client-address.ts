// Who is calling: the socket's address, or the address a trusted proxy put in X-Forwarded-For.
// TRUST_PROXY names the proxies (express's "trust proxy" values: a hop count, "loopback",
// "linklocal", "uniquelocal", addresses and CIDRs); by default none, so the header is ignored and a
// client cannot choose its own address (the rate limits are per address). HTTP requests get it as
// express's req.ip (server/app.ts sets the same value); websockets through clientAddress() below,
// from the upgrade request.
import type { IncomingMessage } from "node:http";
import express from "express";

/** false: no proxy is trusted; a number: that many hops; a string: express's names/addresses/CIDRs. */
export type TrustProxy = false | number | string;

type TrustFunction = (address: string, hop: number) => boolean;

/** Express's own compiled form of a trust setting (the function behind req.ip). */
function compile(value: TrustProxy): TrustFunction {
  const app = express();
  app.set("trust proxy", value);
  return app.get("trust proxy fn") as TrustFunction;
}

/** TRUST_PROXY as express takes it; throws on a value that trusts everyone or that express cannot read. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim();
  if (value === "" || /^(off|false|no|0)$/i.test(value)) return false;
  if (/^(true|on|yes|\*)$/i.test(value)) {
    throw new Error(
      `TRUST_PROXY=${value} would believe X-Forwarded-For from anyone; name the proxy instead ` +
        `(its address or CIDR, "loopback", "uniquelocal"), or the number of proxies in front (e.g. 1)`,
    );
  }
  const parsed: TrustProxy = /^\d+$/.test(value) ? Number(value) : value;
  try {
    compile(parsed);
  } catch (e) {
    throw new Error(`TRUST_PROXY must be a hop count, "loopback", "linklocal", "uniquelocal", or addresses/CIDRs separated by commas; got "${value}" (${(e as Error).message})`);
  }
  return parsed;
}

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
  if (!trust) compiled.set(trustProxy, (trust = compile(trustProxy)));
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : header ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  const hops = [socketAddress, ...forwarded];
  for (let i = 0; i < hops.length - 1; i++) if (!trust(hops[i], i)) return hops[i];
  return hops[hops.length - 1];
}

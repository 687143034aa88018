// TRUST_PROXY as express takes it ("trust proxy": a hop count, "loopback", "linklocal",
// "uniquelocal", addresses and CIDRs), checked by express's own compiler so that what the schema
// accepts is exactly what the server can use (server/client-address.ts).
import express from "express";

/** false: no proxy is trusted; a number: that many hops; a string: express's names/addresses/CIDRs. */
export type TrustProxy = false | number | string;

export type TrustFunction = (address: string, hop: number) => boolean;

/** Express's own compiled form of a trust setting (the function behind req.ip). */
export function compileTrustProxy(value: TrustProxy): TrustFunction {
  const app = express();
  app.set("trust proxy", value);
  return app.get("trust proxy fn") as TrustFunction;
}

/** TRUST_PROXY's text as express takes it; throws on a value that trusts everyone or that express cannot read. */
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
    compileTrustProxy(parsed);
  } catch (e) {
    throw new Error(
      `TRUST_PROXY must be a hop count, "loopback", "linklocal", "uniquelocal", or addresses/CIDRs separated by commas; got "${value}" (${(e as Error).message})`,
    );
  }
  return parsed;
}

// The verified-token cache in server/auth/tokens.ts must never make a token valid that a full
// check would refuse: not once it has expired, not under another secret, not when altered.
import { afterEach, describe, expect, test, vi } from "vitest";
import { mintToken, verifyToken, type TokenSettings } from "../auth/tokens.ts";

const settings = (secret: string): TokenSettings => ({ jwtSecret: secret, jwtAudience: "steward", jwtIssuer: "steward" });
const claims = { user_id: "00000000-0000-4000-8000-000000000001", role: "bk_user" as const, domain_name: "localhost", sid: "s1" };

afterEach(() => {
  vi.useRealTimers();
});

describe("verifyToken", () => {
  test("a token verified before is accepted again with the same claims", async () => {
    const s = settings("a-secret-of-at-least-32-characters-long");
    const token = await mintToken(s, claims, new Date(Date.now() + 60_000));
    const first = await verifyToken(s, token);
    const second = await verifyToken(s, token);
    expect(second).toEqual(first);
    expect(first.user_id).toBe(claims.user_id);
  });

  test("an expired token is refused even after it was accepted", async () => {
    const s = settings("a-secret-of-at-least-32-characters-long");
    const token = await mintToken(s, claims, new Date(Date.now() + 1500));
    await expect(verifyToken(s, token)).resolves.toMatchObject({ user_id: claims.user_id });
    // Past the expiry by the clock (only Date is faked: WebCrypto and the timers stay real), not by waiting.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2100 });
    await expect(verifyToken(s, token)).rejects.toThrow("Token expired");
  });

  test("a token accepted under one secret is refused under another", async () => {
    const one = settings("a-secret-of-at-least-32-characters-long");
    const other = settings("another-secret-of-at-least-32-characters");
    const token = await mintToken(one, claims, new Date(Date.now() + 60_000));
    await verifyToken(one, token);
    await expect(verifyToken(other, token)).rejects.toThrow("Invalid token");
  });

  test("an altered token is refused", async () => {
    const s = settings("a-secret-of-at-least-32-characters-long");
    const token = await mintToken(s, claims, new Date(Date.now() + 60_000));
    await verifyToken(s, token);
    const [header, payload, signature] = token.split(".");
    const forged = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    forged.role = "bk_admin";
    const altered = [header, Buffer.from(JSON.stringify(forged)).toString("base64url"), signature].join(".");
    await expect(verifyToken(s, altered)).rejects.toThrow("Invalid token");
  });
});

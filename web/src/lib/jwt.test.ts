import { describe, expect, it } from "vitest";
import { makeToken } from "../test/helpers.tsx";
import { decodeToken } from "./jwt.ts";

describe("decodeToken", () => {
  it("reads the claims of a JWT", () => {
    const token = makeToken({
      user_id: "u1",
      role: "bk_user",
      domain_name: "bee.localhost",
      exp: 2_000_000_000,
      sid: "s1",
    });
    expect(decodeToken(token)).toEqual({
      user_id: "u1",
      role: "bk_user",
      domain_name: "bee.localhost",
      exp: 2_000_000_000,
      sid: "s1",
    });
  });

  it("handles base64url characters and UTF-8", () => {
    const token = makeToken({ name: "Zoë ~~~ ??? >>>", role: "bk_user" });
    expect(decodeToken(token)?.role).toBe("bk_user");
    expect((decodeToken(token) as { name: string }).name).toBe("Zoë ~~~ ??? >>>");
  });

  it.each([null, undefined, "", "abc", "a.b", "a.!!!.c", `a.${Buffer.from("[1]").toString("base64url")}.c`])(
    "gives null for %j",
    (token) => {
      expect(decodeToken(token)).toBeNull();
    },
  );
});

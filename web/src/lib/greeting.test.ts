import { describe, expect, it } from "vitest";
import { greeting, isNewcomer } from "./greeting.ts";

describe("greeting (issue 22: a new user was greeted 'Welcome back')", () => {
  it("welcomes someone who has just registered, without 'back'", () => {
    expect(greeting({ created: "2026-11-25T10:00:00Z", lastSignIn: null }, "Robin")).toBe("Welcome, Robin");
    expect(greeting({ created: "2026-11-25T10:00:00Z", lastSignIn: "2026-11-25T10:00:01Z" }, "Robin")).toBe("Welcome, Robin");
  });

  it("welcomes back someone who signed in again later", () => {
    expect(isNewcomer({ created: "2026-11-01T10:00:00Z", lastSignIn: "2026-11-25T08:00:00Z" })).toBe(false);
    expect(greeting({ created: "2026-11-01T10:00:00Z", lastSignIn: "2026-11-25T08:00:00Z" }, "Robin")).toBe("Welcome back, Robin");
    expect(greeting({ created: null, lastSignIn: "2026-11-25T08:00:00Z" })).toBe("Welcome back");
  });
});

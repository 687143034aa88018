import { describe, expect, it } from "vitest";
import {
  BEE_BRANDING,
  BRANDINGS,
  STEWARD_BRANDING,
  brandingByKey,
  brandingForHost,
  domainNameForHost,
  hostMatches,
  normalizeHost,
  parseHostList,
  term,
} from "./branding.ts";

describe("normalizeHost", () => {
  it.each([
    ["Example.ORG", "example.org"],
    ["localhost:3000", "localhost"],
    ["bee.localhost:5173", "bee.localhost"],
    ["example.org.", "example.org"],
    ["[::1]:3000", "[::1]"],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%j -> %j", (host, expected) => expect(normalizeHost(host)).toBe(expected));
});

describe("hostMatches", () => {
  it("matches exact names and wildcards", () => {
    expect(hostMatches("bee.localhost", "bee.localhost")).toBe(true);
    expect(hostMatches("beecafe.org", "beecafe.*")).toBe(true);
    expect(hostMatches("beecafe.co.uk", "beecafe.*")).toBe(true);
    expect(hostMatches("www.beecafe.org", "*.beecafe.*")).toBe(true);
    expect(hostMatches("BEECAFE.ORG:443", "beecafe.*")).toBe(true);
  });
  it("does not match other names", () => {
    expect(hostMatches("beecafe", "beecafe.*")).toBe(false);
    expect(hostMatches("notbeecafe.org", "beecafe.*")).toBe(false);
    expect(hostMatches("bee.localhost.evil.org", "bee.localhost")).toBe(false);
    expect(hostMatches("beexlocalhost", "bee.localhost")).toBe(false);
    expect(hostMatches("", "*")).toBe(false);
    expect(hostMatches("example.org", "")).toBe(false);
  });
});

describe("brandingForHost", () => {
  it("gives the steward variant by default", () => {
    for (const host of ["localhost", "127.0.0.1", "steward.example.org", "", null, undefined]) {
      expect(brandingForHost(host).key).toBe("steward");
    }
  });

  it("gives the bee variant on its default hosts", () => {
    for (const host of ["bee.localhost", "bee.localhost:3000", "beecafe.org", "www.beecafe.org"]) {
      expect(brandingForHost(host)).toBe(BEE_BRANDING);
    }
  });

  it("takes extra hosts per variant from configuration", () => {
    expect(brandingForHost("bees.example.org").key).toBe("steward");
    expect(brandingForHost("bees.example.org", { bee: ["bees.example.org"] }).key).toBe("bee");
    expect(brandingForHost("pollinators.example.org", { bee: ["*.example.org"] }).key).toBe("bee");
    expect(brandingForHost("bees.example.org", { steward: ["bees.example.org"] }).key).toBe("steward");
  });

  it("takes a plain list as bee hosts", () => {
    expect(brandingForHost("bees.example.org", ["bees.example.org"]).key).toBe("bee");
    expect(brandingForHost("other.example.org", ["bees.example.org"]).key).toBe("steward");
  });
});

describe("variants", () => {
  it("have the spec's primary colour and words", () => {
    expect(STEWARD_BRANDING.primaryColor).toBe("#446d44");
    expect(STEWARD_BRANDING.terms).toEqual({ thing: "thing", things: "things", group: "group", groups: "groups" });
    expect(BEE_BRANDING.terms).toEqual({ thing: "cafe", things: "cafes", group: "beepass", groups: "beepasses" });
    expect(BEE_BRANDING.name).not.toBe(STEWARD_BRANDING.name);
    expect(BEE_BRANDING.primaryColor).not.toBe(STEWARD_BRANDING.primaryColor);
  });

  it("have unique keys and are found by key", () => {
    expect(new Set(BRANDINGS.map((b) => b.key)).size).toBe(BRANDINGS.length);
    expect(brandingByKey("bee")).toBe(BEE_BRANDING);
    expect(brandingByKey("nope")).toBe(STEWARD_BRANDING);
  });

  it("give branded words", () => {
    expect(term(STEWARD_BRANDING, "things", true)).toBe("Things");
    expect(term(BEE_BRANDING, "things", true)).toBe("Cafes");
    expect(term(BEE_BRANDING, "group")).toBe("beepass");
  });
});

describe("domainNameForHost", () => {
  it("is the host name without port", () => {
    expect(domainNameForHost("bee.localhost:3000")).toBe("bee.localhost");
    expect(domainNameForHost("Example.org")).toBe("example.org");
  });
});

describe("parseHostList", () => {
  it("splits on commas and spaces", () => {
    expect(parseHostList("a.org, b.*  c.org,,")).toEqual(["a.org", "b.*", "c.org"]);
    expect(parseHostList(undefined)).toEqual([]);
  });
});

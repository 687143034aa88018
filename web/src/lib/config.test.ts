import { describe, expect, it } from "vitest";
import { resolveConfig, toWebSocketUrl } from "./config.ts";

const http = { origin: "http://localhost:3000", protocol: "http:", host: "localhost:3000", hostname: "localhost" };
const https = {
  origin: "https://steward.example.org",
  protocol: "https:",
  host: "steward.example.org",
  hostname: "steward.example.org",
};

describe("resolveConfig", () => {
  it("takes the radius of /things/nearest from the server's NEAREST_MAX_KM, else 20 km", () => {
    expect(resolveConfig(http, undefined, {}).nearestMaxKm).toBe(20);
    expect(resolveConfig(http, { nearestMaxKm: 5 }, {}).nearestMaxKm).toBe(5);
    expect(resolveConfig(http, { nearestMaxKm: -1 }, {}).nearestMaxKm).toBe(20);
  });

  it("defaults to the serving origin", () => {
    expect(resolveConfig(http, undefined, {})).toMatchObject({
      graphqlUrl: "http://localhost:3000/graphql",
      graphqlWsUrl: "ws://localhost:3000/graphql",
      domainName: "localhost",
    });
    expect(resolveConfig(https, undefined, {})).toMatchObject({
      graphqlUrl: "https://steward.example.org/graphql",
      graphqlWsUrl: "wss://steward.example.org/graphql",
      domainName: "steward.example.org",
    });
  });

  it("takes build-time endpoints", () => {
    const config = resolveConfig(http, undefined, { VITE_GRAPHQL_URL: "https://api.example.org/graphql" });
    expect(config.graphqlUrl).toBe("https://api.example.org/graphql");
    expect(config.graphqlWsUrl).toBe("wss://api.example.org/graphql");
    const both = resolveConfig(http, undefined, {
      VITE_GRAPHQL_URL: "https://api.example.org/graphql",
      VITE_GRAPHQL_WS_URL: "wss://live.example.org/ws",
    });
    expect(both.graphqlWsUrl).toBe("wss://live.example.org/ws");
  });

  it("prefers run-time configuration (window.APP_CONFIG) over build time", () => {
    const config = resolveConfig(
      http,
      { graphqlUrl: "http://runtime.example.org/gql", graphqlWsUrl: "ws://runtime.example.org/gql" },
      { VITE_GRAPHQL_URL: "https://api.example.org/graphql", VITE_GRAPHQL_WS_URL: "wss://api.example.org/graphql" },
    );
    expect(config.graphqlUrl).toBe("http://runtime.example.org/gql");
    expect(config.graphqlWsUrl).toBe("ws://runtime.example.org/gql");
  });

  it("resolves relative URLs against the page and ignores empty values", () => {
    const config = resolveConfig(https, { graphqlUrl: "/api/graphql", graphqlWsUrl: "" }, { VITE_GRAPHQL_URL: "  " });
    expect(config.graphqlUrl).toBe("https://steward.example.org/api/graphql");
    expect(config.graphqlWsUrl).toBe("wss://steward.example.org/api/graphql");
    expect(resolveConfig(https, { graphqlWsUrl: "/live" }, {}).graphqlWsUrl).toBe("wss://steward.example.org/live");
  });

  it("picks the branding from the host and the configured brand hosts", () => {
    expect(resolveConfig(http, undefined, {}).branding.key).toBe("steward");
    const bee = {
      origin: "http://bee.localhost:3000",
      protocol: "http:",
      host: "bee.localhost:3000",
      hostname: "bee.localhost",
    };
    expect(resolveConfig(bee, undefined, {})).toMatchObject({ domainName: "bee.localhost", branding: { key: "bee" } });
    expect(resolveConfig(https, { brandHosts: { bee: ["steward.example.org"] } }, {}).branding.key).toBe("bee");
  });
});

describe("toWebSocketUrl", () => {
  it("swaps the scheme", () => {
    expect(toWebSocketUrl("http://a/graphql")).toBe("ws://a/graphql");
    expect(toWebSocketUrl("https://a/graphql")).toBe("wss://a/graphql");
  });
});

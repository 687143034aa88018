// Attack: the migration runner added sslmode=disable to every database URL without an sslmode,
// production included, so dbmate talked to a managed database over the network in clear text
// (passwords and schema) where its driver would otherwise have insisted on TLS. Only local
// connections (loopback, unix socket) get sslmode=disable now; any other URL goes to dbmate as
// written, whose driver then requires TLS unless the URL says otherwise.
import { describe, it, expect } from "vitest";
import { dbmateUrl } from "../../db/migrate.ts";

const sslmode = (url: string) => new URLSearchParams(url.includes("?") ? url.slice(url.indexOf("?") + 1) : "").get("sslmode");

describe("dbmateUrl", () => {
  it("local connections without an sslmode get sslmode=disable (a local server has no TLS)", () => {
    for (const url of [
      "postgres://postgres@127.0.0.1:5432/steward",
      "postgres://postgres@127.0.0.2:5432/steward",
      "postgres://postgres:pw@localhost:54320/steward",
      "postgresql://postgres@[::1]:5432/steward",
      "postgres:///steward",
      "postgres://%2Fvar%2Frun%2Fpostgresql/steward",
      "postgres://user@/steward?host=/var/run/postgresql",
    ]) {
      expect(sslmode(dbmateUrl(url)), url).toBe("disable");
    }
  });

  it("any other host keeps what it had: no sslmode is added, so TLS is never silently switched off", () => {
    for (const url of [
      "postgres://steward:pw@db.example.org:5432/steward",
      "postgres://steward:pw@10.0.0.5:5432/steward",
      "postgres://steward:pw@db:5432/steward",
      "postgres://steward:pw@localhost.example.org/steward",
      "postgres://user@/steward?host=db.example.org",
    ]) {
      expect(sslmode(dbmateUrl(url)), url).toBeNull();
      expect(dbmateUrl(url)).toBe(url);
    }
  });

  it("an explicit sslmode is never changed, local or not", () => {
    expect(sslmode(dbmateUrl("postgres://u@db.example.org/s?sslmode=verify-full"))).toBe("verify-full");
    expect(sslmode(dbmateUrl("postgres://u@127.0.0.1/s?sslmode=require"))).toBe("require");
    expect(sslmode(dbmateUrl("postgres://u@db/s?sslmode=disable"))).toBe("disable");
  });
});

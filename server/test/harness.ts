// Starts the real server on a random port against this run's test database, and offers small
// helpers to call it over HTTP the way the SPA does.
import { inject } from "vitest";
import pg from "pg";
import { loadConfig } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { urlAsRole } from "../../test/database.ts";

/** Connect as the login role the API is meant to use, when the test server lets us. */
async function authenticatorUrl(ownerUrl: string): Promise<string> {
  const url = urlAsRole(ownerUrl, "bk_authenticator");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    return ownerUrl;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function startTestServer(): Promise<RunningServer & { databaseUrl: string }> {
  const databaseUrl = inject("databaseUrl");
  const config = loadConfig({
    databaseUrl,
    authDatabaseUrl: await authenticatorUrl(databaseUrl),
    port: 0,
    host: "127.0.0.1",
    jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
    exportSchema: false,
    graphiql: false,
  });
  const server = await startServer(config);
  return Object.assign(server, { databaseUrl });
}

export interface GraphQLResult<T = any> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: Record<string, any> }[];
}

export async function gql<T = any>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string | null,
): Promise<GraphQLResult<T>> {
  const operationName = /(?:query|mutation|subscription)\s+(\w+)/.exec(query)?.[1];
  const res = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/graphql-response+json, application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables, operationName }),
  });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, ...body };
}

let counter = 0;
/** A unique, valid set of sign-up details. */
export function newUserDetails(prefix = "user") {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    name: "Test Person",
    username: `${prefix}${tag}`.slice(0, 23),
    email: `${prefix}.${tag}@example.com`,
    password: "Secret123",
  };
}

export const SIGN_UP = `mutation SignUp($name: String!, $username: String!, $email: String!, $password: String!, $domainName: String) {
  signUp(input: { name: $name, username: $username, email: $email, password: $password, domainName: $domainName }) { jwtToken }
}`;

export async function signUp(baseUrl: string, details = newUserDetails()) {
  const result = await gql(baseUrl, SIGN_UP, { ...details, domainName: "localhost" });
  if (!result.data?.signUp?.jwtToken) throw new Error(`sign-up failed: ${JSON.stringify(result.errors)}`);
  return { ...details, token: result.data.signUp.jwtToken as string };
}

/** Owner connection for arranging data directly (e.g. making an admin). */
export async function withOwner<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function decodeClaims(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
}

// Starts the real server on a random port against this run's test database, and offers small
// helpers to call it over HTTP the way the SPA does.
import { inject } from "vitest";
import pg from "pg";
import { loadConfig, type ServerConfig } from "../config.ts";
import { startServer, type RunningServer } from "../app.ts";
import { authenticatorUrl } from "../../test/database.ts";

/** `overrides` changes settings for one test file (e.g. a temporary data folder, local sources). */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer & { databaseUrl: string }> {
  const databaseUrl = inject("databaseUrl");
  const config = loadConfig({
    databaseUrl,
    authDatabaseUrl: await authenticatorUrl(databaseUrl),
    port: 0,
    host: "127.0.0.1",
    jwtSecret: "test-secret-that-is-long-enough-for-hs256-000",
    exportSchema: false,
    graphiql: false,
    ...overrides,
  });
  const server = await startServer(config);
  return Object.assign(server, { databaseUrl });
}

export interface GraphQLResult<T = any> {
  status: number;
  data?: T;
  errors?: any[];
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

/**
 * Raises a notification for a user straight in the database (the API has no way to), e.g. as an
 * event a notificationAdded subscriber may hear: to know it listens, or as a barrier after which
 * anything it must not hear would have arrived.
 */
export async function raiseNotification(databaseUrl: string, userId: string, title: string): Promise<string> {
  return withOwner(databaseUrl, async (c) => {
    const { rows } = await c.query(
      `insert into app_public.notifications (user_id, kind, level, title, body) values ($1, 'test', 'info', $2, 'Raised by a test') returning id`,
      [userId, title],
    );
    return rows[0].id as string;
  });
}

export function decodeClaims(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
}

/** The newest e-mail job queued for an address (optionally of one template), or undefined. */
export async function queuedEmail(databaseUrl: string, to: string, template?: string): Promise<any | undefined> {
  return withOwner(databaseUrl, async (c) => {
    const { rows } = await c.query(
      `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier = 'send_email' and lower(j.payload->>'to') = lower($1) and ($2::text is null or j.payload->>'template' = $2)
       order by j.id desc limit 1`,
      [to, template ?? null],
    );
    return rows[0]?.payload;
  });
}

export async function countQueuedEmails(databaseUrl: string, to: string, template: string): Promise<number> {
  return withOwner(databaseUrl, async (c) => {
    const { rows } = await c.query(
      `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier = 'send_email' and lower(j.payload->>'to') = lower($1) and j.payload->>'template' = $2`,
      [to, template],
    );
    return rows[0].n;
  });
}

/** Makes the user an admin and signs them in again, since the token's role is set at sign-in. */
export async function makeAdmin<T extends { username: string; password: string; token: string }>(
  baseUrl: string,
  databaseUrl: string,
  user: T,
): Promise<T> {
  await withOwner(databaseUrl, (c) => c.query("update app_public.users set is_admin = true where username = $1", [user.username]));
  const r = await gql(baseUrl, `mutation SignIn($u: String!, $p: String!) { signIn(input: { username: $u, password: $p }) { jwtToken } }`, {
    u: user.username,
    p: user.password,
  });
  return { ...user, token: r.data.signIn.jwtToken };
}

export const VERIFY_EMAIL = `mutation VerifyEmail($id: UUID!, $token: String!) { verifyEmail(input: { userEmailId: $id, token: $token }) { boolean } }`;

/** Verifies an address the way its owner does: with the link from the newest verification mail. */
export async function verifyEmail(baseUrl: string, databaseUrl: string, email: string): Promise<void> {
  const mail = await queuedEmail(databaseUrl, email, "verify_email");
  if (!mail) throw new Error(`no verification mail for ${email}`);
  const r = await gql(baseUrl, VERIFY_EMAIL, { id: mail.variables.userEmailId, token: mail.variables.token });
  if (r.data?.verifyEmail?.boolean !== true) throw new Error(`verifying ${email} failed: ${JSON.stringify(r.errors)}`);
}

/** signUp, then the verification link: only a verified address counts for invitations, sign-in and resets. */
export async function signUpVerified(baseUrl: string, databaseUrl: string, details = newUserDetails()) {
  const user = await signUp(baseUrl, details);
  await verifyEmail(baseUrl, databaseUrl, user.email);
  return user;
}

const CREATE_GROUP = `mutation CreateGroup($name: String!) { createGroup(input: { name: $name, type: GROWER, isPublic: true }) { group { id } } }`;
const CREATE_THING = `mutation CreateThing($g: UUID!, $name: String!, $public: Boolean!) {
  createThing(input: { groupId: $g, name: $name, type: TREE, location: { x: 51.45, y: -0.97 }, isPublic: $public }) { thing { id } }
}`;

/** A public group of the person's own, and `thing(name, isPublic)` to add trees to it (returns the thing's id). */
export async function groupOfMine(baseUrl: string, token: string, name: string) {
  const groupId = (await gql(baseUrl, CREATE_GROUP, { name }, token)).data.createGroup.group.id as string;
  const thing = async (thingName: string, isPublic = true) =>
    (await gql(baseUrl, CREATE_THING, { g: groupId, name: thingName, public: isPublic }, token)).data.createThing.thing.id as string;
  return { groupId, thing };
}

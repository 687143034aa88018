// Picture serving and the shared rate-limit check (issue 24). Starts the real server as a child
// process (bench/lib/server-process.ts) with STORAGE as given, puts a picture on a public thing,
// then loads GET /images/thing/<id>/medium.webp from N clients (anonymous, so the visibility
// answer is the cached public one: what is measured is reading the store and sending the bytes),
// and signIn with a wrong passphrase from a new address each time with RATE_LIMITS on (bcrypt
// plus the per-address count, which is a row upsert in PostgreSQL since issue 24).
// Run: npm run bench:pictures -- [--storage local|postgres] [--clients 8] [--seconds 10]
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { findTestServer, createTestDatabase, dropTestDatabase } from "../test/database.ts";
import { startServerProcess } from "./lib/server-process.ts";
import { closedLoop } from "./lib/load.ts";
import { Args } from "./lib/args.ts";
import { figure, printResult } from "./lib/result.ts";

const args = new Args();
const storage = args.string("storage", "local");
const clients = Number(args.string("clients", "8"));
const seconds = Number(args.string("seconds", "10"));

async function gql(url: string, query: string, variables: Record<string, unknown> = {}, token?: string, ip?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { "x-forwarded-for": ip } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as any;
}

const pg = await findTestServer();
const databaseUrl = await createTestDatabase(pg.adminUrl, "bk_bench_pictures");
const server = await startServerProcess({ databaseUrl, env: { STORAGE: storage, RATE_LIMITS: "true", TRUST_PROXY: "loopback" } });
try {
  const url = server.url;
  const password = "Secret123";
  const username = `bench${Date.now().toString(36)}`;
  const token = (
    await gql(
      url,
      `mutation S($u: String!, $e: String!, $p: String!) { signUp(input: { name: "Bench Person", username: $u, email: $e, password: $p, domainName: "localhost" }) { jwtToken } }`,
      { u: username, e: `${username}@example.com`, p: password },
      undefined,
      "10.99.0.1",
    )
  ).data.signUp.jwtToken;
  const group = (
    await gql(url, `mutation { createGroup(input: { name: "Bench Growers", type: GROWER, isPublic: true }) { group { id } } }`, {}, token)
  ).data.createGroup.group.id;
  const thing = (
    await gql(
      url,
      `mutation T($g: UUID!) { createThing(input: { groupId: $g, name: "Bench Planter", type: PLANTER, location: { x: 51.45, y: -0.97 }, isPublic: true }) { thing { id } } }`,
      { g: group },
      token,
    )
  ).data.createThing.thing.id;
  const sessionId = randomUUID();
  const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 60, g: 140, b: 60 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("sessionId", sessionId);
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "p.jpg");
  const up = await fetch(`${url}/uploads`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  if (up.status !== 201) throw new Error(`upload: ${up.status}`);
  const moved = await gql(
    url,
    `mutation N($s: String!, $id: UUID!) { newFiles(input: { sessionId: $s, type: "thing", id: $id }) { movedFiles } }`,
    { s: sessionId, id: thing },
    token,
  );
  if (moved.errors) throw new Error(JSON.stringify(moved.errors));

  const picture = `${url}/images/thing/${thing}/medium.webp`;
  const serving = await closedLoop({
    clients,
    seconds,
    warmupSeconds: 2,
    task: async () => {
      const res = await fetch(picture);
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      await res.arrayBuffer();
    },
  });
  let n = 0;
  const signIns = await closedLoop({
    clients,
    seconds,
    warmupSeconds: 1,
    task: async () => {
      n += 1;
      const r = await gql(
        url,
        `mutation { signIn(input: { username: "${username}", password: "Wrong1234" }) { jwtToken } }`,
        {},
        undefined,
        `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      );
      if (r.errors?.[0]?.extensions?.code !== "LOGIN") throw new Error(JSON.stringify(r.errors));
    },
  });
  console.log(`STORAGE=${storage}, ${clients} clients, ${seconds} s each`);
  console.log(
    `  GET a public picture (medium): ${serving.throughput.toFixed(0)}/s, p50 ${serving.p50.toFixed(1)} ms, p95 ${serving.p95.toFixed(1)} ms, ${serving.errors} errors`,
  );
  console.log(
    `  signIn refused (rate limits on): ${signIns.throughput.toFixed(0)}/s, p50 ${signIns.p50.toFixed(1)} ms, p95 ${signIns.p95.toFixed(1)} ms, ${signIns.errors} errors`,
  );
  printResult({
    bench: "pictures",
    figures: [
      figure(`picture GET/s (${storage})`, Math.round(serving.throughput), "req/s"),
      figure(`picture GET p95 (${storage})`, Number(serving.p95.toFixed(1)), "ms"),
      figure("signIn with rate limits, per s", Math.round(signIns.throughput), "req/s"),
      figure("signIn with rate limits p95", Number(signIns.p95.toFixed(1)), "ms"),
    ],
  });
} finally {
  await server.stop();
  await dropTestDatabase(pg.adminUrl, databaseUrl);
  await pg.stop();
}

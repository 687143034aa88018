// A GraphQL-over-HTTP client for load generation: node:http with a keep-alive agent (lighter than
// fetch, so the load generator takes less of the two cores from the server it measures).
import http from "node:http";

export interface GraphqlResponse {
  status: number;
  body: any;
  ms: number;
  /** The answer's size in bytes, as sent (before any parsing). */
  bytes: number;
}

export class GraphqlClient {
  private agent: http.Agent;
  private host: string;
  private port: number;

  constructor(baseUrl: string, maxSockets = 64) {
    const u = new URL(baseUrl);
    this.host = u.hostname;
    this.port = Number(u.port);
    // Idle sockets are dropped after 4 s, before the server's 5 s keep-alive timeout closes them:
    // otherwise a request can go out on a socket the server is closing (ECONNRESET), an artefact
    // of the client that browsers hide by retrying.
    this.agent = new http.Agent({ keepAlive: true, maxSockets, timeout: 4000 });
  }

  request(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GraphqlResponse> {
    const operationName = /(?:query|mutation|subscription)\s+(\w+)/.exec(query)?.[1];
    return this.post("/graphql", { query, variables, operationName }, token ? { authorization: `Bearer ${token}` } : {});
  }

  post(path: string, payload: unknown, headers: Record<string, string> = {}): Promise<GraphqlResponse> {
    const body = JSON.stringify(payload);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          path,
          method: "POST",
          agent: this.agent,
          headers: {
            "content-type": "application/json",
            accept: "application/graphql-response+json, application/json",
            "content-length": Buffer.byteLength(body),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const raw = Buffer.concat(chunks);
            const text = raw.toString("utf8");
            let parsed: any = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // Not JSON: keep the text for the error message.
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, ms: performance.now() - started, bytes: raw.length });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** Throws unless the answer is a 200 with data and no errors: a bench counts that as a failure. */
export function expectData(r: GraphqlResponse, what: string): any {
  if (r.status !== 200 || !r.body || typeof r.body !== "object" || r.body.errors?.length || !r.body.data) {
    const detail = typeof r.body === "object" ? JSON.stringify(r.body?.errors ?? r.body).slice(0, 300) : String(r.body).slice(0, 300);
    throw new Error(`${what}: HTTP ${r.status} ${detail}`);
  }
  return r.body.data;
}

export const SIGN_IN = `mutation SignIn($username: String!, $password: String!) {
  signIn(input: { username: $username, password: $password, domainName: "localhost" }) { jwtToken }
}`;

export async function signIn(client: GraphqlClient, username: string, password: string): Promise<string> {
  const data = expectData(await client.request(SIGN_IN, { username, password }), `sign in as ${username}`);
  const token = data.signIn?.jwtToken;
  if (!token) throw new Error(`sign in as ${username}: no token`);
  return token;
}

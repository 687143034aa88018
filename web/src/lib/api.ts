// A minimal GraphQL-over-HTTP call, used for the session's own calls (guest sign-in, current
// user, sign-out) which must not depend on the urql client (whose auth exchange relies on them).
// Like every call of the app it is a POST of { operationName, variables, query } (spec section 7).
// The operation is a generated typed document (`npm run codegen`), which types the answer.
import { getOperationName, stringifyDocument, type TypedDocumentNode } from "urql";

export interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
  path?: readonly (string | number)[];
}

/** A GraphQL answer with errors or an HTTP failure. `message` is the server's first message or ''. */
export class GraphQLRequestError extends Error {
  readonly status: number;
  readonly errors: GraphQLErrorShape[];
  constructor(message: string, status: number, errors: GraphQLErrorShape[]) {
    super(message);
    this.name = "GraphQLRequestError";
    this.status = status;
    this.errors = errors;
  }
  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }
}

export interface PostOptions {
  token?: string | null;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export async function postGraphQL<TData, TVariables extends Record<string, unknown>>(
  url: string,
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  options: PostOptions = {},
): Promise<TData> {
  const query = stringifyDocument(document);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/graphql-response+json, application/json",
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await doFetch(url, {
    method: "POST",
    headers,
    body: JSON.stringify({ operationName: getOperationName(document), variables, query }),
    cache: "no-store",
    signal: options.signal,
  });
  let body: { data?: TData | null; errors?: GraphQLErrorShape[] } | undefined;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  if (errors.length > 0 || !response.ok || !body?.data) {
    throw new GraphQLRequestError(errors[0]?.message ?? "", response.status, errors);
  }
  return body.data;
}

// The session calls of spec section 7 (signInAsGuest, signIn, signUp, signOut, currentUser).
// They go straight over HTTP (lib/api.ts) rather than through the urql client, because the
// client's auth exchange itself needs a guest token before it can send anything.
import { GraphQLRequestError, postGraphQL } from "../../lib/api.ts";
import type { CurrentUser } from "../../lib/session.ts";
import type { AuthApi } from "../../lib/session-calls.ts";
import signInAsGuestQuery from "./SignInAsGuest.graphql?raw";
import signInQuery from "./SignIn.graphql?raw";
import signUpQuery from "./SignUp.graphql?raw";
import signOutQuery from "./SignOut.graphql?raw";
import currentUserQuery from "./CurrentUser.graphql?raw";

type TokenPayload = { jwtToken: string | null } | null;

function tokenOf(payload: TokenPayload): string {
  if (!payload?.jwtToken) throw new GraphQLRequestError("", 200, []);
  return payload.jwtToken;
}

export function createAuthApi(url: string, fetchImpl?: typeof fetch): AuthApi {
  const post = <T>(query: string, variables: Record<string, unknown>, token?: string | null) =>
    postGraphQL<T>(url, query, variables, { token, fetch: fetchImpl });
  return {
    async signInAsGuest(domainName) {
      const data = await post<{ signInAsGuest: TokenPayload }>(signInAsGuestQuery, { domainName });
      return tokenOf(data.signInAsGuest);
    },
    async signIn(username, password, domainName) {
      const data = await post<{ signIn: TokenPayload }>(signInQuery, { username, password, domainName });
      return tokenOf(data.signIn);
    },
    async signUp(input) {
      const data = await post<{ signUp: TokenPayload }>(signUpQuery, { ...input });
      return tokenOf(data.signUp);
    },
    async signOut(token) {
      await post<{ signOut: { success: boolean | null } | null }>(signOutQuery, {}, token);
    },
    async currentUser(token) {
      const data = await post<{ currentUser: CurrentUser | null }>(currentUserQuery, {}, token);
      return data.currentUser ?? null;
    },
  };
}

/** The text to show for a failed call: the server's first message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof GraphQLRequestError) return error.message || fallback;
  if (error instanceof TypeError) return "Could not reach the server. Please check your connection and try again.";
  return fallback;
}

// The session calls of spec section 7 (signInAsGuest, signIn, signUp, signOut, currentUser).
// They go straight over HTTP (lib/api.ts) rather than through the urql client, because the
// client's auth exchange itself needs a guest token before it can send anything.
import type { TypedDocumentNode } from "urql";
import { GraphQLRequestError, postGraphQL } from "../../lib/api.ts";
import { OFFLINE_MESSAGE } from "../../lib/errors.ts";
import type { AuthApi } from "../../lib/session-calls.ts";
import { SignInAsGuestDocument as signInAsGuestQuery } from "./SignInAsGuest.generated.ts";
import { SignInDocument as signInQuery } from "./SignIn.generated.ts";
import { SignUpDocument as signUpQuery } from "./SignUp.generated.ts";
import { SignOutDocument as signOutQuery } from "./SignOut.generated.ts";
import { CurrentUserDocument as currentUserQuery } from "./CurrentUser.generated.ts";

type TokenPayload = { jwtToken: string | null } | null;

function tokenOf(payload: TokenPayload): string {
  if (!payload?.jwtToken) throw new GraphQLRequestError("", 200, []);
  return payload.jwtToken;
}

export function createAuthApi(url: string, fetchImpl?: typeof fetch): AuthApi {
  const post = <T, V extends Record<string, unknown>>(document: TypedDocumentNode<T, V>, variables: V, token?: string | null) =>
    postGraphQL(url, document, variables, { token, fetch: fetchImpl });
  return {
    async signInAsGuest(domainName) {
      const data = await post(signInAsGuestQuery, { domainName });
      return tokenOf(data.signInAsGuest);
    },
    async signIn(username, password, domainName) {
      const data = await post(signInQuery, { username, password, domainName });
      return tokenOf(data.signIn);
    },
    async signUp(input) {
      const data = await post(signUpQuery, { ...input });
      return tokenOf(data.signUp);
    },
    async signOut(token) {
      await post(signOutQuery, {}, token);
    },
    async currentUser(token) {
      const data = await post(currentUserQuery, {}, token);
      return data.currentUser ?? null;
    },
  };
}

/**
 * What a failed call says: the server's first message as it wrote it (British English, so a form
 * can tell which field it is about), else the fallback. Shown through translateServerMessage.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof GraphQLRequestError) return error.message || fallback;
  if (error instanceof TypeError) return OFFLINE_MESSAGE;
  return fallback;
}

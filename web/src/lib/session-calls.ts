// The session calls of spec section 7 as the session needs them (lib/session-context.tsx): an
// interface here, so the session depends on no feature; features/auth/auth-api.ts makes the calls
// over HTTP, and tests hand in fakes.
import type { CurrentUser } from "./session.ts";

export interface SignUpInput {
  name: string;
  username: string;
  email: string;
  password: string;
  domainName: string;
}

export interface AuthApi {
  /** A guest token for this domain. */
  signInAsGuest(domainName: string): Promise<string>;
  /** A user token; rejects with the server's message ('You entered incorrect details'). */
  signIn(username: string, password: string, domainName: string): Promise<string>;
  /** A token for the new user; rejects with 'Username already exists', 'Email already exists', ... */
  signUp(input: SignUpInput): Promise<string>;
  /** Revokes the server session of this token. */
  signOut(token: string): Promise<void>;
  /** The signed-in user's profile, null for a guest. */
  currentUser(token: string): Promise<CurrentUser | null>;
}

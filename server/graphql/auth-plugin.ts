// signInAsGuest, signIn, signUp, signOut and resetPassword. The SQL in app_hidden decides
// (validation, lockout, sessions); this plugin turns the session it returns into a signed token.
// Failed sign-ins and resets are recorded by SQL that reports the failure instead of raising, so
// the record commits before we answer with the error.
import { extendSchema, gql } from "postgraphile/utils";
import { context, lambda, list, SafeError } from "postgraphile/grafast";
import { withPgClientTransaction, type PgClient } from "postgraphile/@dataplan/pg";
import { mintGuestToken, mintToken, type TokenSettings, type SessionRole } from "../auth/tokens.ts";
import type { MutationInput } from "./mutation-input.ts";

interface SessionGrant {
  session_id: string | null;
  user_id: string | null;
  role: SessionRole | null;
  expires_at: string | null;
}

const INCORRECT = "You entered incorrect details";
const RESET_INVALID = "This reset link is invalid or has expired";

async function grantToToken(settings: TokenSettings, grant: SessionGrant | undefined, domainName: string | null) {
  if (!grant?.session_id || !grant.user_id || !grant.role || !grant.expires_at) return null;
  return mintToken(
    settings,
    { user_id: grant.user_id, role: grant.role, domain_name: domainName, sid: grant.session_id },
    new Date(grant.expires_at),
  );
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

export function makeAuthPlugin(settings: TokenSettings) {
  return extendSchema((build) => {
    const executor = build.input.pgRegistry.pgExecutors.main;
    const run = <T>(client: PgClient, sql: string, values: unknown[]) =>
      client.query<T & object>({ text: sql, values }).then((r) => r.rows[0] as T | undefined);

    return {
      typeDefs: gql`
        input SignInAsGuestInput { clientMutationId: String, domainName: String }
        type SignInAsGuestPayload { clientMutationId: String, jwtToken: String }
        input SignInInput { clientMutationId: String, username: String!, password: String!, domainName: String }
        type SignInPayload { clientMutationId: String, jwtToken: String }
        input SignUpInput {
          clientMutationId: String
          name: String!
          username: String!
          email: String!
          password: String!
          domainName: String
        }
        type SignUpPayload { clientMutationId: String, jwtToken: String }
        input ResetPasswordInput { clientMutationId: String, userId: UUID!, resetToken: String!, newPassword: String! }
        type ResetPasswordPayload { clientMutationId: String, boolean: Boolean }
        input SignOutInput { clientMutationId: String }
        type SignOutPayload { clientMutationId: String, success: Boolean! }
        extend type Mutation {
          "A guest session (role bk_anonymous) for the branding variant's domain."
          signInAsGuest(input: SignInAsGuestInput!): SignInAsGuestPayload
          "Signs in with a username (or a verified e-mail address) and passphrase."
          signIn(input: SignInInput!): SignInPayload
          "Registers a user, queues the verification e-mail and signs them in."
          signUp(input: SignUpInput!): SignUpPayload
          "Ends the current session; its token stops working for the database."
          signOut(input: SignOutInput!): SignOutPayload
          "Sets a new passphrase with the token from the reset (or new-account) e-mail."
          resetPassword(input: ResetPasswordInput!): ResetPasswordPayload
        }
      `,
      objects: {
        Mutation: {
          plans: {
            signInAsGuest(_, fieldArgs) {
              const $input = fieldArgs.getRaw("input");
              return lambda($input, async (input: MutationInput | null) => ({
                clientMutationId: input?.clientMutationId ?? null,
                jwtToken: await mintGuestToken(settings, text(input?.domainName)),
              }));
            },
            signIn(_, fieldArgs) {
              const $input = fieldArgs.getRaw("input");
              const $grant = withPgClientTransaction(executor, $input, (client, input: MutationInput) =>
                run<SessionGrant>(client, "select * from app_hidden.sign_in($1, $2, $3)", [
                  text(input.username),
                  text(input.password),
                  text(input.domainName),
                ]),
              );
              return lambda([$input, $grant], async ([input, grant]: readonly [MutationInput, SessionGrant | undefined]) => {
                const jwtToken = await grantToToken(settings, grant, text(input.domainName));
                if (!jwtToken) throw new SafeError(INCORRECT, { code: "LOGIN" });
                return { clientMutationId: input.clientMutationId ?? null, jwtToken };
              });
            },
            signUp(_, fieldArgs) {
              const $input = fieldArgs.getRaw("input");
              const $grant = withPgClientTransaction(executor, $input, (client, input: MutationInput) =>
                run<SessionGrant>(client, "select * from app_hidden.sign_up($1, $2, $3, $4, $5)", [
                  text(input.name),
                  text(input.username),
                  text(input.email),
                  text(input.password),
                  text(input.domainName),
                ]),
              );
              return lambda([$input, $grant], async ([input, grant]: readonly [MutationInput, SessionGrant | undefined]) => {
                const jwtToken = await grantToToken(settings, grant, text(input.domainName));
                if (!jwtToken) throw new SafeError("Registration failed. Please try again.");
                return { clientMutationId: input.clientMutationId ?? null, jwtToken };
              });
            },
            resetPassword(_, fieldArgs) {
              const $input = fieldArgs.getRaw("input");
              // Failed resets count per user and caller's address, so guessing from one address
              // cannot lock the owner out elsewhere (db/migrations/*_account_hardening.sql).
              const $args = list([$input, context().get("ip")]);
              const $status = withPgClientTransaction(
                executor,
                $args,
                (client, [input, ip]: readonly [MutationInput, string | undefined]) =>
                  run<{ status: string }>(client, "select app_hidden.reset_password($1, $2, $3, $4) as status", [
                    text(input.userId),
                    text(input.resetToken),
                    text(input.newPassword),
                    text(ip),
                  ]),
              );
              return lambda([$input, $status], ([input, result]: readonly [MutationInput, { status: string } | undefined]) => {
                if (result?.status !== "ok") throw new SafeError(RESET_INVALID, { code: "NTFND" });
                return { clientMutationId: input.clientMutationId ?? null, boolean: true };
              });
            },
            signOut(_, fieldArgs) {
              const $input = fieldArgs.getRaw("input");
              const $done = withPgClientTransaction(executor, $input, (client) =>
                run<{ sign_out: boolean | null }>(client, "select app_hidden.sign_out() as sign_out", []),
              );
              return lambda(
                [$input, $done],
                ([input, done]: readonly [MutationInput | null, { sign_out: boolean | null } | undefined]) => ({
                  clientMutationId: input?.clientMutationId ?? null,
                  success: done?.sign_out === true,
                }),
              );
            },
          },
        },
      },
    };
  }, "AuthPlugin");
}

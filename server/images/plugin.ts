// newFiles(sessionId, type, id): after a form with hasImage set has been saved, attaches the
// newest image uploaded for that form (POST /uploads) to what it saved. The database decides who
// may (app_hidden.can_set_image) and records it (app_hidden.set_has_image), under the request's
// role, in the same transaction that stores the picture under its own keys (server/storage). The
// sizes were made when they were uploaded, so the transaction waits on SQL and the store's reads
// and writes only, never on sharp.
import { extendSchema, gql } from "postgraphile/utils";
import { lambda, SafeError } from "postgraphile/grafast";
import { withPgClientTransaction, type PgClient } from "postgraphile/@dataplan/pg";
import { canonicalUuid, imageUrl, isImageType, VARIANT_NAMES, type ImageType } from "./layout.ts";
import { newestPending, PendingGoneError, removePendingSession, stageVariants, type StagedVariants } from "./variants.ts";
import { forgetShown } from "./visibility.ts";
import type { PictureStore } from "../storage/index.ts";
import type { MutationInput } from "../graphql/mutation-input.ts";

export const NOT_FOUND_OR_DENIED = "Not found, or you are not allowed to change it";
export const NO_PENDING_UPLOAD = "No uploaded image found for this form";

interface Moved {
  type: ImageType;
  id: string;
  urls: string[];
}

export function makeImagesPlugin(options: { store: PictureStore }) {
  const { store } = options;
  return extendSchema((build) => {
    const executor = build.input.pgRegistry.pgExecutors.main;
    const one = <T>(client: PgClient, text: string, values: unknown[]) =>
      client.query<T & object>({ text, values }).then((r) => r.rows[0] as T | undefined);

    async function attach(client: PgClient, input: MutationInput | null): Promise<Moved> {
      const type = input?.type;
      if (!isImageType(type)) throw new SafeError("Unknown image type", { code: "INVLD" });
      const id = canonicalUuid(input?.id);
      if (!id) throw new SafeError(NOT_FOUND_OR_DENIED, { code: "NTFND" });
      const sessionId = canonicalUuid(input?.sessionId);
      if (!sessionId) throw new SafeError("sessionId must be a UUID made by the form", { code: "INVLD" });

      const me = await one<{ id: string | null }>(client, "select app_public.current_user_id() as id", []);
      const userId = canonicalUuid(me?.id);
      if (!userId) throw new SafeError("You must be signed in", { code: "LOGIN" });
      const allowed = await one<{ allowed: boolean | null }>(client, "select app_hidden.can_set_image($1, $2) as allowed", [type, id]);
      if (allowed?.allowed !== true) throw new SafeError(NOT_FOUND_OR_DENIED, { code: "NTFND" });

      // Pending uploads are kept per uploader, so only this user's own uploads can be used.
      const source = await newestPending(store, userId, sessionId);
      if (!source) throw new SafeError(NO_PENDING_UPLOAD, { code: "NTFND" });
      // The sizes were made by the upload request (no decoding here: this transaction holds a
      // pool connection); only the store's reads and writes happen now.
      let staged: StagedVariants;
      try {
        staged = await stageVariants(store, source, type, id);
      } catch (e) {
        if (e instanceof PendingGoneError) throw new SafeError(NO_PENDING_UPLOAD, { code: "NTFND" });
        throw e;
      }
      // Recorded first: if storing fails, the transaction (and so has_image) is rolled back.
      await one(client, "select app_hidden.set_has_image($1, $2, true)", [type, id]);
      await staged.commit();
      await removePendingSession(store, userId, sessionId).catch(() => {});
      // The same link must show the new picture to the person who just chose it, past their
      // browser's cache of the old one (max-age is a day): a version in the query does that.
      const version = Date.now().toString(36);
      return { type, id, urls: VARIANT_NAMES.map((v) => `${imageUrl(type, id, v)}?v=${version}`) };
    }

    return {
      typeDefs: gql`
        input NewFilesInput {
          clientMutationId: String
          "The id the form generated and sent with its uploads (POST /uploads)."
          sessionId: String!
          "What the picture is of: user, thing, group, device or action."
          type: String!
          "The id of that user, thing, group, device or action."
          id: UUID!
        }
        type NewFilesPayload {
          clientMutationId: String
          "Root-relative URLs of the stored sizes (thumb, medium, large), to resolve against the API's origin."
          movedFiles: [String!]!
        }
        extend type Mutation {
          "Attaches the newest image uploaded for a form to the saved user, thing, group, device or action and sets its hasImage."
          newFiles(input: NewFilesInput!): NewFilesPayload
        }
      `,
      objects: {
        Mutation: {
          plans: {
            newFiles(_, fieldArgs) {
              const $input = fieldArgs.getRaw("input");
              const $moved = withPgClientTransaction(executor, $input, (client, input: MutationInput | null) => attach(client, input));
              return lambda([$input, $moved], ([input, moved]: readonly [MutationInput | null, Moved]) => {
                // Committed: this server serves the new picture at once.
                forgetShown(moved.type, moved.id);
                return { clientMutationId: input?.clientMutationId ?? null, movedFiles: moved.urls };
              });
            },
          },
        },
      },
    };
  }, "ImagesPlugin");
}

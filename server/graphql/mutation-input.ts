/**
 * A mutation's `input` argument as a plan's lambda receives it (fieldArgs.getRaw("input")):
 * GraphQL has checked it against the input type, but Grafast types it as any, so each field is
 * read as unknown and checked again where it is used (text(), canonicalUuid()).
 */
export interface MutationInput {
  readonly clientMutationId?: string | null;
  readonly [field: string]: unknown;
}

// `condition: { search: "..." }` on the lists' connections (issue #12): the lists page through the
// server, so their search must run there too, or it would miss every row not loaded yet. The rule
// and the text each kind of row is found by live in SQL (db/migrations/20261122000700_list_search.sql:
// app_hidden.matches_search and one app_hidden.search_text per table); this plugin only offers it
// on the condition input of those tables, wherever PostGraphile gives a connection of them
// (allThings, groupById.thingsByGroupId, allUsers, peopleInGroups, ...).
import { SafeError } from "postgraphile/grafast";
import type { PgConditionCapableParent } from "postgraphile/@dataplan/pg";

/** Tables that have an app_hidden.search_text(row) function. */
export const SEARCHABLE_TABLES: ReadonlySet<string> = new Set([
  "groups",
  "things",
  "devices",
  "actions",
  "tasks",
  "users",
  "group_memberships",
]);

/** Longest search text accepted (the search box has the same limit). */
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_TOO_LONG = `Search text must be at most ${SEARCH_MAX_LENGTH} characters`;

export const SearchConditionPlugin: GraphileConfig.Plugin = {
  name: "SearchConditionPlugin",
  description: "Adds a word search to the condition of searchable tables",
  version: "1.0.0",
  after: ["PgConditionArgumentPlugin", "PgConditionCustomFieldsPlugin"],
  schema: {
    hooks: {
      GraphQLInputObjectType_fields(fields, build, context) {
        const { sql } = build;
        const { isPgCondition, pgCodec } = context.scope;
        if (!isPgCondition || !pgCodec?.attributes || pgCodec.isAnonymous) return fields;
        const table = (pgCodec.extensions as { pg?: { schemaName?: string; name?: string } } | undefined)?.pg;
        if (table?.schemaName !== "app_public" || !table.name || !SEARCHABLE_TABLES.has(table.name)) return fields;
        return build.extend(
          fields,
          {
            search: context.fieldWithHooks(
              { fieldName: "search", isPgConnectionConditionInputField: true },
              {
                description: build.wrapDescription(
                  "Only rows whose text contains every word of this (case and accents ignored); empty matches all.",
                  "field",
                ),
                type: build.graphql.GraphQLString,
                apply($condition: PgConditionCapableParent, value: unknown) {
                  if (value == null) return;
                  const text = String(value);
                  if (Array.from(text).length > SEARCH_MAX_LENGTH) throw new SafeError(SEARCH_TOO_LONG, { code: "INVLD" });
                  if (text.trim() === "") return;
                  $condition.where(sql`app_hidden.matches_search(app_hidden.search_text(${$condition.alias}), ${sql.value(text)})`);
                },
              },
            ),
          },
          `Adding the search condition to ${pgCodec.name}`,
        );
      },
    },
  },
};

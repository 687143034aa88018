// How big a GraphQL operation is: its depth, the rows it could return (a cost estimate), its
// fields and aliases. Pure functions over the schema and the document, used twice
// (query-limits-plugin.ts): as a validation rule, before anything runs, and again once the
// variables are known, because `first: $n` can only be costed with the value of $n.
//
// The cost is an estimate of the rows (objects) an answer could hold: every field that returns
// objects adds the number of objects it may return, multiplied by the number of parents it is
// asked for. A connection's size is its `first`/`last` (or, without one, `defaultListSize`: the
// API itself puts no ceiling on an unbounded connection, so we assume a typical page), and the
// connection's `nodes`/`edges` lists take that size; other lists of objects count as
// `defaultListSize`. So `allThings(first: 100) { nodes { actions(first: 50) { nodes { id } } } }`
// costs 1 + 100 + 100 + 100 × 50 = 5,201. Scalars cost nothing (the field cap bounds them).
// Introspection (`__schema`, `__type`) is left out of every measure: it is switched on or off as
// a whole (INTROSPECTION), and GraphiQL's own introspection query is deeper than any real one.
import { SETTINGS } from "../../domain/config/settings.ts";
import {
  GraphQLError,
  Kind,
  getNamedType,
  isCompositeType,
  isListType,
  isNonNullType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ASTVisitor,
  type ValueNode,
  isObjectType,
  isInterfaceType,
} from "postgraphile/graphql";

export interface QueryLimits {
  /** Deepest allowed chain of nested fields (`{ a { b } }` is 2). */
  maxDepth: number;
  /** Most rows (objects) one operation may ask for, by the estimate above. */
  maxCost: number;
  /** Most fields in one operation, fragments counted each time they are used. */
  maxFields: number;
  /** Most aliased fields in one operation (aliases multiply a field at no extra depth). */
  maxAliases: number;
  /** Size assumed for a connection or list without `first`/`last`. */
  defaultListSize: number;
}

/**
 * The SPA's own operations (the .graphql files under web/src) reach depth 8, about 53,000 rows
 * (the tasks list with its page of 500), 81 fields and 8 aliases (recently visited things); the
 * defaults leave room above that, and server/test/hardening.test.ts keeps every SPA operation
 * within them.
 */
export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  maxDepth: SETTINGS.QUERY_MAX_DEPTH.default,
  maxCost: SETTINGS.QUERY_MAX_COST.default,
  maxFields: SETTINGS.QUERY_MAX_FIELDS.default,
  maxAliases: SETTINGS.QUERY_MAX_ALIASES.default,
  defaultListSize: SETTINGS.QUERY_DEFAULT_LIST_SIZE.default,
};

/** docs/error-codes.md */
export const QUERY_TOO_BIG = "TOOBG";

export interface OperationSize {
  depth: number;
  cost: number;
  fields: number;
  aliases: number;
}

/**
 * How a limit written as a variable counts. At validation the value is unknown: the variable's
 * default counts, else 1 (so validation refuses only what is too big whatever the value; the
 * real value is checked before execution). At execution the value sent counts; a variable left
 * out counts as its default, and null as no limit at all.
 */
export type VariableValues = Record<string, unknown> | "unknown";

const LIMIT_ARGUMENTS = new Set(["first", "last"]);
const INTROSPECTION_FIELDS = new Set(["__schema", "__type"]);

class TooManySelections extends Error {}

function intValue(node: ValueNode, operation: OperationDefinitionNode, variables: VariableValues): number | null | undefined {
  if (node.kind === Kind.INT) return Number(node.value);
  if (node.kind === Kind.NULL) return null;
  if (node.kind !== Kind.VARIABLE) return undefined;
  const name = node.name.value;
  const definition = operation.variableDefinitions?.find((d) => d.variable.name.value === name);
  const fallback = definition?.defaultValue?.kind === Kind.INT ? Number(definition.defaultValue.value) : undefined;
  if (variables === "unknown") return fallback ?? 1;
  const given = variables[name];
  if (given === undefined) return fallback ?? null;
  if (given === null) return null;
  return typeof given === "number" && Number.isFinite(given) ? given : undefined;
}

/** The field's `first`/`last`, whichever is larger; null when neither limits it. */
function limitOf(field: FieldNode, operation: OperationDefinitionNode, variables: VariableValues): number | null {
  let limit: number | null = null;
  for (const argument of field.arguments ?? []) {
    if (!LIMIT_ARGUMENTS.has(argument.name.value)) continue;
    const value = intValue(argument.value, operation, variables);
    // A negative or non-integer limit is refused by the API itself; cost it as no limit.
    if (typeof value === "number" && value >= 0) limit = Math.max(limit ?? 0, value);
  }
  return limit;
}

function fieldDefinition(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name];
  return undefined; // unions have no fields of their own but __typename
}

/**
 * Measures one operation. Stops early (reporting too many fields) once it has visited about
 * twice as many selections as the field cap allows, so a fragment that spreads another fragment
 * twice, thirty levels deep, costs this walk no more than the cap, not 2^30 steps.
 */
export function measureOperation(
  schema: GraphQLSchema,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  operation: OperationDefinitionNode,
  variables: VariableValues,
  limits: QueryLimits,
): OperationSize {
  const root =
    operation.operation === "query"
      ? schema.getQueryType()
      : operation.operation === "mutation"
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  const size: OperationSize = { depth: 0, cost: 0, fields: 0, aliases: 0 };
  if (!root) return size;
  let visited = 0;
  const budget = limits.maxFields * 2 + 100;

  const walk = (
    selectionSet: SelectionSetNode,
    parent: GraphQLCompositeType,
    depth: number,
    multiplier: number,
    connectionSize: number | null,
    fragmentPath: ReadonlySet<string>,
  ) => {
    for (const selection of selectionSet.selections) {
      if (++visited > budget) throw new TooManySelections();
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const typeName = selection.typeCondition?.name.value;
        const type = typeName ? schema.getType(typeName) : parent;
        if (type && isCompositeType(type)) walk(selection.selectionSet, type, depth, multiplier, connectionSize, fragmentPath);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || fragmentPath.has(name)) continue; // unknown or cyclic: other rules report it
        const type = schema.getType(fragment.typeCondition.name.value);
        if (type && isCompositeType(type)) {
          walk(fragment.selectionSet, type, depth, multiplier, connectionSize, new Set(fragmentPath).add(name));
        }
        continue;
      }
      const name = selection.name.value;
      if (INTROSPECTION_FIELDS.has(name)) continue;
      size.fields += 1;
      if (selection.alias) size.aliases += 1;
      size.depth = Math.max(size.depth, depth + 1);
      const definition = fieldDefinition(parent, name);
      if (!definition || !selection.selectionSet) continue;
      const named = getNamedType(definition.type);
      if (!isCompositeType(named)) continue;
      const type = isNonNullType(definition.type) ? definition.type.ofType : definition.type;
      const ownLimit = limitOf(selection, operation, variables);
      let count = 1;
      let childConnectionSize: number | null = null;
      if (isListType(type)) count = ownLimit ?? connectionSize ?? limits.defaultListSize;
      else if (definition.args.some((a) => LIMIT_ARGUMENTS.has(a.name))) childConnectionSize = ownLimit ?? limits.defaultListSize;
      const rows = multiplier * count;
      // Kept finite: past the cap the exact figure no longer matters.
      size.cost = Math.min(size.cost + rows, Number.MAX_SAFE_INTEGER);
      walk(selection.selectionSet, named, depth + 1, Math.min(rows, Number.MAX_SAFE_INTEGER), childConnectionSize, fragmentPath);
    }
  };

  try {
    walk(operation.selectionSet, root, 0, 1, null, new Set());
  } catch (e) {
    if (!(e instanceof TooManySelections)) throw e;
    size.fields = Math.max(size.fields, limits.maxFields + 1);
  }
  return size;
}

/** The messages a person (or a developer) sees; each says which limit and by how much. */
export function limitErrors(size: OperationSize, limits: QueryLimits, nodes?: OperationDefinitionNode): GraphQLError[] {
  const problems: string[] = [];
  if (size.depth > limits.maxDepth) {
    problems.push(`Query is too deep: ${size.depth} levels of nested fields, at most ${limits.maxDepth} are allowed`);
  }
  if (size.fields > limits.maxFields) {
    problems.push(`Query has too many fields: more than ${limits.maxFields} are not allowed`);
  }
  if (size.aliases > limits.maxAliases) {
    problems.push(`Query uses too many aliases: ${size.aliases}, at most ${limits.maxAliases} are allowed`);
  }
  if (size.cost > limits.maxCost) {
    problems.push(
      `Query is too costly: it could return about ${size.cost.toLocaleString("en-US")} rows, at most ${limits.maxCost.toLocaleString("en-US")} are allowed; ask for fewer with first or last, or split it`,
    );
  }
  return problems.map((message) => new GraphQLError(message, { nodes, extensions: { code: QUERY_TOO_BIG } }));
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const map = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) map.set(d.name.value, d);
  return map;
}

/** A GraphQL validation rule refusing operations over the limits (variables not yet known). */
export function makeQueryLimitsRule(limits: QueryLimits) {
  // biome-ignore lint/correctness/noComponentHookFactories: a graphql-js validation rule (named as graphql-js names its rules), not a React component
  return function QueryLimitsRule(context: ValidationContext): ASTVisitor {
    let fragments: Map<string, FragmentDefinitionNode> | null = null;
    return {
      OperationDefinition(operation) {
        fragments ??= fragmentsOf(context.getDocument());
        const size = measureOperation(context.getSchema(), fragments, operation, "unknown", limits);
        for (const error of limitErrors(size, limits, operation)) context.reportError(error);
        return false; // nothing below needs visiting by this rule
      },
    };
  };
}

/** The same check once the variables are known: the operation that will actually run. */
export function checkOperationWithVariables(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  limits: QueryLimits,
): GraphQLError[] {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) return []; // execution reports the missing or ambiguous operation itself
  const size = measureOperation(schema, fragmentsOf(document), operation, variables ?? {}, limits);
  return limitErrors(size, limits, operation);
}

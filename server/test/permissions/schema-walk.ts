// Reading the API's own schema (introspection) to generate the leak checks: which types are
// entities, which fields lead from one to others, which root fields look a row up by id or
// nodeId, and which root connections can be narrowed to one parent.
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from "postgraphile/graphql";
import type { World } from "./world.ts";

export async function fetchSchema(w: World): Promise<GraphQLSchema> {
  const r = await w.call("admin", getIntrospectionQuery());
  if (r.errors) throw new Error(`introspection failed: ${JSON.stringify(r.errors)}`);
  return buildClientSchema(r.data);
}

const requiredArgs = (f: GraphQLField<any, any>) => f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined);

/** A connection type's node type, or undefined when the type is not a connection. */
export function connectionNode(type: unknown): GraphQLObjectType | undefined {
  if (!isObjectType(type)) return undefined;
  const fields = type.getFields();
  if (!fields.nodes || !fields.totalCount) return undefined;
  const node = getNamedType(fields.nodes.type);
  return isObjectType(node) ? node : undefined;
}

const isEntity = (type: unknown): type is GraphQLObjectType => isObjectType(type) && "id" in type.getFields() && type.name !== "Query";

/**
 * A selection of `type` that names every entity it holds: `__typename` and `id` of the object,
 * and, `depth` levels down, every relation (object fields and connections with all their
 * nodes and totalCount) that needs no argument and that `keep` keeps.
 */
export function selection(type: GraphQLObjectType, depth: number, keep: (field: string) => boolean = () => true): string {
  const parts = ["__typename"];
  const fields = type.getFields();
  if (fields.id) parts.push("id");
  if (depth > 0) {
    for (const f of Object.values(fields)) {
      if (requiredArgs(f) || !keep(f.name)) continue;
      const named = getNamedType(f.type);
      const node = connectionNode(named);
      if (node) parts.push(`${f.name} { totalCount nodes { ${selection(node, depth - 1)} } }`);
      else if (isEntity(named)) parts.push(`${f.name} { ${selection(named, depth - 1)} }`);
    }
  }
  return parts.join(" ");
}

/** The relations `selection` walks from a type. */
export function relations(type: GraphQLObjectType): string[] {
  return Object.values(type.getFields())
    .filter((f) => !requiredArgs(f) && (connectionNode(getNamedType(f.type)) || isEntity(getNamedType(f.type))))
    .map((f) => f.name);
}

/** Every entity in an answer, as "Type:id". */
export function entitiesIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) entitiesIn(v, out);
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.__typename === "string" && o.id != null) out.add(`${o.__typename}:${o.id}`);
    for (const v of Object.values(o)) entitiesIn(v, out);
  }
  return out;
}

/** Connections in an answer whose totalCount differs from the nodes they hold (a count of hidden rows). */
export function countMismatches(value: unknown, path = "", out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) countMismatches(v, `${path}[${i}]`, out);
  } else if (value && typeof value === "object") {
    const o = value as Record<string, any>;
    if (typeof o.totalCount === "number" && Array.isArray(o.nodes) && o.totalCount !== o.nodes.length) {
      out.push(`${path}: totalCount ${o.totalCount}, nodes ${o.nodes.length}`);
    }
    for (const [k, v] of Object.entries(o)) countMismatches(v, `${path}.${k}`, out);
  }
  return out;
}

/** Root fields that look one row of `typeName` up: by nodeId, by id, or by another unique key. */
export function lookups(schema: GraphQLSchema, typeName: string): { field: string; arg: string }[] {
  return Object.values(schema.getQueryType()!.getFields())
    .filter((f) => getNamedType(f.type).name === typeName && f.args.length === 1 && isNonNullType(f.args[0].type))
    .filter((f) => ["nodeId", "id"].includes(f.args[0].name))
    .map((f) => ({ field: f.name, arg: f.args[0].name }));
}

/**
 * Root connections and the UUID arguments or condition fields that narrow them to one parent
 * (thingId, userId, ...): each with the entity type such an id names, found from the name.
 */
export function narrowableConnections(
  schema: GraphQLSchema,
): { field: string; via: "condition" | "argument"; key: string; names: string }[] {
  const out: { field: string; via: "condition" | "argument"; key: string; names: string }[] = [];
  for (const f of Object.values(schema.getQueryType()!.getFields())) {
    if (!connectionNode(getNamedType(f.type)) || requiredArgs(f)) continue;
    for (const a of f.args) {
      if (getNamedType(a.type).name === "UUID") out.push({ field: f.name, via: "argument", key: a.name, names: referencedType(a.name) });
      if (a.name === "condition") {
        const input = getNamedType(a.type) as GraphQLInputObjectType;
        for (const cf of Object.values(input.getFields())) {
          if (getNamedType(cf.type).name === "UUID" && cf.name !== "id" && cf.name !== "eventId") {
            out.push({ field: f.name, via: "condition", key: cf.name, names: referencedType(cf.name) });
          }
        }
      }
    }
  }
  return out;
}

/** The entity an id column points at, from its name: thingId → Thing, recipientId → User, ... */
function referencedType(key: string): string {
  const people = ["userId", "recipientId", "assignedTo", "assignedBy", "createdBy", "invitedBy", "targetUserId", "oneThingId"];
  if (key === "oneThingId") return "Thing";
  if (people.includes(key)) return "User";
  if (key === "inReplyTo") return "ChatMessage";
  const stem = key.replace(/Id$/, "");
  return stem[0].toUpperCase() + stem.slice(1);
}

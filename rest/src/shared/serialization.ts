// Answers are written by fast-json-stringify from the routes' response schemas, as Fastify does by default, with one
// difference: a list route that answers either an array (the plain contract) or a page object (asked for with
// page/size and the like) has the two as a union, and for a union fast-json-stringify runs Ajv over the whole answer
// to choose the branch, every product's date-time formats included: 3.5 % of the REST service's CPU on a listing.
// Here each branch gets its own serializer and the answer's shape chooses: an array or not. Likewise a value that
// may be null (TypeBox's union of a type and null: an order line's product, a profile's names) is written with
// fast-json-stringify's own `nullable`, a null check, instead of Ajv run over the value for each of them.
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';

interface SchemaWithBranches {
  anyOf?: { type?: unknown }[];
}

type SchemaNode = Record<string, unknown>;

const isNullType = (node: unknown) => (node as SchemaNode | undefined)?.type === 'null';

/** The schema as serialization needs it: each union of a typed schema and null made that schema, nullable. */
export function nullableForSerialization(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableForSerialization);
  if (node === null || typeof node !== 'object') return node;
  const { anyOf, ...rest } = node as SchemaNode;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullType)) {
    const other = anyOf.find((branch) => !isNullType(branch)) as SchemaNode;
    if (typeof other.type === 'string' && other.anyOf === undefined)
      return { ...(nullableForSerialization(other) as SchemaNode), ...rest, nullable: true };
  }
  const copy: SchemaNode = {};
  for (const [key, value] of Object.entries(node)) copy[key] = nullableForSerialization(value);
  return copy;
}

export const serializerCompiler: FastifySerializerCompiler<Schema> = ({ schema: given }) => {
  const schema = nullableForSerialization(given) as Schema;
  const branches = (schema as SchemaWithBranches).anyOf;
  const asArray = branches?.find((branch) => branch.type === 'array');
  const asObject = branches?.find((branch) => branch.type === 'object');
  if (branches?.length === 2 && asArray && asObject) {
    const writeArray = fastJsonStringify(asArray as Schema);
    const writeObject = fastJsonStringify(asObject as Schema);
    return (data) => (Array.isArray(data) ? writeArray(data) : writeObject(data));
  }
  return fastJsonStringify(schema);
};

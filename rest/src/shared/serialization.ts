// Answers are written by fast-json-stringify from the routes' response schemas, as Fastify does by default, with one
// difference: a list route that answers either an array (the plain contract) or a page object (asked for with
// page/size and the like) has the two as a union, and for a union fast-json-stringify runs Ajv over the whole answer
// to choose the branch, every product's date-time formats included: 3.5 % of the REST service's CPU on a listing.
// Here each branch gets its own serializer and the answer's shape chooses: an array or not.
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';

interface SchemaWithBranches {
  anyOf?: { type?: unknown }[];
}

export const serializerCompiler: FastifySerializerCompiler<Schema> = ({ schema }) => {
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
